import { http } from 'shared-kernel';
import type { NewsListResponse, NewsListRow, PagedListRequest } from 'shared-kernel/contracts';

export type { NewsListRow };

/** POST /api-content/news-list: a page of the news visible to the filtered schools. */
export function getNewsList(request: PagedListRequest, signal?: AbortSignal): Promise<NewsListResponse> {
  return http.post('api-content/news-list', { json: request, signal }).json<NewsListResponse>();
}
