import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from 'shared-kernel';
import type { PlaceholderInfo, TemplateTargetType } from 'shared-kernel/contracts';
import { NS } from '../i18n.js';
import { localName } from '../utils/local-name.js';
import styles from './templates.module.css';

/** Props of {@link PlaceholderHelp}. */
export interface PlaceholderHelpProps {
  /** The server's catalogue (GET /api-base/core-bd). */
  placeholders: PlaceholderInfo[];
  /** Only the placeholders filled for this target type (null: all). */
  type: TemplateTargetType | null;
  /** Puts `##name##` into the content at the cursor. */
  onInsert: (name: string) => void;
  disabled?: boolean;
}

/** The placeholders a template can use, each with its meaning and a button that inserts it. */
export function PlaceholderHelp({ placeholders, type, onInsert, disabled = false }: PlaceholderHelpProps) {
  const { t, i18n } = useTranslation(NS);
  const titleId = useId();
  const shown = type === null ? placeholders : placeholders.filter((placeholder) => placeholder.types.includes(type));
  return (
    <section className={styles.panel} aria-labelledby={titleId}>
      <h2 id={titleId}>{t('templates.placeholders')}</h2>
      <p className={styles.muted}>{t('templates.placeholders_intro')}</p>
      <ul className={styles.placeholders}>
        {shown.map((placeholder) => {
          const code = `##${placeholder.name}##`;
          return (
            <li key={placeholder.name}>
              <Button
                size="small"
                disabled={disabled}
                aria-label={t('templates.insert', { placeholder: code })}
                // Keep the caret in the editor when the button is clicked with the mouse.
                onMouseDown={(event) => event.preventDefault()}
                onClick={() => onInsert(placeholder.name)}
              >
                <code>{code}</code>
              </Button>
              <span>{localName(placeholder.description, i18n.language)}</span>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
