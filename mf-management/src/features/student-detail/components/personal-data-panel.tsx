import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ageInYears, Button, formatDate, useCan, useRequest } from 'shared-kernel';
import type { PersonalData } from 'shared-kernel/contracts';
import { getPersonalData } from '../api/personal-data.js';
import { useStudentLabels } from '../hooks/use-student-labels.js';
import { NS } from '../i18n.js';
import { DetailPanel } from './detail-panel.js';
import { PersonalDataForm } from './personal-data-form.js';
import { RequestBody } from './request-body.js';
import styles from './student-detail.module.css';

function PersonalDataView({ data }: { data: PersonalData }) {
  const { t } = useTranslation(NS);
  const labels = useStudentLabels();
  const none = t('student_detail.none');
  const age = ageInYears(data.dob);
  const rows: [string, string][] = [
    [t('student_detail.personal.salutation'), labels.salutation(data.salutation_id)],
    [t('student_detail.personal.title_field'), labels.title(data.title_id)],
    [t('student_detail.personal.firstname'), data.firstname || none],
    [t('student_detail.personal.lastname'), data.lastname || none],
    ...(data.supplement ? [[t('student_detail.personal.supplement'), data.supplement] as [string, string]] : []),
    [t('student_detail.personal.dob'), data.dob ? `${formatDate(data.dob)}${age !== null ? ` (${t('student_detail.personal.age', { count: age })})` : ''}` : none],
    [t('student_detail.personal.email'), data.email || none],
    [t('student_detail.personal.phone_regular'), data.phone_regular || none],
    [t('student_detail.personal.phone_cellphone'), data.phone_cellphone || none],
    [t('student_detail.personal.nationality'), data.nationality || none],
    [t('student_detail.personal.status'), labels.status(data.student_status_id)],
    [t('student_detail.personal.member_status'), labels.memberStatus(data.e_member_status_id)],
    [t('student_detail.personal.divisions'), data.divisions?.length ? data.divisions.map(labels.division).join(', ') : none],
  ];
  return (
    <dl className={styles.facts}>
      {rows.map(([term, value]) => (
        <div key={term} className={styles.fact}>
          <dt>{term}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** Props of {@link PersonalDataPanel}. */
export interface PersonalDataPanelProps {
  studentId: number;
  /** The student's school (decides whether the German name supplement is offered). */
  schoolId: number;
  /** After a save: the page reloads the header (name, status). */
  onSaved: () => void;
}

/** The personal data: shown as a list; student_w edits them in a form (GET|PUT /api-student/pd). */
export function PersonalDataPanel({ studentId, schoolId, onSaved }: PersonalDataPanelProps) {
  const { t } = useTranslation(NS);
  const canWrite = useCan('student_w');
  const [editing, setEditing] = useState(false);
  const [version, setVersion] = useState(0);
  const { state, data, reload } = useRequest((signal) => getPersonalData(studentId, signal), [studentId, version]);

  return (
    <DetailPanel
      title={t('student_detail.personal.title')}
      actions={canWrite && !editing && data && (
        <Button size="small" aria-label={t('student_detail.personal.edit')} onClick={() => setEditing(true)}>
          {t('student_detail.edit')}
        </Button>
      )}
    >
      <RequestBody state={state} data={data} onRetry={reload}>
        {(loaded) =>
          editing ? (
            <PersonalDataForm
              studentId={studentId}
              schoolId={schoolId}
              initial={loaded}
              onCancel={() => setEditing(false)}
              onSaved={() => {
                setEditing(false);
                setVersion((n) => n + 1);
                onSaved();
              }}
            />
          ) : (
            <PersonalDataView data={loaded} />
          )
        }
      </RequestBody>
    </DetailPanel>
  );
}
