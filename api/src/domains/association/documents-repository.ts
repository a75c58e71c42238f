import type { AssociationDocumentEntry } from 'shared-kernel/contracts';
import type { Queryable } from '../../db/index.js';
import { updateVersioned } from '../../lib/record-version.js';

/**
 * The association's document folders (spec 002 §2.14; table association_documents,
 * migration 030). Not school-owned; `withHidden` is true only for the superadmin, so readers
 * never receive a hidden entry nor anything below a hidden folder.
 */

/** Most entries a folder or a search answers. */
export const DOCUMENT_LIST_LIMIT = 1000;

interface EntryRow {
  id: number;
  parent_id: number | null;
  is_folder: boolean;
  name: string;
  h: boolean;
  size: number | null;
  updated_at: Date;
  version: number;
}

const COLUMNS = 'd.id, d.parent_id, d.is_folder, d.name, d.h, d.size, d.updated_at, d.version';

function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(dot + 1).toLowerCase() : '';
}

function toEntry(row: EntryRow): AssociationDocumentEntry {
  return {
    id: row.id,
    p: row.parent_id,
    folder: row.is_folder,
    n: row.name,
    ext: row.is_folder ? '' : extensionOf(row.name),
    s: row.is_folder ? 0 : Number(row.size ?? 0),
    dc: row.updated_at.toISOString(),
    h: row.h,
    version: row.version,
  };
}

/**
 * The folders from the root down to `id` (inclusive), root first; null when `id` is no
 * folder or (for readers) it or one of its ancestors is hidden.
 */
export async function folderPath(tx: Queryable, id: number, withHidden: boolean): Promise<{ id: number; n: string; p: number | null; h: boolean }[] | null> {
  const result = await tx.query<{ id: number; name: string; parent_id: number | null; h: boolean; is_folder: boolean; depth: number }>(
    `WITH RECURSIVE up AS (
       SELECT id, name, parent_id, h, is_folder, 0 AS depth FROM association_documents WHERE id = $1
       UNION ALL
       SELECT d.id, d.name, d.parent_id, d.h, d.is_folder, up.depth + 1 FROM association_documents d JOIN up ON d.id = up.parent_id WHERE up.depth < 100
     )
     SELECT id, name, parent_id, h, is_folder, depth FROM up ORDER BY depth DESC`,
    [id],
  );
  const rows = result.rows;
  if (rows.length === 0 || !rows[rows.length - 1]!.is_folder) return null;
  if (!withHidden && rows.some((row) => row.h)) return null;
  return rows.map((row) => ({ id: row.id, n: row.name, p: row.parent_id, h: row.h }));
}

/** Entries of a folder (null = root): folders first, then by name. */
export async function listFolder(tx: Queryable, folderId: number | null, withHidden: boolean): Promise<AssociationDocumentEntry[]> {
  const result = await tx.query<EntryRow>(
    `SELECT ${COLUMNS} FROM association_documents d
      WHERE d.parent_id IS NOT DISTINCT FROM $1 AND ($2 OR NOT d.h)
      ORDER BY d.is_folder DESC, lower(d.name), d.id
      LIMIT ${DOCUMENT_LIST_LIMIT}`,
    [folderId, withHidden],
  );
  return result.rows.map(toEntry);
}

/**
 * Entries whose name contains `search` (case-insensitive, LIKE wildcards taken literally)
 * in any folder. For readers, entries in or below a hidden folder are left out.
 */
export async function searchDocuments(tx: Queryable, search: string, withHidden: boolean): Promise<AssociationDocumentEntry[]> {
  const pattern = `%${search.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const result = await tx.query<EntryRow>(
    `WITH RECURSIVE visible AS (
       SELECT id FROM association_documents WHERE parent_id IS NULL AND ($2 OR NOT h)
       UNION ALL
       SELECT d.id FROM association_documents d JOIN visible v ON d.parent_id = v.id WHERE $2 OR NOT d.h
     )
     SELECT ${COLUMNS} FROM association_documents d JOIN visible v ON v.id = d.id
      WHERE lower(d.name) LIKE $1
      ORDER BY d.is_folder DESC, lower(d.name), d.id
      LIMIT ${DOCUMENT_LIST_LIMIT}`,
    [pattern, withHidden],
  );
  return result.rows.map(toEntry);
}

/** A file's stored bytes and names, or null when it is no file or not visible to the caller. */
export async function documentFile(tx: Queryable, id: number, withHidden: boolean): Promise<{ key: string; name: string; mime: string } | null> {
  const result = await tx.query<{ key: string; name: string; mime: string; parent_id: number | null; h: boolean }>(
    'SELECT file_key AS key, name, mime, parent_id, h FROM association_documents WHERE id = $1 AND NOT is_folder',
    [id],
  );
  const row = result.rows[0];
  if (!row || (!withHidden && row.h)) return null;
  if (row.parent_id !== null && (await folderPath(tx, row.parent_id, withHidden)) === null) return null;
  return { key: row.key, name: row.name, mime: row.mime };
}

/** Whether `id` is an existing folder (for the superadmin: hidden ones count). */
export async function isFolder(tx: Queryable, id: number): Promise<boolean> {
  const result = await tx.query('SELECT 1 FROM association_documents WHERE id = $1 AND is_folder', [id]);
  return result.rowCount > 0;
}

export async function insertFolder(tx: Queryable, parentId: number | null, name: string, userId: number): Promise<number> {
  const result = await tx.query<{ id: number }>(
    'INSERT INTO association_documents (parent_id, is_folder, name, created_by) VALUES ($1, true, $2, $3) RETURNING id',
    [parentId, name, userId],
  );
  return result.rows[0]!.id;
}

export async function insertFile(
  tx: Queryable,
  parentId: number | null,
  file: { key: string; name: string; mime: string; size: number },
  userId: number,
): Promise<number> {
  const result = await tx.query<{ id: number }>(
    'INSERT INTO association_documents (parent_id, is_folder, name, file_key, mime, size, created_by) VALUES ($1, false, $2, $3, $4, $5, $6) RETURNING id',
    [parentId, file.name, file.key, file.mime, file.size, userId],
  );
  return result.rows[0]!.id;
}

/** The entry locked for a change, or null. */
export async function lockEntry(tx: Queryable, id: number): Promise<{ id: number; is_folder: boolean; parent_id: number | null } | null> {
  const result = await tx.query<{ id: number; is_folder: boolean; parent_id: number | null }>(
    'SELECT id, is_folder, parent_id FROM association_documents WHERE id = $1 FOR UPDATE',
    [id],
  );
  return result.rows[0] ?? null;
}

/** Whether `folderId` is `id` itself or lies below it (moving `id` there makes a cycle). */
export async function isSelfOrBelow(tx: Queryable, folderId: number, id: number): Promise<boolean> {
  const result = await tx.query(
    `WITH RECURSIVE up AS (
       SELECT id, parent_id, 0 AS depth FROM association_documents WHERE id = $1
       UNION ALL
       SELECT d.id, d.parent_id, up.depth + 1 FROM association_documents d JOIN up ON d.id = up.parent_id WHERE up.depth < 100
     )
     SELECT 1 FROM up WHERE id = $2`,
    [folderId, id],
  );
  return result.rowCount > 0;
}

/** Renames, moves and/or hides an entry of the version read; answers the new version (stale: 409). */
export async function updateEntry(tx: Queryable, id: number, change: { n?: string; p?: number | null; h?: boolean }, version: number): Promise<number> {
  return updateVersioned(tx, {
    table: 'association_documents',
    set: `name = COALESCE($2, name), parent_id = CASE WHEN $3 THEN $4::int ELSE parent_id END, h = COALESCE($5, h), updated_at = now()`,
    where: 'id = $1',
    params: [id, change.n ?? null, change.p !== undefined, change.p ?? null, change.h ?? null],
    version,
  });
}

/** Whether a folder holds any entry. */
export async function hasChildren(tx: Queryable, id: number): Promise<boolean> {
  return (await tx.query('SELECT 1 FROM association_documents WHERE parent_id = $1 LIMIT 1', [id])).rowCount > 0;
}

/** Deletes an entry and everything below it; answers the file keys to remove after the commit. */
export async function deleteTree(tx: Queryable, id: number): Promise<string[]> {
  const result = await tx.query<{ id: number; file_key: string | null; depth: number }>(
    `WITH RECURSIVE down AS (
       SELECT id, file_key, 0 AS depth FROM association_documents WHERE id = $1
       UNION ALL
       SELECT d.id, d.file_key, down.depth + 1 FROM association_documents d JOIN down ON d.parent_id = down.id WHERE down.depth < 100
     )
     SELECT id, file_key, depth FROM down`,
    [id],
  );
  // One statement: the parent reference (NO ACTION) is checked at its end, when the whole tree is gone.
  const rows = result.rows;
  await tx.query('DELETE FROM association_documents WHERE id = ANY($1::int[])', [rows.map((row) => row.id)]);
  return rows.flatMap((row) => (row.file_key ? [row.file_key] : []));
}
