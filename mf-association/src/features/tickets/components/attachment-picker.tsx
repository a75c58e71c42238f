import { useId, useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, useUnsavedChangesGuard } from 'shared-kernel';
import { TICKET_MAX_FILE_BYTES, TICKET_MAX_FILES } from 'shared-kernel/contracts';
import { NS } from '../../../i18n.js';
import { formatFileSize } from '../utils/file-size.js';
import styles from './tickets.module.css';

/** Props of {@link AttachmentPicker}. */
export interface AttachmentPickerProps {
  /** The chosen files (the parent keeps them: they travel next to the form's fields). */
  files: File[];
  onChange: (files: File[]) => void;
  disabled?: boolean;
}

function sameFile(a: File, b: File): boolean {
  return a.name === b.name && a.size === b.size && a.lastModified === b.lastModified;
}

/**
 * The attachments of a ticket message: a labelled file input (several at once), the chosen
 * files with a remove button each, and the limits checked before anything is sent (at most
 * TICKET_MAX_FILES files of TICKET_MAX_FILE_BYTES each); refused files are named in an alert.
 * The server checks the same limits and the file types by content.
 */
export function AttachmentPicker({ files, onChange, disabled }: AttachmentPickerProps) {
  const { t, i18n } = useTranslation(NS);
  const inputId = useId();
  const hintId = `${inputId}-hint`;
  const problemsId = `${inputId}-problems`;
  const [problems, setProblems] = useState<string[]>([]);
  // Chosen files are input too: leaving the screen would lose them.
  useUnsavedChangesGuard(files.length > 0);
  const maxSize = formatFileSize(TICKET_MAX_FILE_BYTES, i18n.language);
  const full = files.length >= TICKET_MAX_FILES;

  const onPick = (event: ChangeEvent<HTMLInputElement>) => {
    const picked = Array.from(event.target.files ?? []);
    // Cleared so that picking the same file again (after removing it) fires a change.
    event.target.value = '';
    const next = [...files];
    const refused: string[] = [];
    for (const file of picked) {
      if (next.some((chosen) => sameFile(chosen, file))) continue;
      if (file.size > TICKET_MAX_FILE_BYTES) {
        refused.push(t('tickets.file_too_large', { name: file.name, size: maxSize }));
      } else if (next.length >= TICKET_MAX_FILES) {
        refused.push(t('tickets.too_many_files', { name: file.name, count: TICKET_MAX_FILES }));
      } else {
        next.push(file);
      }
    }
    setProblems(refused);
    onChange(next);
  };

  const remove = (index: number) => {
    setProblems([]);
    onChange(files.filter((_, i) => i !== index));
  };

  return (
    <div className={styles.attachments}>
      <label htmlFor={inputId} className={styles.label}>
        {t('tickets.attachments')}
      </label>
      <input
        id={inputId}
        type="file"
        name="files"
        multiple
        className={styles.fileInput}
        onChange={onPick}
        disabled={disabled || full}
        aria-describedby={problems.length > 0 ? `${hintId} ${problemsId}` : hintId}
      />
      <span id={hintId} className={styles.hint}>
        {t('tickets.attachments_hint', { count: TICKET_MAX_FILES, size: maxSize })}
      </span>
      {problems.length > 0 && (
        <ul id={problemsId} role="alert" className={styles.problems}>
          {problems.map((problem) => <li key={problem}>{problem}</li>)}
        </ul>
      )}
      {files.length > 0 && (
        <ul aria-label={t('tickets.chosen_files')} className={styles.fileList}>
          {files.map((file, index) => (
            <li key={`${file.name}-${file.size}-${file.lastModified}`} className={styles.fileItem}>
              <span>
                {file.name} ({formatFileSize(file.size, i18n.language)})
              </span>
              <Button
                size="small"
                variant="ghost"
                onClick={() => remove(index)}
                disabled={disabled}
                aria-label={t('tickets.remove_file', { name: file.name })}
              >
                {t('tickets.remove')}
              </Button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
