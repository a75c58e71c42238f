import { readFileSync } from 'node:fs';
import { isAbsolute, join, resolve } from 'node:path';
import { REPO_ROOT } from './lib/paths.js';

/** Names of the four remotes; each is served from mf-<name>/dist under /remotes/<name>/. */
export const REMOTE_NAMES = ['management', 'finance', 'association', 'content'] as const;
export type RemoteName = (typeof REMOTE_NAMES)[number];

/** Everything the server reads from its environment, parsed and checked once at start. */
export interface AppConfig {
  port: number;
  host: string;
  /** Absolute data directory (embedded database, files). */
  dataDir: string;
  /** PostgreSQL server URL, or null for the embedded PGlite database. */
  databaseUrl: string | null;
  /** PGlite data directory: DATA_DIR/pgdata, or 'memory://' (tests). */
  embeddedDataDir: string;
  /** Seed demo data into an empty database at start. */
  demo: boolean;
  /** Directory holding shell/dist and mf-<name>/dist. */
  staticRoot: string;
  /** Manifest URL per remote (the registry served at /remotes.json). */
  remoteUrls: Record<RemoteName, string>;
  smtpUrl: string | null;
  mailFrom: string;
  /** Base URL for links in mails (no trailing slash). */
  publicUrl: string;
  /** Server version: the root package.json version. */
  version: string;
  /** Lowest X-Client-Version accepted; older clients get 412. */
  minClientVersion: string;
  trustProxy: boolean | number | string;
  logLevel: string;
  country: 'at' | 'de';
  currency: string;
  networkBrand: string;
  eventsCalendarUrl: string;
  /** Map tile URL template ({z}/{x}/{y}, optional {s}) for the student map, '' = no tiles. */
  mapTileUrl: string;
  /** Attribution text the tile server requires. */
  mapAttribution: string;
  betaFlags: string[];
  /** Origins (scheme://host[:port]) whose pages may call the public microsite API from the browser (CORS). */
  micrositeOrigins: string[];
  /** Folder of the help videos (<key>.mp4 or .webm, captions <key>.vtt). */
  videoDir: string;
  /** The seminar (events) page shown on /c-seminar, '' = not configured. */
  seminarUrl: string;
  /** HS256 secret of the seminar page's tokens (at least 32 characters), '' = not configured. */
  seminarSecret: string;
  disabledMemberStatuses: number[];
  sessionIdleMinutes: number;
  sessionAbsoluteHours: number;
  pgStatementTimeoutMs: number;
  pgConnectTimeoutMs: number;
  pgPoolMax: number;
}

type Env = Record<string, string | undefined>;

function text(env: Env, name: string, fallback: string): string {
  const value = env[name]?.trim();
  return value ? value : fallback;
}

function integer(env: Env, name: string, fallback: number, min = 0, max = Number.MAX_SAFE_INTEGER): number {
  const raw = env[name]?.trim();
  if (!raw) return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new Error(`${name} must be a whole number between ${min} and ${max}, got "${raw}"`);
  }
  return value;
}

function flag(env: Env, name: string): boolean | undefined {
  const raw = env[name]?.trim().toLowerCase();
  if (!raw) return undefined;
  if (['1', 'true', 'yes', 'on'].includes(raw)) return true;
  if (['0', 'false', 'no', 'off'].includes(raw)) return false;
  throw new Error(`${name} must be 1/0, true/false, yes/no or on/off, got "${raw}"`);
}

function list(env: Env, name: string, fallback: string): string[] {
  return (env[name] ?? fallback)
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);
}

const SEMVER = /^\d+\.\d+\.\d+(?:[-+].*)?$/;

/** The product version (root package.json), which is also the server version. */
export function readProductVersion(root = REPO_ROOT): string {
  const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { version?: string };
  return pkg.version ?? '0.0.0';
}

/**
 * Reads the configuration from environment variables (README lists them). Throws with a
 * message naming the variable when a value is unusable, so a bad deploy fails at start.
 */
export function loadConfig(env: Env = process.env): AppConfig {
  const port = integer(env, 'PORT', 8080, 0, 65535);
  const dataDir = resolve(process.cwd(), text(env, 'DATA_DIR', './.data'));
  const databaseUrl = env.DATABASE_URL?.trim() || null;
  const version = readProductVersion();
  const minClientVersion = text(env, 'MIN_CLIENT_VERSION', version);
  if (!SEMVER.test(minClientVersion)) throw new Error(`MIN_CLIENT_VERSION must be a semver version, got "${minClientVersion}"`);
  const country = text(env, 'COUNTRY', 'at').toLowerCase();
  if (country !== 'at' && country !== 'de') throw new Error(`COUNTRY must be "at" or "de", got "${country}"`);
  const currency = text(env, 'CURRENCY', 'EUR').toUpperCase();
  if (!/^[A-Z]{3}$/.test(currency)) throw new Error(`CURRENCY must be a three-letter ISO code, got "${currency}"`);
  const staticRoot = text(env, 'STATIC_ROOT', REPO_ROOT);
  const remoteUrls = Object.fromEntries(
    REMOTE_NAMES.map((name) => [name, text(env, `REMOTE_URL_${name.toUpperCase()}`, `/remotes/${name}/mf-manifest.json`)]),
  ) as Record<RemoteName, string>;
  const trustProxyRaw = env.TRUST_PROXY?.trim();
  let trustProxy: boolean | number | string = false;
  if (trustProxyRaw) {
    const asFlag = ['1', 'true', 'yes', 'on'].includes(trustProxyRaw.toLowerCase())
      ? true
      : ['0', 'false', 'no', 'off'].includes(trustProxyRaw.toLowerCase())
        ? false
        : undefined;
    // A number means "trust this many hops"; anything else is an address list.
    trustProxy = asFlag ?? (/^\d+$/.test(trustProxyRaw) ? Number(trustProxyRaw) : trustProxyRaw);
  }
  const disabledMemberStatuses = list(env, 'DISABLED_MEMBER_STATUSES', '3,8').map((item) => {
    const value = Number(item);
    if (!Number.isInteger(value)) throw new Error(`DISABLED_MEMBER_STATUSES must be a comma list of numbers, got "${item}"`);
    return value;
  });

  const seminarUrl = env.SEMINAR_URL?.trim() ?? '';
  if (seminarUrl && !/^https?:\/\/[^/]/i.test(seminarUrl)) throw new Error(`SEMINAR_URL must be an http(s) URL, got "${seminarUrl}"`);
  const seminarSecret = env.SEMINAR_SECRET?.trim() ?? '';
  if (seminarSecret && seminarSecret.length < 32) throw new Error('SEMINAR_SECRET must have at least 32 characters');
  const videoDir = text(env, 'VIDEO_DIR', join(dataDir, 'videos'));

  return {
    port,
    host: text(env, 'HOST', '0.0.0.0'),
    dataDir,
    databaseUrl,
    embeddedDataDir: join(dataDir, 'pgdata'),
    demo: flag(env, 'DEMO') ?? databaseUrl === null,
    staticRoot: isAbsolute(staticRoot) ? staticRoot : resolve(process.cwd(), staticRoot),
    remoteUrls,
    smtpUrl: env.SMTP_URL?.trim() || null,
    mailFrom: text(env, 'MAIL_FROM', 'Back Office <no-reply@localhost>'),
    publicUrl: text(env, 'PUBLIC_URL', `http://localhost:${port}`).replace(/\/+$/, ''),
    version,
    minClientVersion,
    trustProxy,
    logLevel: text(env, 'LOG_LEVEL', 'info'),
    country,
    currency,
    networkBrand: text(env, 'NETWORK_BRAND', 'Kampfkunstverband'),
    eventsCalendarUrl: env.EVENTS_CALENDAR_URL?.trim() ?? '',
    mapTileUrl: env.MAP_TILE_URL?.trim() ?? '',
    mapAttribution: env.MAP_ATTRIBUTION?.trim() ?? '',
    betaFlags: list(env, 'BETA_FLAGS', ''),
    micrositeOrigins: list(env, 'MICROSITE_ORIGINS', '').map((origin) => origin.replace(/\/+$/, '')),
    videoDir: isAbsolute(videoDir) ? videoDir : resolve(process.cwd(), videoDir),
    seminarUrl,
    seminarSecret,
    disabledMemberStatuses,
    sessionIdleMinutes: integer(env, 'SESSION_IDLE_MINUTES', 30, 1, 24 * 60),
    sessionAbsoluteHours: integer(env, 'SESSION_ABSOLUTE_HOURS', 12, 1, 24 * 30),
    pgStatementTimeoutMs: integer(env, 'PG_STATEMENT_TIMEOUT_MS', 10_000, 100),
    pgConnectTimeoutMs: integer(env, 'PG_CONNECT_TIMEOUT_MS', 3_000, 100),
    pgPoolMax: integer(env, 'PG_POOL_MAX', 20, 1, 1000),
  };
}
