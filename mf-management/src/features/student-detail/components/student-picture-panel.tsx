import { useId, useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { SubmitStateBox, useCan } from 'shared-kernel';
import { ERROR, PICTURE_MAX_BYTES, type StudentData } from 'shared-kernel/contracts';
import { studentPictureUrl, uploadStudentPicture } from '../api/picture.js';
import { useSubmitState } from '../hooks/use-submit-state.js';
import { NS } from '../i18n.js';
import { DetailPanel } from './detail-panel.js';
import styles from './student-detail.module.css';

/**
 * The student's picture (GET /api-cubic/image, 400 px wide) and, with student_w, a file input
 * that replaces it at once (PUT /api-student/pic-save); the new picture shows after the
 * upload, a refusal shows its code's text.
 */
export function StudentPicturePanel({ student }: { student: StudentData }) {
  const { t } = useTranslation(NS);
  const canWrite = useCan('student_w');
  const inputId = useId();
  const hintId = useId();
  const { state, submit, fail } = useSubmitState();
  const [uploadedSifh, setUploadedSifh] = useState<string | null>(null);
  const sifh = uploadedSifh ?? student.sifh;
  const name = `${student.firstname} ${student.lastname}`.trim();

  const onFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.target;
    const file = input.files?.[0];
    // Cleared so choosing the same file again after a refusal uploads it again.
    input.value = '';
    if (!file) return;
    if (file.size > PICTURE_MAX_BYTES) {
      fail(ERROR.fileTooLarge);
      return;
    }
    const outcome = await submit(() => uploadStudentPicture(student.stid, file));
    if (outcome.ok) setUploadedSifh(outcome.value.sifh);
  };

  return (
    <DetailPanel title={t('student_detail.picture.title')}>
      {sifh ? (
        <img className={styles.picture} src={studentPictureUrl(sifh)} alt={t('student_detail.picture.alt', { name })} />
      ) : (
        <p className={styles.picturePlaceholder}>{t('student_detail.picture.none')}</p>
      )}
      {canWrite && (
        <div className={styles.upload}>
          <label htmlFor={inputId} className={styles.uploadLabel}>{t('student_detail.picture.replace')}</label>
          <input
            id={inputId}
            type="file"
            accept="image/jpeg,image/png,image/webp"
            aria-describedby={hintId}
            disabled={state === -2}
            onChange={(event) => void onFile(event)}
          />
          <span id={hintId} className={styles.hint}>{t('student_detail.picture.hint')}</span>
          <SubmitStateBox state={state} busyKey={`${NS}:student_detail.picture.uploading`} />
        </div>
      )}
    </DetailPanel>
  );
}
