import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorPanel } from 'shared-kernel';
import type { TemplateTargetType } from 'shared-kernel/contracts';
import { sanitizeRichHtml } from 'shared-kernel/forms';
import { useTemplatePreview } from '../hooks/use-template-preview.js';
import { NS } from '../i18n.js';
import styles from './templates.module.css';

/** Props of {@link TemplatePreviewPanel}. */
export interface TemplatePreviewPanelProps {
  subject: string;
  content: string;
  type: TemplateTargetType | null;
}

/**
 * The live preview: subject and content as the server fills them with sample values, and a
 * warning listing the placeholders it does not know (they would stay as typed in a letter).
 */
export function TemplatePreviewPanel({ subject, content, type }: TemplatePreviewPanelProps) {
  const { t } = useTranslation(NS);
  const titleId = useId();
  const preview = useTemplatePreview(subject, content, type);
  return (
    <section className={styles.panel} aria-labelledby={titleId} aria-busy={preview.state === -1}>
      <h2 id={titleId}>{t('templates.preview')}</h2>
      <p className={styles.muted}>{preview.state === -1 ? t('templates.preview_loading') : t('templates.preview_intro')}</p>
      {preview.state > 0 && <ErrorPanel code={preview.state} />}
      {preview.unknown.length > 0 && (
        <div role="status" className={styles.warning}>
          {t('templates.unknown_title')}
          <ul aria-label={t('templates.unknown_title')}>
            {preview.unknown.map((name) => (
              <li key={name}>
                <code>{`##${name}##`}</code>
              </li>
            ))}
          </ul>
        </div>
      )}
      {preview.data && (
        <>
          <p>
            <strong>{t('templates.preview_subject')}</strong> <span data-testid="template-preview-subject">{preview.data.subject}</span>
          </p>
          {/* The server sanitised it already; sanitised again right before it is rendered. */}
          <div
            className={styles.previewBody}
            data-testid="template-preview-content"
            dangerouslySetInnerHTML={{ __html: sanitizeRichHtml(preview.data.content) }}
          />
        </>
      )}
    </section>
  );
}
