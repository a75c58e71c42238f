import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Button, ErrorPanel, ModalDialog, Spinner, useRequest } from 'shared-kernel';
import { getStudentTemplates } from '../api/templates.js';
import { NS } from '../i18n.js';
import styles from './student-detail.module.css';

/** Props of {@link DocumentFromTemplateDialog}. */
export interface DocumentFromTemplateDialogProps {
  studentId: number;
  schoolId: number;
  onClose: () => void;
}

/**
 * The toolbar's "document from template": a picker of the school's student templates
 * (/api-template/widget), then /m-template/doc/{templateId}/{studentId}.
 */
export function DocumentFromTemplateDialog({ studentId, schoolId, onClose }: DocumentFromTemplateDialogProps) {
  const { t } = useTranslation(NS);
  const navigate = useNavigate();
  const selectId = useId();
  const { state, data, reload } = useRequest((signal) => getStudentTemplates(schoolId, signal), [schoolId]);
  const [chosen, setChosen] = useState<number | null>(null);
  const templateId = chosen ?? (data?.[0]?.base as number | undefined) ?? null;
  return (
    <ModalDialog
      title={t('student_detail.student_toolbar.pick_title')}
      onClose={onClose}
      initialFocus="select"
      actions={
        <>
          <Button
            variant="primary"
            disabled={templateId === null}
            onClick={() => void navigate(`/m-template/doc/${templateId}/${studentId}`)}
          >
            {t('student_detail.student_toolbar.open')}
          </Button>
          <Button onClick={onClose}>{t('student_detail.student_toolbar.cancel')}</Button>
        </>
      }
    >
      {state === -1 && <Spinner showLabel />}
      {state > 0 && <ErrorPanel code={state} onRetry={reload} headingLevel={3} />}
      {state === 0 && data && data.length === 0 && <p>{t('student_detail.student_toolbar.pick_none')}</p>}
      {state === 0 && data && data.length > 0 && (
        <div className={styles.pickField}>
          <label htmlFor={selectId}>{t('student_detail.student_toolbar.pick_label')}</label>
          <select id={selectId} value={templateId ?? ''} onChange={(event) => setChosen(Number(event.target.value))}>
            {data.map((item) => (
              <option key={String(item.base)} value={String(item.base)}>
                {item.n}
              </option>
            ))}
          </select>
        </div>
      )}
    </ModalDialog>
  );
}
