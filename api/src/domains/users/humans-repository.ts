import type { HUMAN_LIST_FILTER_FIELDS, HUMAN_LIST_SORT_FIELDS, HumanRow, PagedListResponse } from 'shared-kernel/contracts';
import type { Queryable } from '../../db/index.js';
import { definePagedList, runPagedList, sortKey, type PagedRequest } from '../../lib/paged-list.js';

type HumanListId = (typeof HUMAN_LIST_SORT_FIELDS)[number] | (typeof HUMAN_LIST_FILTER_FIELDS)[number];

/** POST /api-human/list: by last name, then first name (German order); prefix filters on the names. */
export const HUMAN_LIST = definePagedList<HumanListId>({
  from: 'users u',
  columns: {
    ln: { sql: 'u.lastname', textSort: ['u.lastname', 'u.firstname'], filter: 'prefix' },
    fn: { sql: 'u.firstname', textSort: 'u.firstname', filter: 'prefix' },
    un: { sql: 'u.username', filter: 'prefix' },
  },
  defaultOrder: `${sortKey('u.lastname')}, ${sortKey('u.firstname')}`,
  tiebreak: 'u.id',
});

/**
 * A page of the enabled users who see at least one of `schoolIds` (all schools or one
 * assigned; migration 097), for pickers such as a reminder's delegate. Runs in the request's
 * scoped transaction: sbo_app reads only the display names of users.
 */
export async function listHumans(tx: Queryable, request: PagedRequest, schoolIds: readonly number[]): Promise<PagedListResponse<HumanRow>> {
  return runPagedList<HumanRow>(tx, HUMAN_LIST, request, 'u.id, u.username AS un, u.firstname AS fn, u.lastname AS ln', {
    conditions: (bind) => [`u.id IN (SELECT sbo_users_seeing_schools(${bind([...schoolIds])}::int[]))`],
  });
}
