import { useTranslation } from 'react-i18next';
import { RemoteSlot, Spinner } from 'shared-kernel';
import type { StudentData } from 'shared-kernel/contracts';
import styles from './student-detail.module.css';

/** What the finance remote's student widgets receive. */
export interface StudentFinanceSlotProps {
  studentId: number;
  currency: string;
  /** The student's school (its bank accounts are offered for payments). */
  schoolId: number;
  /** Network member status: invoices and skip-fee are hidden for the disabled statuses. */
  memberStatus: number | null;
}

function SlotUnavailable() {
  const { t } = useTranslation('common');
  return (
    <p role="status" className={styles.notice}>
      {t('errors.remote_unavailable')}
    </p>
  );
}

/**
 * A finance tab of the student detail: the finance remote exposes the widget and it is loaded
 * at run time (remotes never import each other). Until the finance remote offers it, or when
 * it cannot be loaded, the tab shows a notice instead of breaking the page.
 */
export function FinanceSlot({ name, student }: { name: string; student: StudentData }) {
  return (
    <RemoteSlot<StudentFinanceSlotProps>
      name={name}
      props={{ studentId: student.stid, currency: student.c_currency, schoolId: student.school_id, memberStatus: student.e_member_status_id }}
      fallback={<Spinner showLabel />}
      errorFallback={<SlotUnavailable />}
    />
  );
}
