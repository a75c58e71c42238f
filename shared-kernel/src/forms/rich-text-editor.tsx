import {
  forwardRef,
  useCallback,
  useEffect,
  useId,
  useImperativeHandle,
  useLayoutEffect,
  useRef,
  useState,
  type ClipboardEvent,
  type KeyboardEvent,
} from 'react';
import { useTranslation } from 'react-i18next';
import { isAllowedLinkUrl, sanitizeRichHtml } from './sanitize-rich-html.js';
import styles from './rich-text-editor.module.css';

/** What the form can do with the editor from outside (e.g. put an uploaded image into the text). */
export interface RichTextEditorHandle {
  /** Inserts (sanitised) HTML at the caret, or at the end when the editor had no caret yet. */
  insertHtml: (html: string) => void;
  focus: () => void;
}

/** Props of {@link RichTextEditor}. */
export interface RichTextEditorProps {
  /** Id of the element naming the editor (its visible label). */
  labelId: string;
  /** HTML of the body; sanitised before it is put into the editor. */
  value: string;
  onChange: (html: string) => void;
  onBlur?: () => void;
  disabled?: boolean;
  invalid?: boolean;
  required?: boolean;
  describedBy?: string;
}

type FormatCommand = 'bold' | 'italic' | 'insertUnorderedList' | 'insertOrderedList' | 'link';

interface ToolbarButton {
  command: FormatCommand;
  labelKey: string;
  symbol: string;
  /** Tags that mean the format is in effect at the caret. */
  tags: string[];
}

const TOOLBAR: ToolbarButton[] = [
  { command: 'bold', labelKey: 'editor.bold', symbol: 'B', tags: ['B', 'STRONG'] },
  { command: 'italic', labelKey: 'editor.italic', symbol: 'I', tags: ['I', 'EM'] },
  { command: 'insertUnorderedList', labelKey: 'editor.bullet_list', symbol: '•', tags: ['UL'] },
  { command: 'insertOrderedList', labelKey: 'editor.ordered_list', symbol: '1.', tags: ['OL'] },
  { command: 'link', labelKey: 'editor.link', symbol: '🔗', tags: ['A'] },
];

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/**
 * Runs a formatting command on the current selection. `execCommand` is deprecated but still
 * the only editing primitive every browser implements for contenteditable (undo included);
 * where it is missing (tests, very old engines) the caller falls back.
 */
function exec(command: string, argument?: string): boolean {
  const doc = document as Document & { execCommand?: Document['execCommand'] };
  if (typeof doc.execCommand !== 'function') return false;
  try {
    return doc.execCommand(command, false, argument);
  } catch {
    return false;
  }
}

/**
 * A small accessible rich-text editor (news bodies, templates, configuration texts): a contenteditable region with role
 * textbox (multi-line, labelled), a toolbar (bold, italic, bulleted and numbered list, link)
 * whose buttons show their state with aria-pressed, arrow-key navigation in the toolbar,
 * Ctrl+B / Ctrl+I / Ctrl+K shortcuts and Alt+F10 to reach the toolbar. Loaded, pasted and
 * inserted HTML is sanitised with the rich-text allow-list first; dropping content is refused.
 */
export const RichTextEditor = forwardRef<RichTextEditorHandle, RichTextEditorProps>(function RichTextEditor(
  { labelId, value, onChange, onBlur, disabled = false, invalid = false, required = false, describedBy },
  ref,
) {
  const { t } = useTranslation('common');
  const editorId = useId();
  const hintId = `${editorId}-hint`;
  const linkInputId = `${editorId}-link`;
  const linkErrorId = `${editorId}-link-error`;
  const editorRef = useRef<HTMLDivElement>(null);
  const toolbarRef = useRef<HTMLDivElement>(null);
  const savedRange = useRef<Range | null>(null);
  const lastValue = useRef<string | null>(null);
  const [active, setActive] = useState<Record<string, boolean>>({});
  const [focusIndex, setFocusIndex] = useState(0);
  const [linkOpen, setLinkOpen] = useState(false);
  const [linkUrl, setLinkUrl] = useState('https://');
  const [linkInvalid, setLinkInvalid] = useState(false);

  // Outside values (the loaded item, a reset) replace the content, sanitised: setting the
  // innerHTML of a live element would run `onerror` and similar handlers.
  useLayoutEffect(() => {
    const editor = editorRef.current;
    if (!editor || value === lastValue.current) return;
    editor.innerHTML = sanitizeRichHtml(value);
    // What the browser made of it: leaving the editor unchanged then reports no change.
    lastValue.current = editor.innerHTML;
  }, [value]);

  const emit = useCallback(() => {
    const editor = editorRef.current;
    if (!editor) return;
    const html = editor.innerHTML;
    if (html === lastValue.current) return;
    lastValue.current = html;
    onChange(html);
  }, [onChange]);

  const selectionInEditor = useCallback((): Range | null => {
    const editor = editorRef.current;
    const selection = document.getSelection();
    if (!editor || !selection || selection.rangeCount === 0) return null;
    const range = selection.getRangeAt(0);
    return editor.contains(range.commonAncestorContainer) ? range : null;
  }, []);

  const updateActive = useCallback(() => {
    const editor = editorRef.current;
    const range = selectionInEditor();
    if (!editor || !range) return;
    savedRange.current = range.cloneRange();
    const found: Record<string, boolean> = {};
    for (let node: Node | null = range.startContainer; node && node !== editor; node = node.parentNode) {
      for (const button of TOOLBAR) if (button.tags.includes(node.nodeName)) found[button.command] = true;
    }
    setActive((previous) => (JSON.stringify(previous) === JSON.stringify(found) ? previous : found));
  }, [selectionInEditor]);

  useEffect(() => {
    document.addEventListener('selectionchange', updateActive);
    return () => document.removeEventListener('selectionchange', updateActive);
  }, [updateActive]);

  /** Focuses the editor with the caret where it was before the toolbar took the focus. */
  const restoreSelection = useCallback(() => {
    const editor = editorRef.current;
    if (!editor) return;
    editor.focus();
    const selection = document.getSelection();
    if (!selection) return;
    selection.removeAllRanges();
    if (savedRange.current && editor.contains(savedRange.current.commonAncestorContainer)) {
      selection.addRange(savedRange.current);
    } else {
      const end = document.createRange();
      end.selectNodeContents(editor);
      end.collapse(false);
      selection.addRange(end);
    }
  }, []);

  const insertHtml = useCallback(
    (html: string) => {
      const editor = editorRef.current;
      if (!editor || disabled) return;
      const clean = sanitizeRichHtml(html);
      restoreSelection();
      if (!exec('insertHTML', clean)) editor.insertAdjacentHTML('beforeend', clean);
      emit();
      updateActive();
    },
    [disabled, emit, restoreSelection, updateActive],
  );

  useImperativeHandle(ref, () => ({ insertHtml, focus: restoreSelection }), [insertHtml, restoreSelection]);

  const openLinkForm = () => {
    setLinkUrl('https://');
    setLinkInvalid(false);
    setLinkOpen(true);
  };

  const runCommand = (command: FormatCommand) => {
    if (disabled) return;
    if (command === 'link') {
      if (active.link) {
        restoreSelection();
        exec('unlink');
        emit();
        updateActive();
      } else {
        openLinkForm();
      }
      return;
    }
    restoreSelection();
    exec(command);
    emit();
    updateActive();
  };

  const insertLink = () => {
    const url = linkUrl.trim();
    if (!isAllowedLinkUrl(url) || /^(https?:\/\/|mailto:)$/i.test(url)) {
      setLinkInvalid(true);
      return;
    }
    setLinkOpen(false);
    restoreSelection();
    const range = selectionInEditor();
    if (range && !range.collapsed) exec('createLink', url);
    else insertHtml(`<a href="${escapeHtml(url)}">${escapeHtml(url)}</a>`);
    emit();
    updateActive();
  };

  const onToolbarKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const last = TOOLBAR.length - 1;
    let next: number | null = null;
    if (event.key === 'ArrowRight') next = focusIndex >= last ? 0 : focusIndex + 1;
    else if (event.key === 'ArrowLeft') next = focusIndex <= 0 ? last : focusIndex - 1;
    else if (event.key === 'Home') next = 0;
    else if (event.key === 'End') next = last;
    else if (event.key === 'Escape') {
      event.preventDefault();
      restoreSelection();
      return;
    }
    if (next === null) return;
    event.preventDefault();
    setFocusIndex(next);
    toolbarRef.current?.querySelectorAll<HTMLButtonElement>('button')[next]?.focus();
  };

  const onEditorKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.altKey && event.key === 'F10') {
      event.preventDefault();
      toolbarRef.current?.querySelectorAll<HTMLButtonElement>('button')[focusIndex]?.focus();
    } else if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 'k') {
      event.preventDefault();
      updateActive();
      runCommand('link');
    }
  };

  const onPaste = (event: ClipboardEvent<HTMLDivElement>) => {
    event.preventDefault();
    const html = event.clipboardData.getData('text/html');
    const text = event.clipboardData.getData('text/plain');
    if (html) insertHtml(html);
    else if (text && !exec('insertText', text)) insertHtml(escapeHtml(text).replace(/\n/g, '<br>'));
    else emit();
  };

  return (
    <div className={`${styles.editor} ${invalid ? styles.invalid : ''}`}>
      <div
        ref={toolbarRef}
        role="toolbar"
        aria-label={t('editor.toolbar')}
        aria-controls={editorId}
        className={styles.toolbar}
        onKeyDown={onToolbarKeyDown}
      >
        {TOOLBAR.map((button, index) => (
          <button
            key={button.command}
            type="button"
            className={styles.toolButton}
            aria-label={t(button.labelKey)}
            title={t(button.labelKey)}
            aria-pressed={Boolean(active[button.command])}
            tabIndex={index === focusIndex ? 0 : -1}
            disabled={disabled}
            // Keep the editor's selection when the button is clicked with the mouse.
            onMouseDown={(event) => event.preventDefault()}
            onFocus={() => setFocusIndex(index)}
            onClick={() => runCommand(button.command)}
          >
            {/* The symbol is drawn by CSS: as text it would have to be part of the accessible
                name ("1." is not in "Nummerierte Liste"), which axe rightly flags. */}
            <span aria-hidden="true" className={`${styles.symbol} ${styles[`symbol_${button.command}`] ?? ''}`} data-symbol={button.symbol} />
          </button>
        ))}
      </div>
      {linkOpen && (
        <div role="group" aria-label={t('editor.link_insert')} className={styles.linkForm}>
          <label htmlFor={linkInputId}>{t('editor.link_url')}</label>
          <input
            id={linkInputId}
            type="url"
            value={linkUrl}
            autoFocus
            aria-invalid={linkInvalid}
            aria-describedby={linkInvalid ? linkErrorId : undefined}
            onChange={(event) => {
              setLinkUrl(event.target.value);
              setLinkInvalid(false);
            }}
            onKeyDown={(event) => {
              // Enter must insert the link, not submit the form around the editor.
              if (event.key === 'Enter') {
                event.preventDefault();
                insertLink();
              } else if (event.key === 'Escape') {
                event.preventDefault();
                setLinkOpen(false);
                restoreSelection();
              }
            }}
          />
          <button type="button" className={styles.toolButton} onClick={insertLink}>
            {t('editor.link_apply')}
          </button>
          <button
            type="button"
            className={styles.toolButton}
            onClick={() => {
              setLinkOpen(false);
              restoreSelection();
            }}
          >
            {t('editor.link_cancel')}
          </button>
          {linkInvalid && (
            <span id={linkErrorId} role="alert" className={styles.linkError}>
              {t('editor.link_invalid')}
            </span>
          )}
        </div>
      )}
      <div
        ref={editorRef}
        id={editorId}
        role="textbox"
        aria-multiline="true"
        aria-labelledby={labelId}
        aria-describedby={[hintId, describedBy].filter(Boolean).join(' ')}
        aria-invalid={invalid}
        aria-required={required || undefined}
        aria-readonly={disabled || undefined}
        aria-disabled={disabled || undefined}
        contentEditable={!disabled}
        tabIndex={0}
        className={styles.content}
        onFocus={() => exec('defaultParagraphSeparator', 'p')}
        onInput={emit}
        onBlur={() => {
          emit();
          onBlur?.();
        }}
        onKeyDown={onEditorKeyDown}
        onKeyUp={updateActive}
        onMouseUp={updateActive}
        onPaste={onPaste}
        onDrop={(event) => event.preventDefault()}
      />
      <span id={hintId} className={styles.hint}>
        {t('editor.keyboard_hint')}
      </span>
    </div>
  );
});
