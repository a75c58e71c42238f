import { createElement } from 'react';
import { useTranslation } from 'react-i18next';
import { errorKey } from '../contracts/errors.js';
import { Button } from './button.js';
import styles from './error-panel.module.css';

/** Props of {@link ErrorPanel}. */
export interface ErrorPanelProps {
  /** Error code of the catalogue (1-8, 1000-1006); unknown codes show the text of 1. */
  code: number;
  /** Shows a retry button ('Erneut versuchen') that calls this. */
  onRetry?: () => void;
  /** i18n key of the heading; default 'errors.error'. */
  title?: string;
  /** Heading level, so the panel fits the page outline (default 2). */
  headingLevel?: 2 | 3 | 4;
}

/**
 * A failed load in place of the content: role="alert", a heading, the text of the error code
 * and a retry button.
 * @example {state > 0 && <ErrorPanel code={state} onRetry={reload} />}
 */
export function ErrorPanel({ code, onRetry, title = 'errors.error', headingLevel = 2 }: ErrorPanelProps) {
  const { t } = useTranslation('common');
  return (
    <div role="alert" className={styles.panel}>
      {createElement(`h${headingLevel}`, { className: styles.title }, t(title))}
      <p>{t(errorKey(code))}</p>
      {onRetry && (
        <Button variant="primary" onClick={onRetry}>
          {t('ui.retry')}
        </Button>
      )}
    </div>
  );
}
