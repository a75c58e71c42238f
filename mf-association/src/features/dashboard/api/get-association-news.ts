import { http } from 'shared-kernel';
import type { AssociationNewsItem } from 'shared-kernel/contracts';

export type { AssociationNewsItem };

/** GET /api-base/e-news: the newest association news (needs e_news_r and a linked membership number). */
export function getAssociationNews(signal?: AbortSignal): Promise<AssociationNewsItem[]> {
  return http.get('api-base/e-news', { signal }).json<AssociationNewsItem[]>();
}
