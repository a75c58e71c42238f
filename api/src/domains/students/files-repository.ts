import { STUDENT_DOCUMENTS_PAGE_SIZE, type StudentDocument, type StudentDocumentList } from 'shared-kernel/contracts';
import type { Queryable } from '../../db/index.js';
import { definePagedList, runPagedList } from '../../lib/paged-list.js';

/**
 * Metadata of a student's stored files: documents (documents tab) and the picture. The bytes
 * are in the file store under `file_key`. Functions take the transaction of `db.scoped()`.
 */

// ---- documents ------------------------------------------------------------------------------

/** The documents tab: newest receipt date first, 10 per page (000 §9). */
const DOCUMENT_LIST = definePagedList({
  from: 'student_documents d',
  columns: {},
  defaultOrder: 'd.received_at DESC',
  tiebreak: 'd.id',
  tiebreakDesc: true,
});

/** A page of a student's documents (the student must have been checked visible). */
export async function listStudentDocuments(tx: Queryable, studentId: number, page: number): Promise<StudentDocumentList> {
  return runPagedList<StudentDocument>(
    tx,
    DOCUMENT_LIST,
    { page, pageSize: STUDENT_DOCUMENTS_PAGE_SIZE },
    'd.id, d.tid, d.ext, d.name AS n, d.size AS s, d.received_at AS dr, d.updated_at AS lc',
    { conditions: (bind) => [`d.student_id = ${bind(studentId)}`] },
  );
}

/** A new document row; answers the row as the list shows it. */
export async function insertStudentDocument(
  tx: Queryable,
  doc: { schoolId: number; studentId: number; tid: number; name: string; ext: string; mime: string; size: number; fileKey: string; receivedAt: string | null; userId: number },
): Promise<StudentDocument> {
  const result = await tx.query<StudentDocument>(
    `INSERT INTO student_documents (school_id, student_id, tid, name, ext, mime, size, file_key, received_at, created_by)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, COALESCE($9::date, current_date), $10)
     RETURNING id, tid, ext, name AS n, size AS s, received_at AS dr, updated_at AS lc`,
    [doc.schoolId, doc.studentId, doc.tid, doc.name, doc.ext, doc.mime, doc.size, doc.fileKey, doc.receivedAt, doc.userId],
  );
  return result.rows[0];
}

/** What a download needs of a document. */
export interface StoredDocument {
  id: number;
  student_id: number;
  tid: number;
  name: string;
  mime: string;
  file_key: string;
}

/** A document by id (and type when given), or null when missing or of another school. */
export async function getStudentDocument(tx: Queryable, id: number, tid?: number): Promise<StoredDocument | null> {
  const result = await tx.query<StoredDocument>(
    `SELECT id, student_id, tid, name, mime, file_key FROM student_documents WHERE id = $1 AND ($2::int IS NULL OR tid = $2)`,
    [id, tid ?? null],
  );
  return result.rows[0] ?? null;
}

/** Deletes a document of a student; answers its file key (to remove the bytes after commit) or null. */
export async function deleteStudentDocument(tx: Queryable, id: number, studentId: number): Promise<string | null> {
  const result = await tx.query<{ file_key: string }>(
    'DELETE FROM student_documents WHERE id = $1 AND student_id = $2 RETURNING file_key',
    [id, studentId],
  );
  return result.rows[0]?.file_key ?? null;
}

// ---- picture --------------------------------------------------------------------------------

/** A stored picture. */
export interface StoredPicture {
  file_key: string;
  mime: string;
}

/**
 * Sets a student's picture (row + students.picture_hash); answers the file key of the
 * picture it replaced (to remove after commit), or null.
 */
export async function saveStudentPicture(
  tx: Queryable,
  p: { studentId: number; schoolId: number; hash: string; fileKey: string; mime: string; width: number; height: number; size: number; userId: number },
): Promise<string | null> {
  const old = await tx.query<{ file_key: string }>('SELECT file_key FROM student_pictures WHERE student_id = $1 FOR UPDATE', [p.studentId]);
  await tx.query(
    `INSERT INTO student_pictures (student_id, school_id, hash, file_key, mime, width, height, size, created_by, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, now())
     ON CONFLICT (student_id) DO UPDATE
        SET school_id = EXCLUDED.school_id, hash = EXCLUDED.hash, file_key = EXCLUDED.file_key, mime = EXCLUDED.mime,
            width = EXCLUDED.width, height = EXCLUDED.height, size = EXCLUDED.size, created_by = EXCLUDED.created_by,
            updated_at = now()`,
    [p.studentId, p.schoolId, p.hash, p.fileKey, p.mime, p.width, p.height, p.size, p.userId],
  );
  await tx.query('UPDATE students SET picture_hash = $2, updated_at = now() WHERE id = $1', [p.studentId, p.hash]);
  return old.rows[0]?.file_key ?? null;
}

/** The picture with this content hash among the visible students, or null. */
export async function findPictureByHash(tx: Queryable, hash: string): Promise<StoredPicture | null> {
  const result = await tx.query<StoredPicture>('SELECT file_key, mime FROM student_pictures WHERE hash = $1 ORDER BY student_id LIMIT 1', [hash]);
  return result.rows[0] ?? null;
}
