import { http } from 'shared-kernel';
import type { NewsItem } from 'shared-kernel/contracts';

/** GET /api-content/news?id: one news item with its files (for edit and copy). */
export function getNews(id: number, signal?: AbortSignal): Promise<NewsItem> {
  return http.get('api-content/news', { searchParams: { id }, signal }).json<NewsItem>();
}
