import { http } from 'shared-kernel';
import type { StudentDocument, StudentDocumentList } from 'shared-kernel/contracts';

/** GET /api-document/doc-student?stid&page: one page (10 rows) of the student's documents. */
export function getStudentDocuments(studentId: number, page: number, signal?: AbortSignal): Promise<StudentDocumentList> {
  return http
    .get('api-document/doc-student', { searchParams: { stid: studentId, page }, signal })
    .json<StudentDocumentList>();
}

/**
 * POST /api-document/doc-student?stid (multipart, one `file` field per file). The server checks
 * type by content, size and count; refusals answer {error: 1100..1102}.
 */
export async function uploadStudentDocuments(studentId: number, files: File[]): Promise<void> {
  const body = new FormData();
  for (const file of files) body.append('file', file);
  await http.post('api-document/doc-student', { searchParams: { stid: studentId }, body });
}

/** DELETE /api-document/doc-student?id&stid. */
export async function deleteStudentDocument(studentId: number, documentId: number): Promise<void> {
  await http.delete('api-document/doc-student', { searchParams: { id: documentId, stid: studentId } });
}

/** Download link of a document (GET /api-document/sddl?id&tid; the server sets Content-Disposition). */
export function studentDocumentUrl(document: Pick<StudentDocument, 'id' | 'tid'>): string {
  const query = new URLSearchParams({ id: String(document.id), tid: String(document.tid) });
  return `/api-document/sddl?${query.toString()}`;
}
