import fp from 'fastify-plugin';
import multipart from '@fastify/multipart';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, resolve, isAbsolute } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { REMOTE_NAMES } from '../../config.js';
import { FileStore } from '../../files/file-store.js';

/** Largest single file any upload route accepts; routes pass lower limits per call. */
export const MAX_UPLOAD_BYTES = 25 * 1024 * 1024;

function isInside(parent: string, child: string): boolean {
  const rel = relative(parent, child);
  return rel === '' || (!rel.startsWith('..') && !isAbsolute(rel));
}

/**
 * Files: the store (app.files) under DATA_DIR/files, or a temporary folder per app when the
 * database is in memory (tests), removed on close; and multipart parsing with hard limits
 * (@fastify/multipart is not bounded by bodyLimit). Refuses to start when the files folder
 * lies inside a folder the server serves.
 */
export default fp(
  async function files(app: FastifyInstance) {
    const inMemory = !app.config.databaseUrl && app.config.embeddedDataDir.startsWith('memory://');
    const root = inMemory ? mkdtempSync(join(tmpdir(), 'sbo-files-')) : join(app.config.dataDir, 'files');
    const served = ['shell', ...REMOTE_NAMES.map((name) => `mf-${name}`)].map((dir) => resolve(app.config.staticRoot, dir, 'dist'));
    if (served.some((dir) => isInside(dir, resolve(root)))) {
      throw new Error(`The files folder ${root} lies inside a folder the server serves; set DATA_DIR elsewhere`);
    }
    mkdirSync(root, { recursive: true, mode: 0o700 });
    app.decorate('files', new FileStore(root));
    if (inMemory) app.addHook('onClose', async () => rmSync(root, { recursive: true, force: true }));

    await app.register(multipart, {
      throwFileSizeLimit: true,
      limits: { fileSize: MAX_UPLOAD_BYTES, files: 10, parts: 30, fields: 20, fieldSize: 10_000, fieldNameSize: 100, headerPairs: 100 },
    });
  },
  { name: 'files' },
);
