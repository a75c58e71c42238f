import { http } from 'shared-kernel';
import type { NewsForm, SavedWithVersion } from 'shared-kernel/contracts';

/** POST /api-content/news: creates a news item (also the copy of a template). */
export async function createNews(body: NewsForm): Promise<void> {
  await http.post('api-content/news', { json: body });
}

/**
 * PUT /api-content/news?id: changes a news item of one of the user's schools, read with
 * `version`; answers the next version (409 {error: 9} when someone saved it meanwhile).
 */
export async function updateNews(id: number, body: NewsForm, version: number): Promise<number> {
  const saved = await http.put('api-content/news', { searchParams: { id }, json: { ...body, version } }).json<SavedWithVersion>();
  return saved.version;
}
