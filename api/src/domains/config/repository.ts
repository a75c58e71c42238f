import {
  CONFIG_KEYS,
  type ConfigCat,
  type ConfigItem,
  type ConfigKey,
  type ConfigKeyDef,
  type ConfigValue,
  type ConfigValues,
} from 'shared-kernel/contracts';
import type { Queryable } from '../../db/index.js';
import type { FileStore } from '../../files/index.js';
import { updateVersioned } from '../../lib/record-version.js';

/**
 * Configuration values (migration 062): one row per key and school, school NULL = all
 * schools. The value in force for a school: its own row, else the all-schools row, else the
 * default in code (CONFIG_KEYS). Row-level security limits a scoped transaction to the
 * caller's schools; the all-schools rows are readable by everyone.
 */

/** Where a value is kept: a school, or null for all schools. */
export type ConfigScope = number | null;

interface ValueRow {
  key: string;
  school_id: number | null;
  value: ConfigValue;
}

async function readRows(db: Queryable, schoolId: ConfigScope, keys: readonly string[]): Promise<ValueRow[]> {
  const result = await db.query<ValueRow>(
    `SELECT key, school_id, value FROM config_values
      WHERE key = ANY ($1::text[]) AND (school_id IS NULL OR school_id = $2::int)`,
    [[...keys], schoolId],
  );
  return result.rows;
}

/**
 * The values in force for a school (its own value, else the all-schools value, else the
 * default), typed by key. For other domains (letters, templates, mail): pass the request's
 * scoped transaction (RLS applies) or a system transaction.
 * @example const { pr_sender, pr_layout } = await readConfigValues(tx, schoolId, ['pr_sender', 'pr_layout']);
 */
export async function readConfigValues<K extends ConfigKey>(db: Queryable, schoolId: ConfigScope, keys: readonly K[]): Promise<ConfigValues<K>> {
  const rows = await readRows(db, schoolId, keys);
  const values = {} as Record<K, ConfigValue>;
  for (const key of keys) {
    const own = schoolId === null ? undefined : rows.find((row) => row.key === key && row.school_id === schoolId);
    const shared = rows.find((row) => row.key === key && row.school_id === null);
    values[key] = (own ?? shared)?.value ?? (CONFIG_KEYS[key] as ConfigKeyDef).default;
  }
  return values as ConfigValues<K>;
}

/** The items of a category (or one key of it) for a school or all schools, with own/default values. */
export async function readConfigItems(db: Queryable, cat: ConfigCat, schoolId: ConfigScope, onlyKey?: string): Promise<ConfigItem[]> {
  const keys = (Object.keys(CONFIG_KEYS) as ConfigKey[]).filter((key) => CONFIG_KEYS[key].cat === cat && (!onlyKey || key === onlyKey));
  const rows = await readRows(db, schoolId, keys);
  return keys.map((key) => {
    const def: ConfigKeyDef = CONFIG_KEYS[key];
    const own = rows.find((row) => row.key === key && row.school_id === schoolId);
    const shared = schoolId === null ? undefined : rows.find((row) => row.key === key && row.school_id === null);
    const fallback = shared ? shared.value : def.default;
    const item: ConfigItem = { k: key, t: `config.k.${key}`, m: def.mode, v: own ? own.value : fallback, d: fallback, o: !!own };
    if (def.options) item.s = [...def.options];
    if (def.rules) item.r = { ...def.rules };
    return item;
  });
}

/** The version of (cat, school): 1 until the first save. */
export async function readConfigVersion(db: Queryable, cat: ConfigCat, schoolId: ConfigScope): Promise<number> {
  const result = await db.query<{ version: number }>(
    'SELECT version FROM config_forms WHERE cat = $1 AND school_id IS NOT DISTINCT FROM $2::int',
    [cat, schoolId],
  );
  return result.rows[0]?.version ?? 1;
}

/**
 * Checks the version the client read and bumps it (409 {error: 9} when stale). Creates the
 * form's row at version 1 first; a concurrent first save then collides on the version.
 */
export async function bumpConfigVersion(tx: Queryable, cat: ConfigCat, schoolId: ConfigScope, version: number): Promise<number> {
  await tx.query(
    `INSERT INTO config_forms (cat, school_id) VALUES ($1, $2::int)
     ON CONFLICT (cat, (COALESCE(school_id, 0))) DO NOTHING`,
    [cat, schoolId],
  );
  return updateVersioned(tx, {
    table: 'config_forms',
    set: '',
    where: 'cat = $1 AND school_id IS NOT DISTINCT FROM $2::int',
    params: [cat, schoolId],
    version,
  });
}

/** The own values of keys at a scope (key -> value), to skip unchanged writes. */
export async function readOwnValues(tx: Queryable, schoolId: ConfigScope, keys: readonly string[]): Promise<Map<string, ConfigValue>> {
  const result = await tx.query<{ key: string; value: ConfigValue }>(
    'SELECT key, value FROM config_values WHERE key = ANY ($1::text[]) AND school_id IS NOT DISTINCT FROM $2::int',
    [[...keys], schoolId],
  );
  return new Map(result.rows.map((row) => [row.key, row.value]));
}

/** Sets the own value of a key at a scope. */
export async function writeConfigValue(tx: Queryable, schoolId: ConfigScope, key: string, value: ConfigValue, userId: number): Promise<void> {
  await tx.query(
    `INSERT INTO config_values (school_id, key, value, updated_by) VALUES ($1::int, $2, $3::jsonb, $4)
     ON CONFLICT (key, (COALESCE(school_id, 0))) DO UPDATE SET value = EXCLUDED.value, updated_by = EXCLUDED.updated_by, updated_at = now()`,
    [schoolId, key, JSON.stringify(value), userId],
  );
}

/** Drops the own value of a key at a scope (the default applies again). */
export async function dropConfigValue(tx: Queryable, schoolId: ConfigScope, key: string): Promise<void> {
  await tx.query('DELETE FROM config_values WHERE key = $1 AND school_id IS NOT DISTINCT FROM $2::int', [key, schoolId]);
}

/** A stored config image. */
export interface ConfigImage {
  id: number;
  school_id: number | null;
  key: string;
  mime: string;
  file_key: string;
}

/** Records an uploaded image for a key at a scope; answers its id. */
export async function insertConfigImage(
  tx: Queryable,
  schoolId: ConfigScope,
  key: string,
  image: { mime: string; width: number; height: number; fileKey: string },
  userId: number,
): Promise<number> {
  const result = await tx.query<{ id: number }>(
    `INSERT INTO config_images (school_id, key, mime, width, height, file_key, created_by)
     VALUES ($1::int, $2, $3, $4, $5, $6, $7) RETURNING id`,
    [schoolId, key, image.mime, image.width, image.height, image.fileKey, userId],
  );
  return result.rows[0]!.id;
}

/** A config image visible in the transaction (own schools or all schools), or null. */
export async function getConfigImage(tx: Queryable, id: number): Promise<ConfigImage | null> {
  const result = await tx.query<ConfigImage>('SELECT id, school_id, key, mime, file_key FROM config_images WHERE id = $1', [id]);
  return result.rows[0] ?? null;
}

/**
 * The bytes of a logo or signature (the value of pr_logo / pr_sig) for letters: null when the
 * image is not visible in the transaction or its file is gone.
 * @example const logo = typeof pr_logo === 'number' ? await loadConfigImage(tx, app.files, pr_logo) : null;
 */
export async function loadConfigImage(db: Queryable, files: FileStore, id: number): Promise<Buffer | null> {
  const image = await getConfigImage(db, id);
  if (!image) return null;
  try {
    return await files.read(image.file_key);
  } catch {
    return null;
  }
}
