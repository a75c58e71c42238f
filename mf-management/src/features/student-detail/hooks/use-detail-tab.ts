import { useCallback } from 'react';
import { useSearchParams } from 'react-router';
import { useCan } from 'shared-kernel';

/** The tabs of the student detail, in display order (URL value ?tab=…). */
export const STUDENT_DETAIL_TABS = ['personal', 'finance', 'payments', 'contracts', 'documents'] as const;
export type StudentDetailTab = (typeof STUDENT_DETAIL_TABS)[number];

/**
 * The tabs the user may see (finance, payments and contracts need finance_r, documents
 * student_r; spec 001 §6) and the current one, kept in the URL (?tab=documents) so reload and
 * links keep it. An unknown or forbidden tab falls back to personal data.
 */
export function useDetailTab() {
  const [searchParams, setSearchParams] = useSearchParams();
  const canFinance = useCan('finance_r');
  const canDocuments = useCan('student_r');
  const tabs = STUDENT_DETAIL_TABS.filter((tab) => {
    if (tab === 'finance' || tab === 'payments' || tab === 'contracts') return canFinance;
    if (tab === 'documents') return canDocuments;
    return true;
  });
  const wanted = searchParams.get('tab');
  const current: StudentDetailTab = tabs.find((tab) => tab === wanted) ?? 'personal';
  const select = useCallback(
    (tab: StudentDetailTab) => {
      // replace: switching tabs is no navigation step; "back" leaves the student.
      setSearchParams((previous) => {
        const next = new URLSearchParams(previous);
        if (tab === 'personal') next.delete('tab');
        else next.set('tab', tab);
        return next;
      }, { replace: true });
    },
    [setSearchParams],
  );
  return { tabs, current, select };
}
