/**
 * What the student detail (management remote) passes to this remote's student slots
 * ('finance/student-finance', 'finance/student-payments', 'finance/student-contracts') through
 * the kernel's RemoteSlot. Management declares the same shape in its finance-slot.tsx.
 */
export interface StudentMoneySlotProps {
  studentId: number;
  /** The student's currency (c_currency). */
  currency: string;
  /** The student's school (its bank accounts are offered for payments). */
  schoolId?: number;
  /** The student's network member status (e_member_status_id): invoices and skip-fee are hidden for disabled statuses. */
  memberStatus?: number | null;
}
