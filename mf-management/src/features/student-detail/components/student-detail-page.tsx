import { useCallback, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useParams } from 'react-router';
import { Button, ErrorPanel, PageHeader, Spinner, useCan, useRequest, useSchoolFilter } from 'shared-kernel';
import type { StudentData } from 'shared-kernel/contracts';
import { requestNetworkCancellationConfirmation, requestNetworkDataTransfer } from '../api/network.js';
import { getStudentData } from '../api/student-data.js';
import { useNetworkRequest } from '../hooks/use-network-request.js';
import { useStudentLabels } from '../hooks/use-student-labels.js';
import { NS } from '../i18n.js';
import { DocumentFromTemplateDialog } from './document-from-template-dialog.js';
import { ReminderFormDialog } from './reminder-form-dialog.js';
import { StudentDetailTabs } from './student-detail-tabs.js';
import { StudentRemindersPanel } from './student-reminders-panel.js';
import { StudentTimelinePanel } from './student-timeline-panel.js';
import styles from './student-detail.module.css';

/** Where "back" leads when the detail was opened directly (no history entry to return to). */
const STUDENT_LIST_PATH = '/m-student/list';

function parseStudentId(raw: string | undefined): number | null {
  if (!raw || !/^\d{1,10}$/.test(raw)) return null;
  const id = Number(raw);
  return id >= 1 && id <= 2_147_483_647 ? id : null;
}

function StudentHeader({ student, actions }: { student: StudentData; actions: ReactNode }) {
  const { t } = useTranslation(NS);
  const labels = useStudentLabels();
  const name = `${student.firstname} ${student.lastname}`.trim() || t('student_detail.heading_fallback');
  return (
    <PageHeader title={name} actions={actions}>
      <p className={styles.meta}>
        <span className={styles.statusBadge} data-status={student.student_status_id}>
          {labels.status(student.student_status_id)}
        </span>
        <span>{t('student_detail.school')}: {student.sn}</span>
        {student.e_f_mv_mno && <span>{t('student_detail.member_no')}: {student.e_f_mv_mno}</span>}
      </p>
    </PageHeader>
  );
}

/**
 * /m-student/details/:id: the student's header with name and status, the toolbar (new
 * reminder, back), the tabs (personal data, finance, payments, contracts, documents) and the
 * right column with open reminders and the timeline (spec 000 §2, 001 §2).
 */
export function StudentDetailPage() {
  const { t } = useTranslation(NS);
  const { id } = useParams<{ id: string }>();
  const studentId = parseStudentId(id);
  const navigate = useNavigate();
  const location = useLocation();
  const { key: schoolKey } = useSchoolFilter();
  const canWriteReminders = useCan('reminder_w');
  const canUseTemplates = useCan('template_r');
  const network = useNetworkRequest();
  const { state, data: student, reload } = useRequest(
    (signal) => (studentId === null ? Promise.reject(new Error('invalid id')) : getStudentData(studentId, signal)),
    [studentId, schoolKey],
    { enabled: studentId !== null },
  );
  // Bumped when something elsewhere on the page changes a list: a new or done reminder, a
  // reminder done that lands in the timeline.
  const [remindersVersion, setRemindersVersion] = useState(0);
  const [timelineVersion, setTimelineVersion] = useState(0);
  const [reminderFormOpen, setReminderFormOpen] = useState(false);
  const [documentPickerOpen, setDocumentPickerOpen] = useState(false);
  const onReminderDone = useCallback(() => setTimelineVersion((n) => n + 1), []);

  const back = () => {
    // location.key is 'default' on the first entry of the history (a deep link or reload).
    if (location.key !== 'default') void navigate(-1);
    else void navigate(STUDENT_LIST_PATH);
  };

  if (studentId === null) {
    return (
      <div role="alert" className={styles.invalid}>
        <p>{t('student_detail.invalid_id')}</p>
        <Button onClick={() => void navigate(STUDENT_LIST_PATH)}>{t('student_detail.back')}</Button>
      </div>
    );
  }
  if (state > 0) return <ErrorPanel code={state} onRetry={reload} />;
  if (!student) return <Spinner showLabel size="large" />;

  const toolbar = (
    <>
      {canUseTemplates && <Button onClick={() => setDocumentPickerOpen(true)}>{t('student_detail.student_toolbar.document')}</Button>}
      <Button disabled={network.busy} onClick={() => void network.send(() => requestNetworkDataTransfer(studentId))}>
        {t('student_detail.student_toolbar.network_transfer', { brand: network.brand })}
      </Button>
      <Button disabled={network.busy} onClick={() => void network.send(() => requestNetworkCancellationConfirmation(studentId))}>
        {t('student_detail.student_toolbar.network_cancellation', { brand: network.brand })}
      </Button>
      {canWriteReminders && (
        <Button variant="primary" onClick={() => setReminderFormOpen(true)}>
          {t('student_detail.new_reminder')}
        </Button>
      )}
      <Button onClick={back}>{t('student_detail.back')}</Button>
    </>
  );

  return (
    <>
      <StudentHeader student={student} actions={toolbar} />
      <div className={styles.layout}>
        <div className={styles.main}>
          <StudentDetailTabs student={student} onStudentChanged={reload} />
        </div>
        <aside className={styles.side} aria-label={t('student_detail.side')}>
          <StudentRemindersPanel studentId={studentId} version={remindersVersion} onDone={onReminderDone} />
          <StudentTimelinePanel studentId={studentId} version={timelineVersion} />
        </aside>
      </div>
      {reminderFormOpen && (
        <ReminderFormDialog
          studentId={studentId}
          onClose={() => setReminderFormOpen(false)}
          onSaved={() => {
            setReminderFormOpen(false);
            setRemindersVersion((n) => n + 1);
          }}
        />
      )}
      {documentPickerOpen && (
        <DocumentFromTemplateDialog studentId={studentId} schoolId={student.school_id} onClose={() => setDocumentPickerOpen(false)} />
      )}
    </>
  );
}
