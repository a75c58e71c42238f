import type { NEWS_LIST_FILTER_FIELDS, NEWS_LIST_SORT_FIELDS, NewsListResponse, NewsListRow, PagedListRequest } from 'shared-kernel/contracts';
import type { Queryable } from '../../db/index.js';
import { definePagedList, runPagedList, sortKey } from '../../lib/paged-list.js';

/**
 * Microsite news (spec 002 §2.18, §3). All functions take the transaction of `db.scoped()`:
 * row-level security shows the news owned by the request's schools, the ones shown to them
 * (visibility 3 through news_schools) and the ones for all schools (visibility 4).
 */

/**
 * The news list (POST /api-content/news-list): sortable and filterable wire ids. `title`
 * filters by case-insensitive prefix (index news_title_prefix_idx), `active` by boolean.
 * Nulls sort as the lowest value, newest first by default; the id keeps pages stable.
 */
export const NEWS_LIST = definePagedList<(typeof NEWS_LIST_SORT_FIELDS)[number] | (typeof NEWS_LIST_FILTER_FIELDS)[number]>({
  from: 'news n',
  columns: {
    content_id: { sql: 'n.content_id', sort: 'n.content_id' },
    title: { sql: 'n.title', textSort: 'n.title', nullsLow: true, filter: 'prefix' },
    active: { sql: 'n.active', sort: 'n.active', nullsLow: true, filter: 'bool' },
    date_published: { sql: 'n.date_published', sort: 'n.date_published', nullsLow: true },
    date_expired: { sql: 'n.date_expired', sort: 'n.date_expired', nullsLow: true },
  },
  defaultOrder: 'n.date_published DESC NULLS FIRST',
  tiebreak: 'n.content_id',
  tiebreakDesc: true,
  maxSorted: 5,
  maxFiltered: 2,
});

/**
 * The news visible to the scope, paged. `request` must be validated (newsListSchema):
 * sort ids are looked up in the list's columns, filter values are bound parameters.
 */
export async function listNews(tx: Queryable, request: PagedListRequest): Promise<NewsListResponse> {
  return runPagedList<NewsListRow>(
    tx,
    NEWS_LIST,
    request,
    `n.content_id,
     CASE n.visibility
       WHEN 3 THEN ARRAY(SELECT sc.name FROM news_schools ns JOIN schools sc ON sc.id = ns.school_id
                          WHERE ns.news_id = n.content_id ORDER BY ${sortKey('sc.name')}, sc.id)
       WHEN 1 THEN ARRAY(SELECT sc.name FROM schools sc WHERE sc.id = n.school_id)
       ELSE ARRAY[]::text[]
     END AS schools,
     n.visibility, n.title, n.active, n.date_published, n.date_expired, n.content_status_id, n.school_id`,
  );
}
