import { http } from 'shared-kernel';
import type { ListLayout, ListLayoutColumn, ListLayoutName, SavedWithVersion } from 'shared-kernel/contracts';

/**
 * The signed-in user's saved column layout of a list (issue 26), for the table: what the
 * user hid, resized, reordered and pinned, kept per user and list on the server.
 */

/** GET /api-user/list-layout?list=NAME: the layout with its version (never saved: no columns, version 1). */
export function loadListLayout(list: ListLayoutName, signal?: AbortSignal): Promise<ListLayout> {
  return http.get('api-user/list-layout', { searchParams: { list }, signal }).json<ListLayout>();
}

/**
 * PUT /api-user/list-layout?list=NAME: saves the columns read with `version` (an empty list
 * resets the layout) and answers the next version; a stale version rejects with the 409
 * {error: 9} answer (another tab or PC saved meanwhile: load again).
 */
export async function saveListLayout(list: ListLayoutName, columns: readonly ListLayoutColumn[], version: number): Promise<number> {
  const saved = await http.put('api-user/list-layout', { searchParams: { list }, json: { columns, version } }).json<SavedWithVersion>();
  return saved.version;
}
