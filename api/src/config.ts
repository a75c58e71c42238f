import { readFileSync } from 'node:fs';
import { isAbsolute, join, resolve } from 'node:path';
import type { S3Settings } from './files/s3-store.js';
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
  /**
   * The object store for uploaded files (S3_BUCKET set), or null: files in DATA_DIR/files on
   * this machine only.
   */
  s3: S3Settings | null;
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
  /**
   * Which proxies in front of the server are believed about the client's address
   * (X-Forwarded-For) and protocol: false = none (the socket's address counts), a number =
   * that many hops next to the server, a list = the proxies with these addresses/networks.
   * Never "every hop": a client could then send its own X-Forwarded-For.
   */
  trustProxy: false | number | string[];
  /** 'public': the browser bundles' source maps (*.map) are served; 'private': 404, they stay on disk. */
  sourceMaps: 'public' | 'private';
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
  /**
   * Address of a school's public microsite with `{slug}` in it (e.g.
   * `https://www.schule.example/{slug}`), '' = not configured: "view microsite" then opens the
   * school's public data (/public/schools/{slug}/settings).
   */
  micrositeUrl: string;
  /** Folder of the help videos (<key>.mp4 or .webm, captions <key>.vtt). */
  videoDir: string;
  /** The seminar (events) page shown on /c-seminar, '' = not configured. */
  seminarUrl: string;
  /** HS256 secret of the seminar page's tokens (at least 32 characters), '' = not configured. */
  seminarSecret: string;
  /**
   * The online-contracts page the new-conclusion screen frames when the beta flag
   * new_conclusion_frame is on (http(s) URL), '' = not configured.
   */
  onlineContractsUrl: string;
  /** HS256 secret of the online-contracts page's tokens (at least 32 characters), '' = not configured. */
  onlineContractsSecret: string;
  disabledMemberStatuses: number[];
  sessionIdleMinutes: number;
  sessionAbsoluteHours: number;
  pgStatementTimeoutMs: number;
  pgConnectTimeoutMs: number;
  pgPoolMax: number;
  /** How often each process looks for due jobs (JOB_POLL_MS); enqueued jobs wake it at once. */
  jobPollMs: number;
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

// An IPv4/IPv6 address with an optional /prefix, or a name proxy-addr knows.
const PROXY_ADDRESS = /^(?:loopback|linklocal|uniquelocal|[0-9a-f.:]+(?:\/\d{1,3})?)$/i;

/**
 * TRUST_PROXY (issue 10 item 11): empty/0/false/no/off = trust no proxy; a whole number =
 * that many hops (1 = the one reverse proxy in front; its X-Forwarded-For entry is the
 * client, every entry further left is what the client claimed and is ignored); 1/true/yes/on
 * = one hop; else a comma list of proxy addresses or CIDR networks (each trusted hop must be
 * one of them; the rightmost address that is not becomes the client).
 */
export function parseTrustProxy(raw: string | undefined): false | number | string[] {
  const value = raw?.trim() ?? '';
  const lower = value.toLowerCase();
  if (!value || ['0', 'false', 'no', 'off'].includes(lower)) return false;
  if (['true', 'yes', 'on'].includes(lower)) return 1;
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    if (hops > 10) throw new Error(`TRUST_PROXY must be a hop count from 0 to 10 or an address list, got "${value}"`);
    return hops;
  }
  const addresses = value.split(',').map((item) => item.trim()).filter(Boolean);
  const bad = addresses.find((item) => !PROXY_ADDRESS.test(item));
  if (bad !== undefined) throw new Error(`TRUST_PROXY must be a hop count or a comma list of addresses/CIDR networks, got "${bad}"`);
  return addresses;
}

// S3's bucket naming rules (lower case, digits, dots, hyphens; 3 to 63 characters).
const BUCKET_NAME = /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/;

/**
 * The object store settings (issue 17): S3_BUCKET switches the file store to the object
 * store; S3_URL is its endpoint (unset: AWS itself); keys from S3_ACCESS_KEY_ID /
 * S3_SECRET_ACCESS_KEY, else the AWS SDK's own chain (AWS_ACCESS_KEY_ID ..., a profile, an
 * instance role); S3_REGION (else AWS_REGION, else us-east-1, which MinIO expects);
 * S3_FORCE_PATH_STYLE (default on with S3_URL: MinIO and Ceph serve buckets as paths).
 */
export function parseS3Settings(env: Env): S3Settings | null {
  const bucket = env.S3_BUCKET?.trim() ?? '';
  const endpoint = env.S3_URL?.trim().replace(/\/+$/, '') ?? '';
  const accessKeyId = env.S3_ACCESS_KEY_ID?.trim() ?? '';
  const secretAccessKey = env.S3_SECRET_ACCESS_KEY?.trim() ?? '';
  if (!bucket) {
    if (endpoint || accessKeyId || secretAccessKey) throw new Error('S3_URL or S3 keys are set but S3_BUCKET is not: name the bucket for uploaded files');
    return null;
  }
  if (!BUCKET_NAME.test(bucket)) throw new Error(`S3_BUCKET must be a bucket name (3 to 63 lower-case letters, digits, dots, hyphens), got "${bucket}"`);
  if (endpoint) {
    let url: URL | null;
    try {
      url = new URL(endpoint);
    } catch {
      url = null;
    }
    if (!url || !/^https?:$/.test(url.protocol) || url.username || url.password) {
      throw new Error(`S3_URL must be an http(s) URL without credentials in it, got "${endpoint.replace(/\/\/[^@/]*@/, '//…@')}"`);
    }
  }
  if (Boolean(accessKeyId) !== Boolean(secretAccessKey)) throw new Error('S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together: set both or neither');
  return {
    endpoint: endpoint || null,
    bucket,
    region: text(env, 'S3_REGION', text(env, 'AWS_REGION', 'us-east-1')),
    credentials: accessKeyId ? { accessKeyId, secretAccessKey } : null,
    forcePathStyle: flag(env, 'S3_FORCE_PATH_STYLE') ?? Boolean(endpoint),
  };
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
  const trustProxy = parseTrustProxy(env.TRUST_PROXY);
  const sourceMaps = text(env, 'SOURCE_MAPS', 'private').toLowerCase();
  if (sourceMaps !== 'public' && sourceMaps !== 'private') throw new Error(`SOURCE_MAPS must be "public" or "private", got "${sourceMaps}"`);
  const disabledMemberStatuses = list(env, 'DISABLED_MEMBER_STATUSES', '3,8').map((item) => {
    const value = Number(item);
    if (!Number.isInteger(value)) throw new Error(`DISABLED_MEMBER_STATUSES must be a comma list of numbers, got "${item}"`);
    return value;
  });

  const seminarUrl = env.SEMINAR_URL?.trim() ?? '';
  if (seminarUrl && !/^https?:\/\/[^/]/i.test(seminarUrl)) throw new Error(`SEMINAR_URL must be an http(s) URL, got "${seminarUrl}"`);
  const seminarSecret = env.SEMINAR_SECRET?.trim() ?? '';
  if (seminarSecret && seminarSecret.length < 32) throw new Error('SEMINAR_SECRET must have at least 32 characters');
  const onlineContractsUrl = env.ONLINE_CONTRACTS_URL?.trim() ?? '';
  if (onlineContractsUrl && !/^https?:\/\/[^/]/i.test(onlineContractsUrl)) throw new Error(`ONLINE_CONTRACTS_URL must be an http(s) URL, got "${onlineContractsUrl}"`);
  const onlineContractsSecret = env.ONLINE_CONTRACTS_SECRET?.trim() ?? '';
  if (onlineContractsSecret && onlineContractsSecret.length < 32) throw new Error('ONLINE_CONTRACTS_SECRET must have at least 32 characters');
  const micrositeUrl = env.MICROSITE_URL?.trim() ?? '';
  if (micrositeUrl && !(/^https?:\/\/[^/\s]+/i.test(micrositeUrl) && micrositeUrl.includes('{slug}'))) {
    throw new Error(`MICROSITE_URL must be an http(s) URL containing {slug}, got "${micrositeUrl}"`);
  }
  const videoDir = text(env, 'VIDEO_DIR', join(dataDir, 'videos'));

  return {
    port,
    host: text(env, 'HOST', '0.0.0.0'),
    dataDir,
    s3: parseS3Settings(env),
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
    sourceMaps,
    logLevel: text(env, 'LOG_LEVEL', 'info'),
    country,
    currency,
    networkBrand: text(env, 'NETWORK_BRAND', 'Kampfkunstverband'),
    eventsCalendarUrl: env.EVENTS_CALENDAR_URL?.trim() ?? '',
    mapTileUrl: env.MAP_TILE_URL?.trim() ?? '',
    mapAttribution: env.MAP_ATTRIBUTION?.trim() ?? '',
    betaFlags: list(env, 'BETA_FLAGS', ''),
    micrositeOrigins: list(env, 'MICROSITE_ORIGINS', '').map((origin) => origin.replace(/\/+$/, '')),
    micrositeUrl,
    videoDir: isAbsolute(videoDir) ? videoDir : resolve(process.cwd(), videoDir),
    seminarUrl,
    seminarSecret,
    onlineContractsUrl,
    onlineContractsSecret,
    disabledMemberStatuses,
    sessionIdleMinutes: integer(env, 'SESSION_IDLE_MINUTES', 30, 1, 24 * 60),
    sessionAbsoluteHours: integer(env, 'SESSION_ABSOLUTE_HOURS', 12, 1, 24 * 30),
    pgStatementTimeoutMs: integer(env, 'PG_STATEMENT_TIMEOUT_MS', 10_000, 100),
    pgConnectTimeoutMs: integer(env, 'PG_CONNECT_TIMEOUT_MS', 3_000, 100),
    pgPoolMax: integer(env, 'PG_POOL_MAX', 20, 1, 1000),
    jobPollMs: integer(env, 'JOB_POLL_MS', 5_000, 50, 3_600_000),
  };
}
