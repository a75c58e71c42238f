import fp from 'fastify-plugin';
import swagger from '@fastify/swagger';
import { createReadStream } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { API_DIR } from '../../lib/paths.js';

// The Swagger UI files ship in @fastify/swagger-ui's static folder; they are served here
// directly (that plugin pulls in ESM-only dependencies that jest cannot load).
const UI_FILES: Record<string, string> = {
  'swagger-ui.css': 'text/css; charset=utf-8',
  'index.css': 'text/css; charset=utf-8',
  'swagger-ui-bundle.js': 'text/javascript; charset=utf-8',
  'swagger-ui-standalone-preset.js': 'text/javascript; charset=utf-8',
  'favicon-32x32.png': 'image/png',
};

function uiDirectory(): string {
  const require = createRequire(join(API_DIR, 'package.json'));
  return join(dirname(require.resolve('@fastify/swagger-ui/package.json')), 'static');
}

const PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>School back office API</title>
<link rel="stylesheet" href="/api-docs/static/swagger-ui.css">
<link rel="icon" href="/api-docs/static/favicon-32x32.png">
</head>
<body>
<div id="swagger-ui"></div>
<script src="/api-docs/static/swagger-ui-bundle.js"></script>
<script src="/api-docs/init.js"></script>
</body>
</html>
`;

// An external script, not inline: the Content-Security-Policy allows scripts from 'self' only.
const INIT = `window.ui = SwaggerUIBundle({ url: '/api-docs/json', dom_id: '#swagger-ui', deepLinking: true });\n`;

/** OpenAPI generated from the route schemas; the UI at /api-docs, the JSON at /api-docs/json. */
export default fp(
  async function apiDocs(app: FastifyInstance) {
    await app.register(swagger, {
      openapi: {
        info: {
          title: 'School back office API',
          description:
            'Every call of the back office. Errors answer `{ "error": <code> }` (spec 001 §8). State-changing calls need the `X-Client-Version` header; the session is the `sbo_session` cookie set by POST /api-auth/login.',
          version: app.config.version,
        },
        components: {
          securitySchemes: { session: { type: 'apiKey', in: 'cookie', name: 'sbo_session' } },
        },
      },
    });

    const hidden = { hide: true } as Record<string, unknown>;
    const directory = uiDirectory();
    app.get('/api-docs', { config: { access: 'public' }, schema: hidden }, async (_request, reply) =>
      reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(PAGE),
    );
    app.get('/api-docs/init.js', { config: { access: 'public' }, schema: hidden }, async (_request, reply) =>
      reply.type('text/javascript; charset=utf-8').header('cache-control', 'no-cache').send(INIT),
    );
    app.get('/api-docs/json', { config: { access: 'public' }, schema: hidden }, async (_request, reply) =>
      reply.header('cache-control', 'no-cache').send(app.swagger()),
    );
    app.get('/api-docs/static/:file', { config: { access: 'public' }, schema: hidden }, async (request, reply) => {
      const { file } = request.params as { file: string };
      const type = UI_FILES[file];
      if (!type) return reply.code(404).type('text/plain; charset=utf-8').send('Not found');
      return reply.type(type).header('cache-control', 'public, max-age=86400').send(createReadStream(join(directory, file)));
    });
  },
  { name: 'swagger' },
);
