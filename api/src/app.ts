import Fastify, { LogController, type FastifyInstance, type FastifyServerOptions } from 'fastify';
import type { AppConfig } from './config.js';
import type { Db } from './db/index.js';
import accessGuard from './plugins/app/access.js';
import audit from './plugins/app/audit.js';
import clientVersion from './plugins/app/client-version.js';
import database from './plugins/app/db.js';
import errorHandler, { answerFrameworkError } from './plugins/app/error-handler.js';
import files from './plugins/app/files.js';
import cookie from './plugins/external/cookie.js';
import securityHeaders from './plugins/external/security-headers.js';
import staticFiles from './plugins/external/static-files.js';
import swagger from './plugins/external/swagger.js';
import { ROUTE_PLUGINS } from './domains/index.js';
import { addDateFormats, coerceStrictly } from './lib/route-schemas.js';
import './types.js';

/** Options of {@link buildApp} beyond the configuration. */
export interface BuildAppOptions {
  /** The clock; tests pass one they can move (session expiry, throttling). */
  now?: () => Date;
  /** An opened database; default: openDb(config) when the app starts (ready/listen). */
  db?: Db;
  /** Replaces the pino logger options (tests: false). */
  logger?: FastifyServerOptions['logger'];
}

/** Answers slower than this are logged at level info (others only at debug). */
const SLOW_REQUEST_MS = 1_000;

/** Request bodies above this are refused with 400 unless a route raises its own bodyLimit. */
export const DEFAULT_BODY_LIMIT = 100 * 1024;

// Values never to be written to logs, at any depth the logger sees them.
const SECRET_KEYS = ['password', 'pw', 'pwc', 'pw1', 'pw2', 'current', 'token', 'k', 'iban', 'sepa_iban', 'cookie', 'authorization'];
const REDACT_PATHS = [
  'req.headers.cookie',
  'req.headers.authorization',
  'res.headers["set-cookie"]',
  ...SECRET_KEYS.flatMap((key) => [key, `*.${key}`, `*.*.${key}`]),
];

const SECRET_QUERY_NAMES = new Set(['k', 'token', 'password', 'pw', 'iban']);

/**
 * The URL with secret query parameters (?k=<password link token>, ...) masked, also when
 * the name is percent-encoded (`?%6B=`: the query parser decodes names too).
 */
export function redactUrl(url: string): string {
  return url.replace(/([?&])([^=&#]*)=([^&#]*)/g, (whole, separator: string, name: string) => {
    let decoded = name;
    try {
      decoded = decodeURIComponent(name.replace(/\+/g, ' '));
    } catch {
      // An undecodable name is not one the server reads.
    }
    return SECRET_QUERY_NAMES.has(decoded.trim().toLowerCase()) ? `${separator}${name}=[Redacted]` : whole;
  });
}

function loggerOptions(config: AppConfig): FastifyServerOptions['logger'] {
  return {
    level: config.logLevel,
    redact: { paths: REDACT_PATHS, censor: '[Redacted]' },
    serializers: {
      req: (req: { method: string; url: string; ip?: string; id?: string }) => ({
        id: req.id,
        method: req.method,
        url: redactUrl(req.url),
        remoteAddress: req.ip,
      }),
    },
  };
}

/**
 * Fastify's trustProxy for AppConfig.trustProxy: a list as is; a hop count n as the function
 * "hop < n" (hop 0 is the socket's peer, hop 1 the last X-Forwarded-For entry ...), which is
 * what `trustProxy: n` means in Express and Fastify's docs; Fastify 5.12 itself turns a
 * number into "trust nothing". Never `true` (every hop trusted: a client-sent
 * X-Forwarded-For would become the client's address).
 */
export function trustProxyOption(trust: AppConfig['trustProxy']): false | string[] | ((address: string, hop: number) => boolean) {
  if (typeof trust !== 'number') return trust;
  return (_address, hop) => hop < trust;
}

/**
 * Builds the whole server (API, shell, remotes) for a configuration. The database opens
 * (and migrates, and gets demo data when DEMO is on and it has no users) when the app
 * starts: `await app.ready()` or `app.listen()`.
 */
export function buildApp(config: AppConfig, opts: BuildAppOptions = {}): FastifyInstance {
  const app = Fastify({
    logger: opts.logger ?? loggerOptions(config),
    // Fastify's two lines per request (incoming, completed) cost every request two synchronous
    // writes at the default level; the hook below logs slow answers (info) and every request
    // only at debug. Failures are logged by the error handler.
    logController: new LogController({ disableRequestLogging: true }),
    trustProxy: trustProxyOption(config.trustProxy),
    bodyLimit: DEFAULT_BODY_LIMIT,
    requestTimeout: 120_000,
    return503OnClosing: true,
    // Opening the database runs the migrations and, on an empty demo database, the seed: on a
    // slow or busy machine that takes longer than Fastify's default 10 s per plugin.
    pluginTimeout: 180_000,
    // `//api-fin/income` routes like `/api-fin/income`: hooks decide on the routed path
    // (lib/request-path.ts), so a path spelled differently is checked and audited the same.
    routerOptions: { maxParamLength: 500, ignoreDuplicateSlashes: true },
    frameworkErrors: answerFrameworkError,
    // No ajv coercion: text becomes numbers, booleans and lists only by coerceStrictly (the
    // preValidation hook below); dates are real calendar dates within a plausible range.
    ajv: {
      customOptions: { coerceTypes: false, useDefaults: true, removeAdditional: false, allErrors: false, allowUnionTypes: true },
      plugins: [],
      onCreate: addDateFormats,
    } as FastifyServerOptions['ajv'],
  });

  app.decorate('config', config);
  app.decorate('now', opts.now ?? (() => new Date()));
  app.addHook('onResponse', async (request, reply) => {
    const status = reply.statusCode;
    const ms = reply.elapsedTime;
    // 5xx answers: the error handler has logged the cause.
    if (ms >= SLOW_REQUEST_MS) request.log.info({ req: request, status, ms }, 'slow request');
    else if (request.log.level === 'debug' || request.log.level === 'trace') request.log.debug({ req: request, status, ms }, 'request completed');
  });

  app.addHook('preValidation', async (request) => {
    const schema = request.routeOptions.schema;
    if (!schema) return;
    if (schema.querystring && request.query) coerceStrictly(schema.querystring, request.query);
    if (schema.params && request.params) coerceStrictly(schema.params, request.params);
    if (schema.body && request.body !== undefined) request.body = coerceStrictly(schema.body, request.body);
  });

  app.register(errorHandler);
  app.register(cookie);
  app.register(securityHeaders);
  app.register(clientVersion);
  app.register(database, { db: opts.db });
  app.register(accessGuard);
  app.register(audit);
  app.register(files);
  app.register(swagger);
  for (const { prefix, plugin } of ROUTE_PLUGINS) app.register(plugin, { prefix });
  app.register(staticFiles);
  return app;
}
