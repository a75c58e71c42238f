import { useMemo } from 'react';
import { useCan, useSessionStore } from 'shared-kernel';

/** What the user may do on the student's money tabs (spec 000 §6); the API refuses the rest anyway. */
export function useMoneyPermissions(memberStatus: number | null | undefined) {
  const studentWrite = useCan('student_w');
  const financeWrite = useCan('finance_w');
  const financeDelete = useCan('finance_d');
  const disabledStatuses = useSessionStore((state) => state.appState?.disabledMemberStatuses);
  // Members in a disabled network status get no invoice generation and no skip-fee (000 §2).
  const memberDisabled = memberStatus !== null && memberStatus !== undefined && (disabledStatuses ?? []).includes(memberStatus);
  return useMemo(() => ({
    /** Add or change a contract or payment, skip fee, print the cancellation confirmation. */
    studentFinanceWrite: studentWrite && financeWrite,
    /** Cancel a contract, withdraw a cancellation. */
    studentWrite,
    /** Receipt actions, credit notes, generate invoices. */
    financeWrite,
    /** Delete a contract or payment, assign a payment. */
    financeDelete,
    memberDisabled,
  }), [studentWrite, financeWrite, financeDelete, memberDisabled]);
}
