import type { FastifyReply } from 'fastify';
import { notFound } from '../lib/http-error.js';
import type { FileStore } from './file-store.js';
import { contentDisposition } from './names.js';

/** A stored file as a download needs it (from the database row). */
export interface StoredFileRef {
  key: string;
  /** Display name (sent in Content-Disposition). */
  name: string;
  /** Content-Type recorded when the content was checked on upload. */
  mime: string;
}

/**
 * Sends a stored file as a download: `Content-Disposition: attachment` with a safe name,
 * the Content-Type recorded on upload, `nosniff` (the browser never guesses a type), a CSP
 * sandbox (should it be opened anyway, nothing in it runs); never cached (no-store, as every
 * /api-* answer). 404 when the bytes are gone.
 */
export async function sendStoredFile(reply: FastifyReply, store: FileStore, file: StoredFileRef): Promise<FastifyReply> {
  const size = await store.size(file.key);
  if (size === null) throw notFound();
  return reply
    .header('content-type', file.mime)
    .header('content-length', String(size))
    .header('content-disposition', contentDisposition(file.name))
    .header('x-content-type-options', 'nosniff')
    .header('content-security-policy', "default-src 'none'; sandbox")
    .header('cache-control', 'no-store')
    .send(store.stream(file.key));
}
