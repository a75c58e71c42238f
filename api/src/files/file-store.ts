import { randomBytes } from 'node:crypto';
import type { Readable } from 'node:stream';

/**
 * A stored file's key: `<2 hex>/<32 hex>` (the first two characters again as a folder, so no
 * folder grows too large), optionally `.<variant>` for a derived file (a resized picture).
 * Keys are made by the server only; names users give never reach the file system or the
 * object store.
 */
const KEY_PATTERN = /^[0-9a-f]{2}\/[0-9a-f]{32}(?:\.[a-z0-9]{1,20})?$/;

/** True when `key` has the shape the store makes (no path tricks possible). */
export function isFileKey(key: unknown): key is string {
  return typeof key === 'string' && KEY_PATTERN.test(key) && key.slice(0, 2) === key.slice(3, 5);
}

/** Throws on anything that is not a store key (a bug in the caller, never user input). */
export function assertFileKey(key: string): void {
  if (!isFileKey(key)) throw new Error('not a file key');
}

/** A fresh random key (128 bits). */
export function newFileKey(): string {
  const id = randomBytes(16).toString('hex');
  return `${id.slice(0, 2)}/${id}`;
}

/** The key of a derived file (e.g. a picture size) of `key`. */
export function variantKey(key: string, variant: string): string {
  const base = key.split('.')[0];
  const result = `${base}.${variant}`;
  if (!isFileKey(result)) throw new Error(`bad variant "${variant}"`);
  return result;
}

/**
 * What `read` rejects with when the key has no bytes: the same `code` on every backend
 * (a missing file in the folder is fs's ENOENT), so callers need not know the backend.
 */
export class FileNotFoundError extends Error {
  readonly code = 'ENOENT';
  constructor(key: string) {
    super(`no stored file ${key}`);
    this.name = 'FileNotFoundError';
  }
}

/** True for a rejection that means "no such file" (either backend). */
export function isFileNotFound(error: unknown): boolean {
  return (error as { code?: unknown } | null)?.code === 'ENOENT';
}

/** An opened stored file: its length and its bytes as a stream (downloads pipe it out). */
export interface OpenedFile {
  size: number;
  stream: Readable;
}

/**
 * File bytes under server-made keys. The database keeps the metadata (name, type, size,
 * owner) and the key; a store only keeps bytes. Two backends, chosen by configuration
 * (plugins/app/files.ts): a folder (DATA_DIR/files, one machine) and an S3-compatible
 * object store (several machines). Callers only ever see this interface.
 */
export interface FileStore {
  /** Which backend (for logs and the start banner). */
  readonly kind: 'folder' | 's3';
  /** Where the bytes are, for people (a folder path or s3://bucket). */
  readonly location: string;
  /**
   * Writes bytes under a new key (or the given one) and returns the key. A reader never
   * sees half a file (folder: temporary name + rename; S3: a PUT is atomic).
   */
  put(bytes: Buffer, key?: string): Promise<string>;
  /** The whole file; rejects with code ENOENT when there is none. */
  read(key: string): Promise<Buffer>;
  /** Size in bytes, or null when there is no such file (or `key` is no store key). */
  size(key: string): Promise<number | null>;
  /** Opens a file for streaming, or null when there is none. */
  open(key: string): Promise<OpenedFile | null>;
  /** Removes a file (and nothing when it is gone already). */
  remove(key: string): Promise<void>;
  /** Removes the files of `keys`, ignoring failures (cleanup after a committed delete). */
  removeQuietly(keys: readonly (string | null | undefined)[]): Promise<void>;
  /** Every stored key (the move to the object store, checks); order unspecified. */
  keys(): AsyncIterable<string>;
  /** Releases connections (the app's onClose). */
  close(): Promise<void>;
}

/** removeQuietly for any store: failures are ignored, the database row is gone already. */
export async function removeKeysQuietly(store: Pick<FileStore, 'remove'>, keys: readonly (string | null | undefined)[]): Promise<void> {
  await Promise.all(keys.filter((k): k is string => isFileKey(k)).map((k) => store.remove(k).catch(() => undefined)));
}
