import { randomBytes } from 'node:crypto';
import { mkdir, open, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';
import { assertFileKey, isFileKey, isFileNotFound, newFileKey, removeKeysQuietly, type FileStore, type OpenedFile } from './file-store.js';

/**
 * The folder backend: bytes under `<root>/<2 chars>/<random id>` (root = DATA_DIR/files).
 * The root must not be inside a folder the server serves (the app checks it at start). One
 * machine only: a second machine cannot see these files (use the object store there).
 */
export class FolderFileStore implements FileStore {
  readonly kind = 'folder';
  readonly root: string;

  constructor(root: string) {
    this.root = resolve(root);
  }

  get location(): string {
    return this.root;
  }

  /** Absolute path of a key; throws on anything that is not a store key. */
  path(key: string): string {
    assertFileKey(key);
    const full = join(this.root, key);
    if (!full.startsWith(this.root + sep)) throw new Error('not a file key');
    return full;
  }

  async put(bytes: Buffer, key = newFileKey()): Promise<string> {
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

  async size(key: string): Promise<number | null> {
    try {
      const info = await stat(this.path(key));
      return info.isFile() ? info.size : null;
    } catch {
      return null;
    }
  }

  async open(key: string): Promise<OpenedFile | null> {
    let handle;
    try {
      handle = await open(this.path(key), 'r');
    } catch (error) {
      if (isFileNotFound(error)) return null;
      throw error;
    }
    // Size and stream from the same open file: a file replaced meanwhile cannot mismatch.
    const info = await handle.stat();
    if (!info.isFile()) {
      await handle.close();
      return null;
    }
    return { size: info.size, stream: handle.createReadStream() };
  }

  async remove(key: string): Promise<void> {
    await rm(this.path(key), { force: true });
  }

  async removeQuietly(keys: readonly (string | null | undefined)[]): Promise<void> {
    await removeKeysQuietly(this, keys);
  }

  async *keys(): AsyncIterable<string> {
    let folders: string[];
    try {
      folders = await readdir(this.root);
    } catch (error) {
      if (isFileNotFound(error)) return;
      throw error;
    }
    for (const folder of folders.sort()) {
      if (!/^[0-9a-f]{2}$/.test(folder)) continue;
      let names: string[];
      try {
        names = await readdir(join(this.root, folder));
      } catch {
        continue; // not a folder
      }
      // Temporary names of writes under way (`.<hex>.tmp`) are no keys and stay out.
      for (const name of names.sort()) if (isFileKey(`${folder}/${name}`)) yield `${folder}/${name}`;
    }
  }

  async close(): Promise<void> {}
}
