import { useId, useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toErrorCode, toast } from 'shared-kernel';
import { errorKey } from 'shared-kernel/contracts';
import { NS } from '../i18n.js';
import { schoolImageUrl, uploadSchoolImage } from '../api/school-settings-api.js';
import styles from './school-settings.module.css';

/**
 * The school image (spec 002 §5, §9): shown in 3:1, replaced by an upload that is saved at once.
 * The server decides whether it is fit (JPG or PNG, at least 1050x350, ratio 3:1) and answers
 * 1104, 35 or 36 otherwise; the message is shown under the input.
 */
export function SchoolImageField({ schoolId, schoolName, imageId: initialImageId, disabled }: {
  schoolId: number;
  schoolName: string;
  imageId: number | null;
  disabled: boolean;
}) {
  const { t } = useTranslation([NS, 'common']);
  const [imageId, setImageId] = useState(initialImageId);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<number | null>(null);
  const inputId = useId();
  const hintId = useId();
  const errorId = useId();

  const onFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    setBusy(true);
    setError(null);
    try {
      setImageId(await uploadSchoolImage(schoolId, file));
      toast.success('content:settings.image_saved');
    } catch (failure) {
      setError(await toErrorCode(failure));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className={styles.section} aria-labelledby={`${inputId}-title`}>
      <h2 id={`${inputId}-title`} className={styles.sectionTitle}>{t('settings.image')}</h2>
      {imageId ? (
        <img className={styles.image} src={schoolImageUrl(schoolId, imageId)} alt={t('settings.image_alt', { name: schoolName })} />
      ) : (
        <p>{t('settings.image_none')}</p>
      )}
      <label htmlFor={inputId}>{t('settings.image_upload')}</label>
      <input
        id={inputId}
        type="file"
        accept="image/jpeg,image/png"
        disabled={disabled || busy}
        aria-describedby={error ? `${hintId} ${errorId}` : hintId}
        aria-invalid={error ? true : undefined}
        onChange={(event) => void onFile(event)}
      />
      <span id={hintId} className={styles.hint}>{t('settings.image_hint')}</span>
      {busy && <span role="status">{t('settings.image_uploading')}</span>}
      {error !== null && (
        <span id={errorId} role="alert" className={styles.error}>
          {t(errorKey(error), { ns: 'common' })}
        </span>
      )}
    </section>
  );
}
