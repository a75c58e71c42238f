import type { NewsListResponse, NewsListRow, PagedListRequest } from 'shared-kernel/contracts';
import type { Queryable } from '../db/index.js';

/**
 * Microsite news (spec 002 §2.18, §3). All functions take the transaction of `db.scoped()`:
 * row-level security shows the news owned by the request's schools, the ones shown to them
 * (visibility 3 through news_schools) and the ones for all schools (visibility 4).
 */

/** Row field (wire name) -> SQL expression it sorts by. Only these may be sorted. */
const SORT_COLUMNS: Record<string, string> = {
  content_id: 'n.content_id',
  title: 'lower(n.title)',
  active: 'n.active',
  date_published: 'n.date_published',
  date_expired: 'n.date_expired',
};

/** `%` and `_` typed by a user are literal characters in a prefix search. */
function likePrefix(value: string): string {
  return `${value.toLowerCase().replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
}

/**
 * The news visible to the scope, paged. `request` must be validated (newsListSchema):
 * sort ids are looked up in a fixed map, filter values are bound parameters.
 */
export async function listNews(tx: Queryable, request: PagedListRequest): Promise<NewsListResponse> {
  const where: string[] = [];
  const params: unknown[] = [];
  for (const filter of request.filtered) {
    if (filter.id === 'title' && typeof filter.value === 'string' && filter.value !== '') {
      params.push(likePrefix(filter.value));
      where.push(`lower(n.title) LIKE $${params.length}`);
    } else if (filter.id === 'active' && typeof filter.value === 'boolean') {
      params.push(filter.value);
      where.push(`n.active = $${params.length}`);
    }
  }
  const whereSql = where.length ? `WHERE ${where.join(' AND ')}` : '';
  const orderSql = [
    ...request.sorted
      .filter((sort) => SORT_COLUMNS[sort.id])
      .map((sort) => `${SORT_COLUMNS[sort.id]} ${sort.desc ? 'DESC NULLS LAST' : 'ASC NULLS FIRST'}`),
    // Newest first by default; the id keeps pages stable when sort values tie.
    ...(request.sorted.length ? [] : ['n.date_published DESC NULLS FIRST']),
    'n.content_id DESC',
  ].join(', ');

  const total = (await tx.query<{ n: number }>(`SELECT count(*)::int AS n FROM news n ${whereSql}`, params)).rows[0]!.n;
  params.push(request.pageSize, request.page * request.pageSize);
  const rows = await tx.query<NewsListRow>(
    `SELECT n.content_id,
            CASE n.visibility
              WHEN 3 THEN ARRAY(SELECT sc.name FROM news_schools ns JOIN schools sc ON sc.id = ns.school_id
                                 WHERE ns.news_id = n.content_id ORDER BY sc.name)
              WHEN 1 THEN ARRAY(SELECT sc.name FROM schools sc WHERE sc.id = n.school_id)
              ELSE ARRAY[]::text[]
            END AS schools,
            n.visibility, n.title, n.active, n.date_published, n.date_expired, n.content_status_id, n.school_id
       FROM news n
       ${whereSql}
      ORDER BY ${orderSql}
      LIMIT $${params.length - 1} OFFSET $${params.length}`,
    params,
  );
  return { rows: rows.rows, pages: Math.ceil(total / request.pageSize), total };
}
