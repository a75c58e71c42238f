import { useRequest, useSchoolFilter } from 'shared-kernel';
import type { AccountOption } from 'shared-kernel/contracts';
import { getAccountOptions } from '../api/lookups.js';

export interface AccountOptions {
  /** Request state: -1 loading, 0 loaded, > 0 error code. */
  state: number;
  /** True once a list arrived (stays true while it reloads). */
  loaded: boolean;
  accounts: AccountOption[];
  reload: () => void;
}

const NO_ACCOUNTS: AccountOption[] = [];

/** The bank accounts of the user's schools (reloaded when the school filter changes). */
export function useAccountOptions(): AccountOptions {
  const { key } = useSchoolFilter();
  const { state, data, reload } = useRequest((signal) => getAccountOptions(signal), [key]);
  return { state, loaded: data !== undefined, accounts: data ?? NO_ACCOUNTS, reload };
}
