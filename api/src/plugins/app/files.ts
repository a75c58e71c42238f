import fp from 'fastify-plugin';
import multipart from '@fastify/multipart';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, resolve, isAbsolute } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { REMOTE_NAMES } from '../../config.js';
import type { AppConfig } from '../../config.js';
import type { FileStore } from '../../files/file-store.js';
import { FolderFileStore } from '../../files/folder-store.js';
import { S3FileStore } from '../../files/s3-store.js';

/** Largest single file any upload route accepts; routes pass lower limits per call. */
export const MAX_UPLOAD_BYTES = 25 * 1024 * 1024;

function isInside(parent: string, child: string): boolean {
  const rel = relative(parent, child);
  return rel === '' || (!rel.startsWith('..') && !isAbsolute(rel));
}

/**
 * The file store the configuration chooses: the object store when S3_BUCKET is set (every
 * process on every machine sees the same files; checked here, so a wrong bucket or key
 * fails at start rather than at the first upload), else the folder DATA_DIR/files, or a
 * temporary folder per app when the database is in memory (tests), removed on close.
 * Refuses a files folder inside a folder the server serves.
 */
export async function openFileStore(config: AppConfig): Promise<{ store: FileStore; temporary: string | null }> {
  if (config.s3) {
    const store = new S3FileStore(config.s3);
    try {
      await store.check();
    } catch (error) {
      await store.close();
      throw error;
    }
    return { store, temporary: null };
  }
  const inMemory = !config.databaseUrl && config.embeddedDataDir.startsWith('memory://');
  const root = inMemory ? mkdtempSync(join(tmpdir(), 'sbo-files-')) : join(config.dataDir, 'files');
  const served = ['shell', ...REMOTE_NAMES.map((name) => `mf-${name}`)].map((dir) => resolve(config.staticRoot, dir, 'dist'));
  if (served.some((dir) => isInside(dir, resolve(root)))) {
    throw new Error(`The files folder ${root} lies inside a folder the server serves; set DATA_DIR elsewhere`);
  }
  mkdirSync(root, { recursive: true, mode: 0o700 });
  return { store: new FolderFileStore(root), temporary: inMemory ? root : null };
}

/**
 * Files: the store (app.files, see openFileStore) and multipart parsing with hard limits
 * (@fastify/multipart is not bounded by bodyLimit).
 */
export default fp(
  async function files(app: FastifyInstance) {
    const { store, temporary } = await openFileStore(app.config);
    app.decorate('files', store);
    app.log.info({ files: store.location }, `file store: ${store.kind}`);
    app.addHook('onClose', async () => {
      await store.close();
      if (temporary) rmSync(temporary, { recursive: true, force: true });
    });

    await app.register(multipart, {
      throwFileSizeLimit: true,
      limits: { fileSize: MAX_UPLOAD_BYTES, files: 10, parts: 30, fields: 20, fieldSize: 10_000, fieldNameSize: 100, headerPairs: 100 },
    });
  },
  { name: 'files' },
);
