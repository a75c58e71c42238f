import { CONTENT_VISIBILITY, type NewsFile, type NewsForm, type NewsItem } from 'shared-kernel/contracts';
import type { Queryable } from '../../db/index.js';
import { updateVersioned } from '../../lib/record-version.js';

/**
 * Single microsite news items and their files (spec 002 §2.18, §3). Functions take the
 * transaction of `db.scoped()` over all schools the user may see (the write scope), plus the
 * ids of the schools the request looks at (`viewIds`: the user's school filter) where the
 * rule is "as the list shows it":
 * - read: owned by a viewed school, for all schools (4), or shown to a viewed school (3);
 * - change and delete: owned by a viewed school.
 * Assignments to schools the user may not see stay untouched (row-level security hides them).
 */

interface NewsRecord {
  content_id: number;
  version: number;
  school_id: number;
  visibility: 1 | 3 | 4;
  title: string;
  teaser: string;
  body: string;
  date_published: Date | null;
  date_expired: Date | null;
  active: boolean;
  created_at: Date;
  updated_at: Date;
  schools: number[];
}

interface NewsFileRecord {
  id: number;
  name: string;
  size: number | string;
  mime: string;
  is_image: boolean;
}

const toFile = (row: NewsFileRecord): NewsFile => ({ id: row.id, name: row.name, size: Number(row.size), mime: row.mime, image: row.is_image });
const isoOrNull = (value: Date | null) => (value ? value.toISOString() : null);

/** One news item as the form loads it, or null when the request does not see it. */
export async function getNewsItem(tx: Queryable, id: number, viewIds: readonly number[]): Promise<Omit<NewsItem, 'editable'> | null> {
  const result = await tx.query<NewsRecord>(
    `SELECT n.content_id, n.school_id, n.visibility, n.title, n.teaser, n.body, n.date_published, n.date_expired, n.active,
            n.created_at, n.updated_at, n.version,
            ARRAY(SELECT ns.school_id FROM news_schools ns WHERE ns.news_id = n.content_id ORDER BY ns.school_id) AS schools
       FROM news n
      WHERE n.content_id = $1
        AND (n.school_id = ANY($2::int[]) OR n.visibility = 4
             OR (n.visibility = 3 AND EXISTS (SELECT 1 FROM news_schools ns WHERE ns.news_id = n.content_id AND ns.school_id = ANY($2::int[]))))`,
    [id, viewIds],
  );
  const row = result.rows[0];
  if (!row) return null;
  const files = await tx.query<NewsFileRecord>('SELECT id, name, size, mime, is_image FROM news_files WHERE news_id = $1 ORDER BY id', [id]);
  return {
    content_id: row.content_id,
    school_id: row.school_id,
    visibility: row.visibility,
    title: row.title,
    teaser: row.teaser,
    body: row.body,
    date_published: isoOrNull(row.date_published),
    date_expired: isoOrNull(row.date_expired),
    active: row.active,
    schools: row.visibility === CONTENT_VISIBILITY.certainSchools ? row.schools.map(Number) : [],
    files: files.rows.map(toFile),
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
    version: row.version,
  };
}

/** The news item's owner school when a viewed school owns it (locked for the change), else null. */
export async function lockOwnNews(tx: Queryable, id: number, viewIds: readonly number[]): Promise<number | null> {
  const result = await tx.query<{ school_id: number }>(
    'SELECT school_id FROM news WHERE content_id = $1 AND school_id = ANY($2::int[]) FOR UPDATE',
    [id, viewIds],
  );
  return result.rows[0]?.school_id ?? null;
}

/** The stored values of a news form (body already sanitised). */
export type NewsValues = Omit<NewsForm, 'files'> & { files: number[] };

export async function insertNews(tx: Queryable, values: NewsValues, userId: number): Promise<number> {
  const result = await tx.query<{ content_id: number }>(
    `INSERT INTO news (school_id, visibility, content_status_id, owner_id, title, teaser, body, date_published, date_expired, active)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) RETURNING content_id`,
    [values.school_id, values.visibility, values.active ? 1 : 2, userId, values.title, values.teaser, values.body,
      values.date_published, values.date_expired, values.active],
  );
  const id = result.rows[0]!.content_id;
  await saveAssignments(tx, id, values);
  return id;
}

/** Updates a news item read with `version` (its schools too); answers the next version, 409 {error: 9} when stale. */
export async function updateNews(tx: Queryable, id: number, values: NewsValues, version: number): Promise<number> {
  const next = await updateVersioned(tx, {
    table: 'news',
    set: `school_id = $2, visibility = $3, content_status_id = $4, title = $5, teaser = $6, body = $7,
          date_published = $8, date_expired = $9, active = $10, updated_at = now()`,
    where: 'content_id = $1',
    params: [id, values.school_id, values.visibility, values.active ? 1 : 2, values.title, values.teaser, values.body,
      values.date_published, values.date_expired, values.active],
    version,
  });
  await saveAssignments(tx, id, values);
  return next;
}

/** The schools a visibility-3 item is shown to (none for 1 and 4). */
async function saveAssignments(tx: Queryable, id: number, values: NewsValues): Promise<void> {
  const schools = values.visibility === CONTENT_VISIBILITY.certainSchools ? [...new Set(values.schools)] : [];
  await tx.query('DELETE FROM news_schools WHERE news_id = $1 AND NOT (school_id = ANY($2::int[]))', [id, schools]);
  if (schools.length) {
    await tx.query(
      `INSERT INTO news_schools (news_id, school_id) SELECT $1, unnest($2::int[]) ON CONFLICT DO NOTHING`,
      [id, schools],
    );
  }
}

/**
 * Makes `fileIds` the files of news `id` (moved to its school): each must be already its
 * file, or an unattached upload of `userId`. Files it no longer lists are removed; their
 * keys come back for removing the bytes after the commit. Null when a listed file is not
 * allowed.
 */
export async function setNewsFiles(
  tx: Queryable,
  id: number,
  schoolId: number,
  fileIds: readonly number[],
  userId: number,
): Promise<{ removedKeys: string[] } | null> {
  const ids = [...new Set(fileIds)];
  const attached = await tx.query(
    `UPDATE news_files SET news_id = $1, school_id = $2
      WHERE id = ANY($3::int[]) AND (news_id = $1 OR (news_id IS NULL AND created_by = $4))`,
    [id, schoolId, ids, userId],
  );
  if (attached.rowCount !== ids.length) return null;
  const removed = await tx.query<{ file_key: string }>(
    'DELETE FROM news_files WHERE news_id = $1 AND NOT (id = ANY($2::int[])) RETURNING file_key',
    [id, ids],
  );
  return { removedKeys: removed.rows.map((row) => row.file_key) };
}

/** Deletes a news item (its assignments and file rows go with it); returns the file keys. */
export async function deleteNews(tx: Queryable, id: number): Promise<string[]> {
  const files = await tx.query<{ file_key: string }>('SELECT file_key FROM news_files WHERE news_id = $1', [id]);
  await tx.query('DELETE FROM news WHERE content_id = $1', [id]);
  return files.rows.map((row) => row.file_key);
}

/** Stores an uploaded file's row (not yet attached to a news item). */
export async function insertNewsFile(
  tx: Queryable,
  file: { schoolId: number; name: string; ext: string; mime: string; size: number; image: boolean; key: string },
  userId: number,
): Promise<NewsFile> {
  const result = await tx.query<NewsFileRecord>(
    `INSERT INTO news_files (school_id, name, ext, mime, size, is_image, file_key, created_by)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING id, name, size, mime, is_image`,
    [file.schoolId, file.name, file.ext, file.mime, file.size, file.image, file.key, userId],
  );
  return toFile(result.rows[0]!);
}

/**
 * Files among `fileIds` that belong to a news item the request can read (a copy made with
 * 'copy' / create from template lists the original's files). They cannot be moved to the
 * new item; the caller duplicates their bytes instead.
 */
export async function filesOfOtherNews(
  tx: Queryable,
  fileIds: readonly number[],
): Promise<{ id: number; key: string; name: string; ext: string; mime: string; size: number; image: boolean }[]> {
  if (fileIds.length === 0) return [];
  const result = await tx.query<{ id: number; key: string; name: string; ext: string; mime: string; size: string | number; image: boolean }>(
    `SELECT id, file_key AS key, name, ext, mime, size, is_image AS image
       FROM news_files WHERE id = ANY($1::int[]) AND news_id IS NOT NULL`,
    [[...new Set(fileIds)]],
  );
  return result.rows.map((row) => ({ ...row, size: Number(row.size) }));
}

/** A news file for download when the request sees it (its school's, or of a news shown there). */
export async function getNewsFile(tx: Queryable, id: number): Promise<{ key: string; name: string; mime: string; image: boolean } | null> {
  const result = await tx.query<{ key: string; name: string; mime: string; image: boolean }>(
    'SELECT file_key AS key, name, mime, is_image AS image FROM news_files WHERE id = $1',
    [id],
  );
  return result.rows[0] ?? null;
}
