import { randomBytes } from 'node:crypto';
import { createReadStream, type ReadStream } from 'node:fs';
import { mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';

/**
 * A stored file's key: `<2 hex>/<32 hex>` (the first two characters again as a folder, so no
 * folder grows too large), optionally `.<variant>` for a derived file (a resized picture).
 * Keys are made by the server only; names users give never reach the file system.
 */
const KEY_PATTERN = /^[0-9a-f]{2}\/[0-9a-f]{32}(?:\.[a-z0-9]{1,20})?$/;

/** True when `key` has the shape the store makes (no path tricks possible). */
export function isFileKey(key: unknown): key is string {
  return typeof key === 'string' && KEY_PATTERN.test(key) && key.slice(0, 2) === key.slice(3, 5);
}

/**
 * File bytes under `<root>/<2 chars>/<random id>` (root = DATA_DIR/files). The database keeps
 * the metadata (name, type, size, owner) and the key; this only stores and reads bytes. The
 * root must not be inside a folder the server serves (the app checks it at start).
 */
export class FileStore {
  readonly root: string;

  constructor(root: string) {
    this.root = resolve(root);
  }

  /** A fresh random key (128 bits). */
  static newKey(): string {
    const id = randomBytes(16).toString('hex');
    return `${id.slice(0, 2)}/${id}`;
  }

  /** The key of a derived file (e.g. a picture size) of `key`. */
  static variantKey(key: string, variant: string): string {
    const base = key.split('.')[0];
    const result = `${base}.${variant}`;
    if (!isFileKey(result)) throw new Error(`bad variant "${variant}"`);
    return result;
  }

  /** Absolute path of a key; throws on anything that is not a store key. */
  path(key: string): string {
    if (!isFileKey(key)) throw new Error('not a file key');
    const full = join(this.root, key);
    if (!full.startsWith(this.root + sep)) throw new Error('not a file key');
    return full;
  }

  /**
   * Writes bytes under a new key (or the given one) and returns the key. Written to a
   * temporary name first and renamed, so a reader never sees half a file.
   */
  async put(bytes: Buffer, key = FileStore.newKey()): Promise<string> {
    const target = this.path(key);
    await mkdir(dirname(target), { recursive: true });
    const temp = `${target}.${randomBytes(6).toString('hex')}.tmp`;
    try {
      await writeFile(temp, bytes, { flag: 'wx', mode: 0o600 });
      await rename(temp, target);
    } catch (error) {
      await rm(temp, { force: true });
      throw error;
    }
    return key;
  }

  async read(key: string): Promise<Buffer> {
    return readFile(this.path(key));
  }

  /** Size in bytes, or null when there is no such file. */
  async size(key: string): Promise<number | null> {
    try {
      const info = await stat(this.path(key));
      return info.isFile() ? info.size : null;
    } catch {
      return null;
    }
  }

  stream(key: string): ReadStream {
    return createReadStream(this.path(key));
  }

  /** Removes a file (and nothing when it is gone already). */
  async remove(key: string): Promise<void> {
    await rm(this.path(key), { force: true });
  }

  /** Removes the files of `keys`, ignoring failures (cleanup after a committed delete). */
  async removeQuietly(keys: readonly (string | null | undefined)[]): Promise<void> {
    await Promise.all(keys.filter((k): k is string => isFileKey(k)).map((k) => this.remove(k).catch(() => undefined)));
  }
}
