import { ASSOCIATION_NEWS_LIMIT, type AssociationNewsItem } from 'shared-kernel/contracts';
import type { Queryable } from '../../db/index.js';

/**
 * The association's own news (the association dashboard's news block). Not school-owned:
 * these run on the system connection (`app.db`), the route's atom and the linked
 * membership number decide who reads them.
 */

/** The newest published items (date_published not in the future), newest first. */
export async function listPublishedAssociationNews(db: Queryable, now: Date): Promise<AssociationNewsItem[]> {
  const result = await db.query<Omit<AssociationNewsItem, 'date_published'> & { date_published: Date }>(
    `SELECT id, title, teaser, body, date_published
       FROM association_news
      WHERE date_published <= $1
      ORDER BY date_published DESC, id DESC
      LIMIT ${ASSOCIATION_NEWS_LIMIT}`,
    [now.toISOString()],
  );
  return result.rows.map((row) => ({ ...row, date_published: row.date_published.toISOString() }));
}

/** Stores an item (body already sanitised); returns its id. */
export async function insertAssociationNews(
  db: Queryable,
  item: { title: string; teaser: string; body: string; date_published: string },
  userId: number,
): Promise<number> {
  const result = await db.query<{ id: number }>(
    'INSERT INTO association_news (title, teaser, body, date_published, created_by) VALUES ($1, $2, $3, $4, $5) RETURNING id',
    [item.title, item.teaser, item.body, item.date_published, userId],
  );
  return result.rows[0]!.id;
}
