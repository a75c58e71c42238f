import { http } from 'shared-kernel';
import type { AssociationDocumentList } from 'shared-kernel/contracts';

export type { AssociationDocumentEntry, AssociationDocumentList } from 'shared-kernel/contracts';

/** GET /api-document/list?f=: a folder ('root' or an id) with its path. */
export function getDocumentFolder(folder: string, signal?: AbortSignal): Promise<AssociationDocumentList> {
  return http.get('api-document/list', { searchParams: { f: folder }, signal }).json<AssociationDocumentList>();
}

/** GET /api-document/list?s=: entries whose name contains `search`, in every folder. */
export function searchDocuments(search: string, signal?: AbortSignal): Promise<AssociationDocumentList> {
  return http.get('api-document/list', { searchParams: { s: search }, signal }).json<AssociationDocumentList>();
}

/** Download address of a document (GET /api-document/file?id; the server checks access). */
export function documentFileUrl(id: number): string {
  return `/api-document/file?id=${encodeURIComponent(String(id))}`;
}

/** POST /api-document/folder (superadmin). */
export function createDocumentFolder(parent: number | null, name: string): Promise<{ id: number }> {
  return http.post('api-document/folder', { json: { p: parent, n: name } }).json<{ id: number }>();
}

/** POST /api-document/upload?p= (superadmin): files checked by content on the server. */
export function uploadDocuments(parent: number | null, files: readonly File[]): Promise<{ ids: number[] }> {
  const body = new FormData();
  for (const file of files) body.append('files', file, file.name);
  return http.post('api-document/upload', { searchParams: parent === null ? {} : { p: parent }, body }).json<{ ids: number[] }>();
}

/** PUT /api-document/entry?id (superadmin): rename (n), move (p) and/or hide (h). */
export async function updateDocumentEntry(id: number, change: { n?: string; p?: number | null; h?: boolean; version: number }): Promise<void> {
  await http.put('api-document/entry', { searchParams: { id }, json: change });
}

/** DELETE /api-document/entry?id (superadmin); recursive also deletes a folder's content. */
export async function deleteDocumentEntry(id: number, recursive: boolean): Promise<void> {
  await http.delete('api-document/entry', { searchParams: { id, recursive } });
}
