// What a built JavaScript file holds, read from the file and the source map the production
// build writes beside it (devtool 'source-map'): its raw and gzip size, and how many of its
// minified bytes come from each source module. Deterministic: the same build gives the same
// answer, whatever the machine's load. Used by scripts/bench-bundle.mjs.
import { existsSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';

/** The apps whose builds the server serves: URL prefix -> package directory. */
export const APPS = [
  { name: 'management', prefix: '/remotes/management/', dir: 'mf-management' },
  { name: 'finance', prefix: '/remotes/finance/', dir: 'mf-finance' },
  { name: 'association', prefix: '/remotes/association/', dir: 'mf-association' },
  { name: 'content', prefix: '/remotes/content/', dir: 'mf-content' },
  { name: 'shell', prefix: '/', dir: 'shell' },
];

/**
 * Code every federation container carries on purpose (its own webpack and federation runtime,
 * the style-loader helpers): present in several files of one page by design, so not a
 * "library loaded twice".
 */
const PER_CONTAINER = [
  /^webpack\//,
  /^node_modules\/@module-federation\//,
  /^node_modules\/(css-loader|style-loader)\//,
  /^shared-kernel\/src\/federation\/runtime-plugin\.ts$/,
];

const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const BASE64_VALUE = new Map([...BASE64].map((c, i) => [c, i]));

/** Decodes one source-map segment (base64 VLQ) into its numbers. */
function decodeSegment(segment) {
  const values = [];
  let value = 0;
  let shift = 0;
  for (const char of segment) {
    const digit = BASE64_VALUE.get(char);
    if (digit === undefined) throw new Error(`bad source map character ${char}`);
    value += (digit & 31) << shift;
    if (digit & 32) {
      shift += 5;
    } else {
      values.push(value & 1 ? -(value >>> 1) : value >>> 1);
      value = 0;
      shift = 0;
    }
  }
  return values;
}

/**
 * Bytes of the generated file per source index: every mapped segment owns the generated text
 * up to the next segment of its line. Unmapped text (webpack's glue) is left out.
 */
function bytesPerSource(code, mappings, sourceCount) {
  const bytes = new Array(sourceCount).fill(0);
  const lines = code.split('\n');
  const mappedLines = mappings.split(';');
  let source = 0;
  for (let lineIndex = 0; lineIndex < mappedLines.length && lineIndex < lines.length; lineIndex++) {
    const line = lines[lineIndex];
    const segments = mappedLines[lineIndex] ? mappedLines[lineIndex].split(',') : [];
    let column = 0;
    const starts = [];
    for (const segment of segments) {
      if (!segment) continue;
      const values = decodeSegment(segment);
      column += values[0];
      if (values.length >= 4) {
        source += values[1];
        starts.push([column, source]);
      } else {
        starts.push([column, -1]);
      }
      // Lines and columns of the original text are not needed: only the source index is.
    }
    for (let i = 0; i < starts.length; i++) {
      const [from, owner] = starts[i];
      if (owner < 0) continue;
      const to = i + 1 < starts.length ? starts[i + 1][0] : line.length;
      bytes[owner] += Buffer.byteLength(line.slice(from, to));
    }
  }
  return bytes;
}

/**
 * A source map's source as a repository path: 'webpack://sbo_content/../node_modules/x/y.js'
 * -> 'node_modules/x/y.js', 'webpack://sbo_content/./src/a.tsx' -> 'mf-content/src/a.tsx'.
 * webpack's own modules keep their 'webpack/...' names.
 */
function repositoryPath(root, appDir, source) {
  const path = source.replace(/^webpack:\/\/[^/]*\//, '');
  if (!path.startsWith('.') && !path.startsWith('/')) return path;
  return relative(root, resolve(root, appDir, path)).split('\\').join('/');
}

/**
 * The package a source belongs to: a node_modules package name, 'shared-kernel', the app's
 * own code ('<app> (own code)'), or 'webpack runtime'.
 */
export function packageOf(source) {
  const inModules = /(?:^|\/)node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(source);
  if (inModules) return inModules[1];
  if (source.startsWith('shared-kernel/')) return 'shared-kernel';
  if (source.startsWith('webpack/')) return 'webpack runtime';
  const app = APPS.find((a) => source.startsWith(`${a.dir}/`));
  return app ? `${app.name} (own code)` : source;
}

/** True for code each federation container carries on purpose (see PER_CONTAINER). */
export function isPerContainer(source) {
  return PER_CONTAINER.some((pattern) => pattern.test(source));
}

/**
 * Maps a served URL path to the app and the built file. The shell is served at the root; each
 * remote under /remotes/<name>/.
 * @returns {{ app: string, file: string } | null}
 */
export function builtFileOf(root, urlPath) {
  const app = APPS.find((a) => urlPath.startsWith(a.prefix));
  if (!app) return null;
  const name = decodeURIComponent(urlPath.slice(app.prefix.length));
  if (!name || name.includes('..') || name.includes('/')) return null;
  return { app: app.name, file: join(root, app.dir, 'dist', name) };
}

const cache = new Map();

/**
 * Size and composition of one built file.
 * @returns {{ raw: number, gzip: number, sources: Map<string, number> }} sources: repository
 *   path -> minified bytes of that module in this file
 */
export function analyseFile(root, app, file) {
  const cached = cache.get(file);
  if (cached) return cached;
  if (!existsSync(file)) throw new Error(`${file} is missing: was the build changed during the measurement?`);
  const body = readFileSync(file);
  const sources = new Map();
  const mapFile = `${file}.map`;
  if (existsSync(mapFile)) {
    const map = JSON.parse(readFileSync(mapFile, 'utf8'));
    const appDir = APPS.find((a) => a.name === app).dir;
    const bytes = bytesPerSource(body.toString('utf8'), map.mappings, map.sources.length);
    map.sources.forEach((source, index) => {
      const path = repositoryPath(root, appDir, source);
      sources.set(path, (sources.get(path) ?? 0) + bytes[index]);
    });
  }
  const result = { raw: body.length, gzip: gzipSync(body).length, sources };
  cache.set(file, result);
  return result;
}

/**
 * Source modules present in more than one loaded file.
 * - `instances`: in files of two or more apps (two webpack runtimes, so two copies run: a
 *   library loaded twice, e.g. a second session store).
 * - `repeats`: in two or more files of one app (downloaded twice, but the app's runtime runs
 *   it once).
 * Code every container carries by design is left out.
 * @param {Array<{ app: string, name: string, sources: Map<string, number> }>} files
 */
export function duplicateSources(files) {
  const where = new Map();
  for (const file of files) {
    for (const [source, bytes] of file.sources) {
      if (isPerContainer(source) || bytes === 0) continue;
      const entry = where.get(source) ?? { files: [], apps: new Set(), bytes: 0 };
      entry.files.push(`${file.app}/${file.name}`);
      entry.apps.add(file.app);
      entry.bytes += bytes;
      where.set(source, entry);
    }
  }
  const found = [...where.entries()]
    .filter(([, entry]) => entry.files.length > 1)
    .map(([source, entry]) => ({ pkg: packageOf(source), source, files: entry.files, apps: entry.apps.size, bytes: entry.bytes }))
    .sort((a, b) => a.pkg.localeCompare(b.pkg) || a.source.localeCompare(b.source));
  return { instances: found.filter((d) => d.apps > 1), repeats: found.filter((d) => d.apps === 1) };
}

/** The largest sources and packages of a set of files, by minified bytes. */
export function largestParts(files, count) {
  const bySource = new Map();
  const byPackage = new Map();
  for (const file of files) {
    for (const [source, bytes] of file.sources) {
      const key = `${source} (${file.app})`;
      bySource.set(key, (bySource.get(key) ?? 0) + bytes);
      const pkg = packageOf(source);
      byPackage.set(pkg, (byPackage.get(pkg) ?? 0) + bytes);
    }
  }
  const top = (map) =>
    [...map.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).slice(0, count);
  return { modules: top(bySource), packages: top(byPackage) };
}
