import { useRequest } from 'shared-kernel';
import type { AccountOption } from 'shared-kernel/contracts';
import { getAccountOptions } from '../api/accounts.js';

/**
 * The bank accounts a payment of the student can go to: those of the student's school (all
 * the user's accounts when the school is not known), the main account first.
 */
export function useSchoolAccounts(schoolId: number | null | undefined) {
  return useRequest(
    async (signal): Promise<AccountOption[]> => {
      const accounts = await getAccountOptions(signal);
      return accounts
        .filter((account) => schoolId === null || schoolId === undefined || account.school_id === schoolId)
        .sort((a, b) => Number(b.is_main) - Number(a.is_main) || a.name.localeCompare(b.name));
    },
    [schoolId],
  );
}
