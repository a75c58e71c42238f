import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The file of this module. The server runs as ES modules (no __filename) while jest runs the
 * same sources as CommonJS (where `import.meta` is a syntax error), so in ESM the location is
 * read from a stack frame, which names the module by its file URL.
 */
function thisModuleFile(): string {
  if (typeof __filename === 'string') return __filename;
  const stack = new Error().stack ?? '';
  const match = /(file:\/\/\/[^\s)]*?\/lib\/paths\.[cm]?[jt]s)/.exec(stack);
  if (!match) throw new Error('Cannot locate the api package: unexpected stack format');
  return fileURLToPath(match[1]);
}

/** Directory of the api package (holds src/, dist/, package.json). */
export const API_DIR = resolve(dirname(thisModuleFile()), '..', '..');

/** Root of the monorepo (holds package.json with the product version, shell/, mf-*). */
export const REPO_ROOT = resolve(API_DIR, '..');
