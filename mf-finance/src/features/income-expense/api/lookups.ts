import { http } from 'shared-kernel';
import type { AccountOption, SingleDataResponse } from 'shared-kernel/contracts';

/** Which category list {@link getCategories} loads. */
export type CategoryKey = SingleDataResponse['key'];

/**
 * GET /api-config/single-data?key=payment_cat|expense_cat&cat=general: the categories with the
 * school's own names (null = the standard name, translated by the screen).
 */
export function getCategories(key: CategoryKey, signal?: AbortSignal): Promise<SingleDataResponse> {
  return http.get('api-config/single-data', { searchParams: { key, cat: 'general' }, signal }).json<SingleDataResponse>();
}

/** GET /api-account/sel: the bank accounts of the user's schools (pickers and filters). */
export function getAccountOptions(signal?: AbortSignal): Promise<AccountOption[]> {
  return http.get('api-account/sel', { signal }).json<AccountOption[]>();
}
