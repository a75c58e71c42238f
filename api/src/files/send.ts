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
 * /api-* answer). 404 when the bytes are gone. The bytes stream from the store (a file or an
 * object store response) without being held in memory.
 */
export async function sendStoredFile(reply: FastifyReply, store: FileStore, file: StoredFileRef): Promise<FastifyReply> {
  const opened = await store.open(file.key);
  if (!opened) throw notFound();
  return reply
    .header('content-type', file.mime)
    .header('content-length', String(opened.size))
    .header('content-disposition', contentDisposition(file.name))
    .header('x-content-type-options', 'nosniff')
    .header('content-security-policy', "default-src 'none'; sandbox")
    .header('cache-control', 'no-store')
    .send(opened.stream);
}
