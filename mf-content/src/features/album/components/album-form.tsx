import { yupToFormErrors, type FormikErrors, type FormikHelpers } from 'formik';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { HTTPError, SubmitStateBox, toErrorCode, toast, useCan } from 'shared-kernel';
import { MSG, albumFormSchema, type AlbumFile, type AlbumForm as AlbumBody, type SchoolRef } from 'shared-kernel/contracts';
import { CheckboxField, DateTimeField, FormikForm, SelectField, SubmitButton, TextField } from 'shared-kernel/forms';
import { useFormikContext } from 'formik';
import { NS } from '../../../i18n.js';
import { NewsAssignmentFields } from '../../news/components/news-assignment-fields.js';
import formStyles from '../../news/components/news-form.module.css';
import { createAlbum, updateAlbum } from '../api/album-api.js';
import { useAlbumUploads } from '../hooks/use-album-uploads.js';
import { AlbumGalleryField } from './album-gallery-field.js';

/** What the album form edits (visibility null until chosen). */
export interface AlbumFormValues {
  title: string;
  date_published: string | null;
  date_expired: string | null;
  active: boolean;
  visibility: number | null;
  schools: number[];
  school_id: number | null;
  files: AlbumFile[];
}

export type AlbumFormMode = 'create' | 'edit' | 'copy';

function toBody(values: AlbumFormValues): AlbumBody {
  return {
    title: values.title.trim(),
    date_published: values.date_published || null,
    date_expired: values.date_expired || null,
    active: values.active,
    visibility: values.visibility as AlbumBody['visibility'],
    schools: values.visibility === 3 ? values.schools : [],
    school_id: values.school_id as number,
    files: values.files.map((file) => file.id),
  };
}

/** Puts stored uploads into the form's gallery (appended or at their index); follows the owner school. */
function UploadsIntoForm({ uploads, onOwnerSchool }: { uploads: ReturnType<typeof useAlbumUploads>; onOwnerSchool: (id: number | null) => void }) {
  const formik = useFormikContext<AlbumFormValues>();
  const { stored, take } = uploads;
  const { setFieldValue, values } = formik;
  // The gallery as last set here: formik applies setFieldValue on a later render, so an upload
  // finishing before that must build on this list, not on the stale `values.files` (it would
  // drop the image stored just before it).
  const latest = useRef(values.files);
  useEffect(() => {
    latest.current = values.files;
  }, [values.files]);
  useEffect(() => {
    if (stored.length === 0) return;
    let files = latest.current;
    for (const { file, replaceIndex } of stored) {
      files = replaceIndex === null || replaceIndex >= files.length ? [...files, file] : files.map((entry, index) => (index === replaceIndex ? file : entry));
    }
    latest.current = files;
    take(stored);
    void setFieldValue('files', files, true);
  }, [stored, take, setFieldValue]);
  useEffect(() => onOwnerSchool(values.school_id), [values.school_id, onOwnerSchool]);
  return null;
}

/**
 * The album form (spec 002 §2.18, §5): title, publish and expiry (DD.MM.YYYY HH:mm:ss),
 * active, status assignment with schools (required for 3), owner school and the gallery.
 * At least one image; an upload still running blocks saving. Back to /c-album after saving.
 */
export function AlbumForm({ mode, albumId, version, initialValues, schools }: {
  mode: AlbumFormMode;
  albumId?: number;
  version?: number;
  initialValues: AlbumFormValues;
  schools: SchoolRef[];
}) {
  const { t } = useTranslation(NS);
  const navigate = useNavigate();
  const readOnly = !useCan('c_gallery_w');
  const [submitState, setSubmitState] = useState(-1);
  const [ownerSchool, setOwnerSchool] = useState(initialValues.school_id);
  const uploads = useAlbumUploads(ownerSchool);

  const validate = async (values: AlbumFormValues): Promise<FormikErrors<AlbumFormValues>> => {
    let errors: Record<string, unknown> = {};
    try {
      await albumFormSchema.validate(toBody(values), { abortEarly: false });
    } catch (error) {
      errors = yupToFormErrors(error) as Record<string, unknown>;
    }
    if (uploads.busy) errors.files = MSG.uploadRunning;
    return errors as FormikErrors<AlbumFormValues>;
  };

  const submit = async (values: AlbumFormValues, helpers: FormikHelpers<AlbumFormValues>) => {
    if (readOnly) return;
    setSubmitState(-2);
    try {
      if (mode === 'edit' && albumId !== undefined) await updateAlbum(albumId, toBody(values), version!);
      else await createAlbum(toBody(values));
      setSubmitState(0);
      toast.success('save_succeeded', { title: 'content:album.title' });
      navigate('/c-album');
    } catch (error) {
      if (error instanceof HTTPError) {
        const body = (await error.response.clone().json().catch(() => ({}))) as { fields?: Record<string, string> };
        if (body.fields) helpers.setErrors(body.fields as FormikErrors<AlbumFormValues>);
      }
      setSubmitState(await toErrorCode(error));
    }
  };

  const ownerOptions = schools.map((school) => ({ value: school.id, label: school.name }));
  const dateHint = t('album.date_time_hint');

  return (
    <FormikForm<AlbumFormValues> initialValues={initialValues} validate={validate} onSubmit={submit} ariaLabel={t(`album.form_title_${mode}`)} className={formStyles.form}>
      {() => {
        return (
          <>
            <UploadsIntoForm uploads={uploads} onOwnerSchool={setOwnerSchool} />
            <fieldset disabled={readOnly} className={formStyles.plain}>
              <TextField name="title" label={t('album.field.title')} required maxLength={200} disabled={readOnly} />
              <div className={formStyles.row}>
                <DateTimeField name="date_published" label={t('album.field.date_published')} withSeconds hint={dateHint} disabled={readOnly} />
                <DateTimeField name="date_expired" label={t('album.field.date_expired')} withSeconds hint={dateHint} disabled={readOnly} />
              </div>
              <CheckboxField name="active" label={t('album.field.active')} disabled={readOnly} />
              <NewsAssignmentFields schools={schools} disabled={readOnly} />
              {ownerOptions.length > 1 && mode !== 'edit' ? (
                <SelectField name="school_id" label={t('album.field.school_id')} required options={ownerOptions} disabled={readOnly} />
              ) : null}
              <AlbumGalleryField uploads={uploads} disabled={readOnly} />
            </fieldset>
            <div className={formStyles.actions}>
              <SubmitButton disabled={readOnly}>{t('album.save')}</SubmitButton>
              <Link to="/c-album" className={formStyles.cancel}>{t('album.cancel')}</Link>
              {uploads.busy && <span aria-live="polite">{t('album.wait_for_upload')}</span>}
            </div>
            <SubmitStateBox state={submitState} />
          </>
        );
      }}
    </FormikForm>
  );
}
