import { http } from 'shared-kernel';
import type { Album, AlbumFile, AlbumForm, AlbumListRow } from 'shared-kernel/contracts';

/** GET /api-content/album-list: the albums of the schools in view. */
export async function getAlbumList(signal?: AbortSignal): Promise<AlbumListRow[]> {
  return (await http.get('api-content/album-list', { signal }).json<{ rows: AlbumListRow[] }>()).rows;
}

/** GET /api-content/album?id: one album with its images in gallery order and its version. */
export function getAlbum(id: number, signal?: AbortSignal): Promise<Album> {
  return http.get('api-content/album', { searchParams: { id }, signal }).json<Album>();
}

/** POST /api-content/album (create, also 'copy'). */
export async function createAlbum(body: AlbumForm): Promise<number> {
  return (await http.post('api-content/album', { json: body }).json<{ id: number }>()).id;
}

/** PUT /api-content/album?id with the version read (409 when someone saved meanwhile). */
export async function updateAlbum(id: number, body: AlbumForm, version: number): Promise<number> {
  return (await http.put('api-content/album', { searchParams: { id }, json: { ...body, version } }).json<{ version: number }>()).version;
}

/** DELETE /api-content/album?id */
export async function deleteAlbum(id: number): Promise<void> {
  await http.delete('api-content/album', { searchParams: { id } });
}

/**
 * POST /api-content/album-file?sid (multipart `file`): one image, re-encoded by the server.
 * No byte progress on purpose: ky measures it by streaming the request body, which Chromium
 * allows only over HTTP/2 (uploads over HTTP/1.1 would fail); the form shows a running bar.
 */
export function uploadAlbumImage(file: File, schoolId: number, signal?: AbortSignal): Promise<AlbumFile> {
  const body = new FormData();
  body.append('file', file, file.name);
  return http.post('api-content/album-file', { searchParams: { sid: schoolId }, body, signal }).json<AlbumFile>();
}

/** Address of an album image in a size (GET /api-cubic/image/{id}-{size}). */
export const albumImageUrl = (id: number, size = '0x200') => `/api-cubic/image/${id}-${size}`;
