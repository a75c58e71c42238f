import fp from 'fastify-plugin';
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { extname, join, normalize, sep } from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ERROR } from 'shared-kernel/contracts';
import { REMOTE_NAMES, type RemoteName } from '../../config.js';
import { normalisedPath } from '../../lib/request-path.js';

const MIME: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.wasm': 'application/wasm',
};

const NO_CACHE = 'no-cache';
const IMMUTABLE = 'public, max-age=31536000, immutable';
// A content hash in the file name (webpack [contenthash]): safe to cache for a year.
const HASHED_NAME = /[.\-_][0-9a-f]{8,}\.[a-z0-9]+$/i;

/** Cache policy of a served file: entry points and manifests revalidate, hashed chunks never. */
export function cacheControlFor(fileName: string): string {
  if (fileName === 'mf-manifest.json' || fileName === 'remoteEntry.js' || fileName.endsWith('.html')) return NO_CACHE;
  return HASHED_NAME.test(fileName) ? IMMUTABLE : NO_CACHE;
}

/** Resolves `relative` inside `root`; null when it would leave root or is malformed. */
function inside(root: string, relative: string): string | null {
  if (relative.includes('\0')) return null;
  let decoded: string;
  try {
    decoded = decodeURIComponent(relative);
  } catch {
    return null;
  }
  const full = normalize(join(root, decoded));
  return full === root || full.startsWith(root + sep) ? full : null;
}

/**
 * Streams a file read now (not cached in memory: a copied new build is served at once).
 * Answers false when there is no such regular file.
 */
async function sendFile(request: FastifyRequest, reply: FastifyReply, path: string, cacheControl: string): Promise<boolean> {
  let info;
  try {
    info = await stat(path);
  } catch {
    return false;
  }
  if (!info.isFile()) return false;
  const etag = `W/"${info.size.toString(16)}-${Math.floor(info.mtimeMs).toString(16)}"`;
  reply.header('cache-control', cacheControl).header('etag', etag).header('last-modified', info.mtime.toUTCString());
  reply.type(MIME[extname(path).toLowerCase()] ?? 'application/octet-stream');
  if (request.headers['if-none-match'] === etag) {
    reply.code(304).send();
    return true;
  }
  reply.header('content-length', info.size);
  reply.send(request.method === 'HEAD' ? '' : createReadStream(path));
  return true;
}

/** A browser bundle's source map: served only with SOURCE_MAPS=public (the build always writes them). */
function isSourceMap(path: string): boolean {
  return path.replace(/[\\/]+$/, '').toLowerCase().endsWith('.map');
}

function plainNotFound(reply: FastifyReply) {
  return reply.code(404).type('text/plain; charset=utf-8').header('cache-control', NO_CACHE).send('Not found');
}

const NOT_BUILT = `The web application is not built yet.

Run \`npm run build\` in the repository root (or \`npm start\`, which builds what is missing),
then reload this page.
`;

/**
 * The browser side at the same origin as the API:
 * - /remotes.json: the remote registry (name -> manifest URL), no-cache;
 * - source maps (*.map) only with SOURCE_MAPS=public, else 404 (they stay on disk for
 *   scripts/bench-bundle.mjs and for whoever debugs on the server);
 * - /remotes/<name>/...: mf-<name>/dist, with CORS and CORP cross-origin so a host on
 *   another origin may load them; a missing file is a plain 404;
 * - everything else: shell/dist, and for paths without an extension (client routes) the
 *   shell's index.html (SPA fallback). Unknown /api-* paths answer 404 {error: 3}.
 */
export default fp(
  async function staticFiles(app: FastifyInstance) {
    const root = app.config.staticRoot;
    const shellDist = join(root, 'shell', 'dist');
    const hidden = { hide: true } as Record<string, unknown>;
    const servesSourceMaps = app.config.sourceMaps === 'public';

    app.get('/remotes.json', { config: { access: 'public' }, schema: hidden }, async (_request, reply) => {
      reply.header('cache-control', NO_CACHE);
      return app.config.remoteUrls;
    });

    const serveRemote = async (request: FastifyRequest<{ Params: { name: string; '*': string } }>, reply: FastifyReply) => {
      reply.header('access-control-allow-origin', '*').header('cross-origin-resource-policy', 'cross-origin');
      const name = request.params.name as RemoteName;
      if (!REMOTE_NAMES.includes(name)) return plainNotFound(reply);
      const dist = join(root, `mf-${name}`, 'dist');
      const path = inside(dist, request.params['*'] ?? '');
      if (!path || (isSourceMap(path) && !servesSourceMaps) || !(await sendFile(request, reply, path, cacheControlFor(path.split(sep).pop() ?? '')))) return plainNotFound(reply);
      return reply;
    };
    app.get('/remotes/:name/*', { config: { access: 'public' }, schema: hidden }, serveRemote);

    app.get('/*', { config: { access: 'public' }, schema: hidden }, async (request: FastifyRequest<{ Params: { '*': string } }>, reply) => {
      // Decoded as the router decoded it: /%61pi-x is an API path, not a client route.
      const path = normalisedPath(request.url);
      if (path.startsWith('/api-') || path.startsWith('/remotes/')) {
        return reply.code(404).header('cache-control', NO_CACHE).send({ error: ERROR.generic });
      }
      const file = inside(shellDist, request.params['*'] ?? '');
      if (file && isSourceMap(file) && !servesSourceMaps) return plainNotFound(reply);
      if (file && extname(file) && (await sendFile(request, reply, file, cacheControlFor(file.split(sep).pop() ?? '')))) return reply;
      if (extname(path)) return plainNotFound(reply);
      // A client route (/m-dash, /password-reset ...): the shell decides what to show.
      if (await sendFile(request, reply, join(shellDist, 'index.html'), NO_CACHE)) return reply;
      return reply.code(503).type('text/plain; charset=utf-8').header('cache-control', NO_CACHE).send(NOT_BUILT);
    });

    app.setNotFoundHandler((request, reply) => {
      if (normalisedPath(request.url).startsWith('/remotes/')) return plainNotFound(reply);
      return reply.code(404).header('cache-control', NO_CACHE).send({ error: ERROR.generic });
    });
  },
  { name: 'static-files' },
);
