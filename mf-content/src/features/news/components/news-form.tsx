import { yupToFormErrors, type FormikErrors, type FormikHelpers } from 'formik';
import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { Button, HTTPError, SubmitStateBox, toErrorCode, toast, useCan } from 'shared-kernel';
import { MSG, newsFormSchema, type NewsFile, type SchoolRef, type Versioned } from 'shared-kernel/contracts';
import {
  CheckboxField, ConflictNotice, DateTimeField, FormikForm, SelectField, SubmitButton, TextAreaField, TextField, useRecordVersion,
  RichTextField, sanitizeRichHtml, type RichTextEditorHandle,
} from 'shared-kernel/forms';
import { NS } from '../../../i18n.js';
import { getNews } from '../api/get-news.js';
import { createNews, updateNews } from '../api/save-news.js';
import { useNewsFileUploads } from '../hooks/use-news-file-uploads.js';
import { toNewsBody, type NewsFormValues } from '../utils/news-form-values.js';
import { newsFileUrl } from '../utils/news-file-url.js';
import { NewsAssignmentFields } from './news-assignment-fields.js';
import { NewsFilesField } from './news-files-field.js';
import styles from './news-form.module.css';

/** How the form was opened: a new item, a change, or a new item copied from another. */
export type NewsFormMode = 'create' | 'edit' | 'template';

/** Props of {@link NewsForm}. */
export interface NewsFormProps {
  mode: NewsFormMode;
  /** The item changed (edit mode). */
  itemId?: number;
  /** The version of the item as read (edit mode): sent with the save. */
  version?: number;
  initialValues: NewsFormValues;
  /** The item belongs to a school the user may change (false: another school's item, read only). */
  editable: boolean;
  /** The user's schools (assignment and owner school). */
  schools: SchoolRef[];
}

const EXPIRY_BEFORE_PUBLISH = 'content:news.expiry_before_publish';
const UPLOAD_RUNNING = 'content:news.upload_running';

/** The `fields` of a 400 answer ({error: 4, fields: {title: 'form.required'}}), if any. */
async function answerFields(error: unknown): Promise<Record<string, string> | null> {
  if (!(error instanceof HTTPError)) return null;
  try {
    const body = (await error.response.clone().json()) as { fields?: unknown };
    if (body.fields && typeof body.fields === 'object') return body.fields as Record<string, string>;
  } catch {
    // No JSON body: the error code alone is shown.
  }
  return null;
}

/**
 * The news form (spec 002 §2.18): title, teaser, body (rich text), publish and expiry
 * date-times, active, assignment with schools, owner school, attachments and images. Saving
 * needs c_news_w (and, when editing, an item of the user's schools); afterwards a 3-second
 * 'Successfully saved!' notice titled News and back to /c-news.
 */
export function NewsForm({ mode, itemId, version, initialValues, editable, schools }: NewsFormProps) {
  const { t } = useTranslation(NS);
  const navigate = useNavigate();
  const canWrite = useCan('c_news_w');
  const uploads = useNewsFileUploads();
  const editorRef = useRef<RichTextEditorHandle>(null);
  const [submitState, setSubmitState] = useState(-1);
  const [preview, setPreview] = useState(false);
  // Edit mode: the save sends the version read; a stale one shows the conflict notice.
  const record = useRecordVersion<Versioned & { title: string; teaser: string }>(
    { title: initialValues.title, teaser: initialValues.teaser, version: version ?? 1 },
    () => getNews(itemId ?? 0),
  );
  const reasonId = useId();

  const readOnly = !canWrite || (mode === 'edit' && !editable);
  const reason = !canWrite ? t('news.no_write_permission') : readOnly ? t('news.not_editable') : null;

  const validate = async (values: NewsFormValues): Promise<FormikErrors<NewsFormValues>> => {
    let errors: Record<string, unknown> = {};
    try {
      await newsFormSchema.validate(toNewsBody(values, { sanitize: false }), { abortEarly: false });
    } catch (error) {
      errors = yupToFormErrors(error) as Record<string, unknown>;
    }
    const published = Date.parse(values.date_published ?? '');
    const expired = Date.parse(values.date_expired ?? '');
    if (errors.date_expired === MSG.date && !Number.isNaN(published) && !Number.isNaN(expired) && expired <= published) {
      errors.date_expired = EXPIRY_BEFORE_PUBLISH;
    }
    if (uploads.busy) errors.files = UPLOAD_RUNNING;
    return errors as FormikErrors<NewsFormValues>;
  };

  const submit = async (values: NewsFormValues, helpers: FormikHelpers<NewsFormValues>) => {
    if (readOnly) return;
    setSubmitState(-2);
    try {
      const body = toNewsBody(values);
      if (mode === 'edit' && itemId !== undefined) record.saved(await updateNews(itemId, body, record.version));
      else await createNews(body);
      setSubmitState(0);
      toast.success('save_succeeded', { title: 'content:news.title' });
      navigate('/c-news');
    } catch (error) {
      const code = await toErrorCode(error);
      // Saved by someone else meanwhile: the conflict notice takes over, the entries stay.
      if (mode === 'edit' && record.handleSaveError(code)) {
        setSubmitState(-1);
        return;
      }
      const fields = await answerFields(error);
      if (fields) helpers.setErrors(fields as FormikErrors<NewsFormValues>);
      setSubmitState(code);
    }
  };

  const insertImage = (file: NewsFile) => {
    editorRef.current?.insertHtml(`<img src="${newsFileUrl(file.id)}" alt="${file.name.replace(/[&<>"']/g, '')}">`);
  };

  const ownerOptions = schools.map((school) => ({ value: school.id, label: school.name }));
  if (initialValues.school_id !== null && !schools.some((school) => school.id === initialValues.school_id)) {
    ownerOptions.push({ value: initialValues.school_id, label: t('news.school_number', { id: initialValues.school_id }) });
  }
  const dateHint = t('news.date_time_hint');

  return (
    <FormikForm<NewsFormValues>
      initialValues={initialValues}
      validate={validate}
      onSubmit={submit}
      ariaLabel={t(`news.form_title_${mode}`)}
      className={styles.form}
    >
      {(formik) => (
        <>
          <fieldset disabled={readOnly} className={styles.plain}>
            <TextField name="title" label={t('news.field.title')} required maxLength={200} disabled={readOnly} />
            <TextAreaField name="teaser" label={t('news.field.teaser')} rows={3} maxLength={1000} disabled={readOnly} />
            <RichTextField ref={editorRef} name="body" label={t('news.field.body')} disabled={readOnly} />
            <div className={styles.row}>
              <DateTimeField
                name="date_published"
                label={t('news.field.date_published')}
                withSeconds
                hint={dateHint}
                disabled={readOnly}
              />
              <DateTimeField
                name="date_expired"
                label={t('news.field.date_expired')}
                withSeconds
                hint={dateHint}
                disabled={readOnly}
              />
            </div>
            <CheckboxField name="active" label={t('news.field.active')} disabled={readOnly} />
            <NewsAssignmentFields schools={schools} disabled={readOnly} />
            {ownerOptions.length > 1 ? (
              <SelectField
                name="school_id"
                label={t('news.field.school_id')}
                required
                options={ownerOptions}
                disabled={readOnly}
              />
            ) : (
              <p className={styles.owner}>
                <span className={styles.groupLabel}>{t('news.field.school_id')}:</span> {ownerOptions[0]?.label ?? '–'}
              </p>
            )}
            <NewsFilesField uploads={uploads} disabled={readOnly} onInsertImage={insertImage} />
          </fieldset>

          <div className={styles.previewToggle}>
            <Button aria-expanded={preview} onClick={() => setPreview((shown) => !shown)}>
              {preview ? t('news.hide_preview') : t('news.show_preview')}
            </Button>
          </div>
          {preview && (
            <section className={styles.preview} aria-label={t('news.preview')}>
              <h2>{formik.values.title || t('news.field.title')}</h2>
              {formik.values.teaser && <p className={styles.teaser}>{formik.values.teaser}</p>}
              {/* Sanitised with the news allow-list right before it is rendered. */}
              <div data-testid="news-preview-body" dangerouslySetInnerHTML={{ __html: sanitizeRichHtml(formik.values.body) }} />
            </section>
          )}

          {mode === 'edit' && <ConflictNotice record={record} labels={{ title: t('news.field.title'), teaser: t('news.field.teaser') }} />}
          <div className={styles.actions}>
            <SubmitButton disabled={readOnly} aria-describedby={reason ? reasonId : undefined}>
              {t('news.save')}
            </SubmitButton>
            <Link to="/c-news" className={styles.cancel}>
              {t('news.cancel')}
            </Link>
            {uploads.busy && <span aria-live="polite">{t('news.wait_for_upload')}</span>}
          </div>
          {reason && (
            <p id={reasonId} className={styles.reason}>
              {reason}
            </p>
          )}
          <SubmitStateBox state={submitState} />
        </>
      )}
    </FormikForm>
  );
}
