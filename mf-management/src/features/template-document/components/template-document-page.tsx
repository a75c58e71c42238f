import { getIn, useFormikContext } from 'formik';
import { useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { PageHeader, parseRouteId, Button, ErrorPanel, Spinner, useRequest } from 'shared-kernel';
import { templateDocumentFormSchema, type TemplateFilled } from 'shared-kernel/contracts';
import { FormikForm, RichTextEditor, TextField } from 'shared-kernel/forms';
import { getFilledTemplate } from '../api/template-document.js';
import { useDocumentActions } from '../hooks/use-document-actions.js';
import { NS } from '../i18n.js';
import styles from './template-document.module.css';

interface DocumentValues {
  subject: string;
  content: string;
}

/** The content editor bound to the form (label, error). */
function ContentField({ label }: { label: string }) {
  const { t } = useTranslation('common');
  const formik = useFormikContext<DocumentValues>();
  const id = useId();
  const error: unknown = getIn(formik.errors, 'content');
  const shown = (formik.touched.content || formik.submitCount > 0) && typeof error === 'string' ? t(error) : null;
  return (
    <div className={styles.field}>
      <span id={`${id}-label`} className={styles.label}>
        {label}
      </span>
      <RichTextEditor
        labelId={`${id}-label`}
        value={formik.values.content}
        required
        invalid={Boolean(shown)}
        describedBy={shown ? `${id}-error` : undefined}
        onChange={(html) => void formik.setFieldValue('content', html, true)}
        onBlur={() => void formik.setFieldTouched('content', true, false)}
      />
      {shown && (
        <span id={`${id}-error`} className={styles.error}>
          {shown}
        </span>
      )}
    </div>
  );
}

function DocumentForm({ filled }: { filled: TemplateFilled }) {
  const { t } = useTranslation(NS);
  const actions = useDocumentActions();
  const action = useRef<'pdf' | 'mail'>('pdf');
  const reasonId = useId();
  const email = filled.recipient.email.trim();
  return (
    <FormikForm<DocumentValues>
      initialValues={{ subject: filled.subject, content: filled.content }}
      validationSchema={templateDocumentFormSchema}
      guardUnsaved={false}
      ariaLabel={t('template_document.form_label')}
      className={styles.form}
      onSubmit={async (values) => {
        const body = { id: filled.id, oid: filled.oid, type: filled.type, subject: values.subject, content: values.content };
        await (action.current === 'mail' ? actions.mail(body) : actions.pdf(body));
      }}
    >
      <dl className={styles.recipient}>
        <dt>{t('template_document.recipient')}</dt>
        <dd>{[filled.recipient.name, ...filled.recipient.address_lines].join(', ')}</dd>
        <dt>{t('template_document.email')}</dt>
        <dd>{email || t('template_document.no_email')}</dd>
      </dl>
      {filled.unknown.length > 0 && (
        <p role="alert" className={styles.warning}>
          {t('template_document.unknown', { names: filled.unknown.map((name) => (name === '##' ? name : `##${name}##`)).join(', ') })}
        </p>
      )}
      <TextField name="subject" label={t('template_document.subject')} required maxLength={500} />
      <ContentField label={t('template_document.content')} />
      <div className={styles.actions}>
        <Button type="submit" variant="primary" disabled={actions.busy !== null} onClick={() => (action.current = 'pdf')}>
          {t('template_document.pdf')}
        </Button>
        <Button
          type="submit"
          disabled={!email || actions.busy !== null}
          aria-describedby={email ? undefined : reasonId}
          onClick={() => (action.current = 'mail')}
        >
          {t('template_document.send')}
        </Button>
        {!email && (
          <span id={reasonId} className={styles.reason}>
            {t('template_document.send_disabled')}
          </span>
        )}
        {actions.busy && <Spinner />}
      </div>
    </FormikForm>
  );
}

/**
 * /m-template/doc/{templateId}/{entityId}: a template filled for one lead, student or
 * student contract, titled with the template's name; subject and content editable, then the
 * letter as PDF or by e-mail to the entity (disabled with the reason when it has no address).
 */
export function TemplateDocumentPage() {
  const { t } = useTranslation(NS);
  const navigate = useNavigate();
  const params = useParams();
  const templateId = parseRouteId(params.templateId) ?? 0;
  const entityId = parseRouteId(params.entityId) ?? 0;
  const valid = templateId > 0 && entityId > 0;
  const { state, data, reload } = useRequest((signal) => getFilledTemplate(templateId, entityId, signal), [templateId, entityId], { enabled: valid });
  if (!valid) return <ErrorPanel code={3} />;
  return (
    <section className={styles.page}>
      <PageHeader
        title={data?.name ?? t('template_document.form_label')}
        actions={
          <Button onClick={() => void navigate(-1)}>
            {t('template_document.back')}
          </Button>
        }
      />
      {state === -1 && <Spinner showLabel />}
      {state > 0 && <ErrorPanel code={state} onRetry={reload} />}
      {state === 0 && data && <DocumentForm key={`${data.id}-${data.oid}`} filled={data} />}
    </section>
  );
}
