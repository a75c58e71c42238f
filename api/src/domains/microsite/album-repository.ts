import { CONTENT_VISIBILITY, type Album, type AlbumFile, type AlbumForm, type AlbumListRow } from 'shared-kernel/contracts';
import type { Queryable } from '../../db/index.js';
import { sortKey } from '../../lib/paged-list.js';
import { updateVersioned } from '../../lib/record-version.js';

/**
 * Microsite albums (spec 002 §2.18, §3). Functions take the transaction of `request.scoped()`:
 * row-level security shows the albums (and their schools and images) owned by the schools the
 * request looks at; another school's album is invisible (404).
 */

interface AlbumRecord {
  content_id: number;
  school_id: number;
  visibility: 1 | 3 | 4;
  title: string;
  date_published: Date | null;
  date_expired: Date | null;
  active: boolean;
  version: number;
  schools: number[];
}

interface AlbumFileRecord {
  id: number;
  name: string;
  size: number | string;
  width: number;
  height: number;
}

const toFile = (row: AlbumFileRecord): AlbumFile => ({ id: row.id, name: row.name, size: Number(row.size), width: row.width, height: row.height });
const isoOrNull = (value: Date | null) => (value ? value.toISOString() : null);

/** The albums of the schools in view, newest publish date first. */
export async function listAlbums(tx: Queryable): Promise<AlbumListRow[]> {
  const result = await tx.query<Omit<AlbumListRow, 'date_published' | 'date_expired'> & { date_published: Date | null; date_expired: Date | null }>(
    `SELECT a.content_id, a.school_id, a.visibility, a.title, a.active, a.date_published, a.date_expired,
            (SELECT f.id FROM album_files f WHERE f.album_id = a.content_id ORDER BY f.position, f.id LIMIT 1) AS cover,
            (SELECT count(*)::int FROM album_files f WHERE f.album_id = a.content_id) AS images,
            CASE a.visibility
              WHEN 3 THEN ARRAY(SELECT sc.name FROM album_schools s JOIN schools sc ON sc.id = s.shown_school_id
                                 WHERE s.album_id = a.content_id ORDER BY ${sortKey('sc.name')}, sc.id)
              WHEN 1 THEN ARRAY(SELECT sc.name FROM schools sc WHERE sc.id = a.school_id)
              ELSE ARRAY[]::text[]
            END AS schools
       FROM albums a
      ORDER BY a.date_published DESC NULLS FIRST, a.content_id DESC
      LIMIT 1000`,
  );
  return result.rows.map((row) => ({ ...row, date_published: isoOrNull(row.date_published), date_expired: isoOrNull(row.date_expired) }));
}

/** One album with its schools and images in gallery order, or null when not in view. */
export async function getAlbum(tx: Queryable, id: number): Promise<Album | null> {
  const result = await tx.query<AlbumRecord>(
    `SELECT a.content_id, a.school_id, a.visibility, a.title, a.date_published, a.date_expired, a.active, a.version,
            ARRAY(SELECT s.shown_school_id FROM album_schools s WHERE s.album_id = a.content_id ORDER BY s.shown_school_id) AS schools
       FROM albums a WHERE a.content_id = $1`,
    [id],
  );
  const row = result.rows[0];
  if (!row) return null;
  const files = await tx.query<AlbumFileRecord>(
    'SELECT id, name, size, width, height FROM album_files WHERE album_id = $1 ORDER BY position, id',
    [id],
  );
  return {
    content_id: row.content_id,
    school_id: row.school_id,
    visibility: row.visibility,
    title: row.title,
    date_published: isoOrNull(row.date_published),
    date_expired: isoOrNull(row.date_expired),
    active: row.active,
    schools: row.visibility === CONTENT_VISIBILITY.certainSchools ? row.schools.map(Number) : [],
    files: files.rows.map(toFile),
    version: row.version,
  };
}

export type AlbumValues = AlbumForm;

export async function insertAlbum(tx: Queryable, values: AlbumValues, userId: number): Promise<number> {
  const result = await tx.query<{ content_id: number }>(
    `INSERT INTO albums (school_id, visibility, owner_id, title, date_published, date_expired, active)
     VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING content_id`,
    [values.school_id, values.visibility, userId, values.title, values.date_published, values.date_expired, values.active],
  );
  const id = result.rows[0]!.content_id;
  await saveAssignments(tx, id, values);
  return id;
}

/** Updates an album the request sees when `version` is still current (else 409, or 404). */
export async function updateAlbum(tx: Queryable, id: number, values: AlbumValues, version: number): Promise<number> {
  const next = await updateVersioned(tx, {
    table: 'albums',
    set: 'school_id = $2, visibility = $3, title = $4, date_published = $5, date_expired = $6, active = $7, updated_at = now()',
    where: 'content_id = $1',
    params: [id, values.school_id, values.visibility, values.title, values.date_published, values.date_expired, values.active],
    version,
  });
  await saveAssignments(tx, id, values);
  return next;
}

/** The schools a visibility-3 album is shown on (none for 1 and 4). */
async function saveAssignments(tx: Queryable, id: number, values: AlbumValues): Promise<void> {
  const schools = values.visibility === CONTENT_VISIBILITY.certainSchools ? [...new Set(values.schools)] : [];
  await tx.query('DELETE FROM album_schools WHERE album_id = $1', [id]);
  if (schools.length) {
    await tx.query('INSERT INTO album_schools (album_id, school_id, shown_school_id) SELECT $1, $2, unnest($3::int[])', [
      id,
      values.school_id,
      schools,
    ]);
  }
}

/**
 * Makes `fileIds` the images of album `id` in this order (position = index): each must be
 * already its image, or an unattached upload of `userId`. Images it no longer lists are
 * removed; their keys come back for removing the bytes after the commit. Null when a listed
 * file is not allowed (another album's, someone else's upload, another school's).
 */
export async function setAlbumFiles(
  tx: Queryable,
  id: number,
  schoolId: number,
  fileIds: readonly number[],
  userId: number,
): Promise<{ removedKeys: string[] } | null> {
  if (new Set(fileIds).size !== fileIds.length) return null;
  const attached = await tx.query(
    `UPDATE album_files f SET album_id = $1, school_id = $2, position = o.position - 1
       FROM unnest($3::int[]) WITH ORDINALITY AS o(id, position)
      WHERE f.id = o.id AND (f.album_id = $1 OR (f.album_id IS NULL AND f.created_by = $4))`,
    [id, schoolId, fileIds, userId],
  );
  if (attached.rowCount !== fileIds.length) return null;
  const removed = await tx.query<{ file_key: string }>(
    'DELETE FROM album_files WHERE album_id = $1 AND NOT (id = ANY($2::int[])) RETURNING file_key',
    [id, fileIds],
  );
  return { removedKeys: removed.rows.map((row) => row.file_key) };
}

/** The owner school of an album in view, locked for a change; null when not in view. */
export async function lockAlbum(tx: Queryable, id: number): Promise<number | null> {
  const result = await tx.query<{ school_id: number }>('SELECT school_id FROM albums WHERE content_id = $1 FOR UPDATE', [id]);
  return result.rows[0]?.school_id ?? null;
}

/** Deletes an album (its schools and image rows go with it); returns the image keys. */
export async function deleteAlbum(tx: Queryable, id: number): Promise<string[]> {
  const files = await tx.query<{ file_key: string }>('SELECT file_key FROM album_files WHERE album_id = $1', [id]);
  await tx.query('DELETE FROM albums WHERE content_id = $1', [id]);
  return files.rows.map((row) => row.file_key);
}

/** Stores an uploaded image's row (not yet part of an album). */
export async function insertAlbumFile(
  tx: Queryable,
  file: { schoolId: number; name: string; mime: string; size: number; width: number; height: number; key: string },
  userId: number,
): Promise<AlbumFile> {
  const result = await tx.query<AlbumFileRecord>(
    `INSERT INTO album_files (school_id, name, mime, size, width, height, file_key, created_by)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING id, name, size, width, height`,
    [file.schoolId, file.name, file.mime, file.size, file.width, file.height, file.key, userId],
  );
  return toFile(result.rows[0]!);
}

/**
 * Images among `fileIds` that belong to another album the request sees ('copy' lists the
 * original's images). They stay with the original; the caller duplicates their bytes.
 */
export async function imagesOfOtherAlbums(
  tx: Queryable,
  fileIds: readonly number[],
): Promise<{ id: number; key: string; name: string; mime: string; size: number; width: number; height: number }[]> {
  if (fileIds.length === 0) return [];
  const result = await tx.query<{ id: number; key: string; name: string; mime: string; size: string | number; width: number; height: number }>(
    `SELECT id, file_key AS key, name, mime, size, width, height FROM album_files WHERE id = ANY($1::int[]) AND album_id IS NOT NULL`,
    [[...new Set(fileIds)]],
  );
  return result.rows.map((row) => ({ ...row, size: Number(row.size) }));
}

/** An album image in view (owned by a school the request looks at). */
export async function getAlbumImage(tx: Queryable, id: number): Promise<{ key: string; mime: string } | null> {
  const result = await tx.query<{ key: string; mime: string }>('SELECT file_key AS key, mime FROM album_files WHERE id = $1', [id]);
  return result.rows[0] ?? null;
}
