import { useFormikContext } from 'formik';
import { useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorPanel, Spinner, useRequest } from 'shared-kernel';
import { TEMPLATE_SUBJECT_MAX, type TemplateTargetType } from 'shared-kernel/contracts';
import { RichTextField, TextField, type RichTextEditorHandle } from 'shared-kernel/forms';
import { getTemplateBaseData } from '../api/templates.js';
import { NS } from '../i18n.js';
import { PlaceholderHelp } from './placeholder-help.js';
import { TemplatePreviewPanel } from './template-preview-panel.js';
import styles from './templates.module.css';

/** Props of {@link TemplateTextFields}. */
export interface TemplateTextFieldsProps {
  /** Fields above subject and content (name, schools, type of a custom template). */
  children?: ReactNode;
  /** The target type whose placeholders are offered and known (null: all). */
  type: TemplateTargetType | null;
  disabled?: boolean;
}

/**
 * Subject and rich-text content of a template (formik fields `subject`, `content`) with the
 * placeholder help (GET /api-base/core-bd; a button inserts at the cursor) and the live
 * preview beside them. Custom and system templates share it.
 */
export function TemplateTextFields({ children, type, disabled = false }: TemplateTextFieldsProps) {
  const { t } = useTranslation(NS);
  const formik = useFormikContext<{ subject: string; content: string }>();
  const editorRef = useRef<RichTextEditorHandle>(null);
  const base = useRequest((signal) => getTemplateBaseData(signal), []);

  return (
    <div className={styles.layout}>
      <fieldset disabled={disabled} className={styles.plain}>
        {children}
        <TextField name="subject" label={t('templates.field.subject')} required maxLength={TEMPLATE_SUBJECT_MAX} disabled={disabled} />
        <RichTextField ref={editorRef} name="content" label={t('templates.field.content')} required disabled={disabled} />
      </fieldset>
      <div>
        {base.state > 0 && <ErrorPanel code={base.state} onRetry={base.reload} />}
        {base.state === -1 && !base.data && <Spinner showLabel />}
        {base.data && (
          <PlaceholderHelp
            placeholders={base.data.placeholders}
            type={type}
            disabled={disabled}
            onInsert={(name) => editorRef.current?.insertHtml(`##${name}##`)}
          />
        )}
        <TemplatePreviewPanel subject={formik.values.subject} content={formik.values.content} type={type} />
      </div>
    </div>
  );
}
