import { ERROR } from 'shared-kernel/contracts';
import type { Queryable } from '../db/index.js';
import { HttpError, notFound } from './http-error.js';
import { errorSchema } from './route-schemas.js';

/**
 * Record versions: no lost updates (issue 10 item 7). Every row users edit has
 * `version integer NOT NULL DEFAULT 1` (migration 020). The read of one record answers its
 * `version`; every PUT sends it back (`version`, required, integer >= 1); the repository
 * updates `... SET ..., version = version + 1 WHERE <row> AND version = $n` in the write's
 * transaction. No row updated while the row is still visible = someone saved meanwhile:
 * 409 {error: 9}, nothing changed. A row that is not there (or not visible) stays a 404.
 * The PUT answers the new version: `{success: true, version}`.
 *
 * @example
 * // repository
 * export function updateNote(tx, id, studentId, note, version) {
 *   return updateVersioned(tx, {
 *     table: 'student_notes', set: 'type = $3, text = $4', where: 'id = $1 AND student_id = $2',
 *     params: [id, studentId, note.type, note.text], version,
 *   });
 * }
 * // route
 * schema: { body: withVersionBody(noteBodySchema), response: versionedSaveResponses }
 * const version = await request.scoped((tx) => updateNote(tx, id, stid, note, body.version));
 * return { success: true, version };
 */

/** JSON schema of a version on the wire: the integer the read answered. */
export const versionSchema = { type: 'integer', minimum: 1, maximum: 2147483647 } as const;

/** JSON schema of the answer of a versioned PUT: `{success: true, version}`. */
export const savedWithVersionSchema = {
  type: 'object',
  required: ['success', 'version'],
  properties: { success: { type: 'boolean' }, version: { type: 'integer' } },
} as const;

/** The error answers of a versioned write, including 409 {error: 9}. */
export const versionConflictResponses = { 409: errorSchema } as const;

/** A route's body JSON schema with `version` added as a required property. */
export function withVersionBody<S extends { properties: Record<string, unknown>; required?: readonly string[] }>(
  schema: S,
  version: Record<string, unknown> = versionSchema,
): S & { properties: S['properties'] & { version: typeof versionSchema }; required: string[] } {
  return {
    ...schema,
    properties: { ...schema.properties, version },
    required: [...(schema.required ?? []), 'version'],
  } as S & { properties: S['properties'] & { version: typeof versionSchema }; required: string[] };
}

/** 409 {error: 9}: the record was saved by someone else since the caller read it. */
export const staleVersion = () => new HttpError(409, { error: ERROR.staleVersion });

/**
 * For writes that lock the row first (`SELECT ... FOR UPDATE`) and then change several
 * tables: 409 unless the locked row still has the version the client read.
 */
export function assertVersion(current: number, sent: number): void {
  if (current !== sent) throw staleVersion();
}

/** What {@link updateVersioned} updates. Every text is trusted SQL written in code. */
export interface VersionedUpdate {
  /** Table (may carry an alias). */
  table: string;
  /** The SET list without the version, with $1.. placeholders into `params`; '' = only the version. */
  set: string;
  /** The row's condition (its id, and its parent where the URL names one), placeholders into `params`. */
  where: string;
  params: readonly unknown[];
  /** The version the client read. */
  version: number;
  /** The counter column (default `version`; e.g. students.address_version). */
  versionColumn?: string;
}

/**
 * Runs `UPDATE <table> SET <set>, v = v + 1 WHERE <where> AND v = <version> RETURNING v` and
 * answers the new version, in one statement. No row updated: a stale version (the row is
 * there: 409 {error: 9}) or a missing or invisible row (404); nothing was changed either
 * way. Use it in the write's transaction (RLS applies as for every scoped statement).
 */
export async function updateVersioned(tx: Queryable, update: VersionedUpdate): Promise<number> {
  const column = update.versionColumn ?? 'version';
  if (!/^[a-z_]+$/.test(column)) throw new Error(`bad version column ${column}`);
  const params = [...update.params, update.version];
  // One statement: the update, and whether the row is there at all (the sub-select sees the
  // row as the statement started, so a row someone just saved still counts as there).
  const result = await tx.query<{ version: number | null; found: boolean }>(
    `WITH updated AS (
       UPDATE ${update.table} SET ${update.set ? `${update.set}, ` : ''}${column} = ${column} + 1
        WHERE (${update.where}) AND ${column} = $${params.length}
        RETURNING ${column} AS version)
     SELECT (SELECT version FROM updated) AS version, EXISTS (SELECT 1 FROM ${update.table} WHERE ${update.where}) AS found`,
    params,
  );
  const { version, found } = result.rows[0];
  if (version !== null) return version;
  throw found ? staleVersion() : notFound();
}

/**
 * Bumps the version of a row whose write is spread over several statements (e.g. a news item
 * and its schools), checking the version the client read: same answers as updateVersioned.
 */
export async function bumpVersion(
  tx: Queryable,
  row: Pick<VersionedUpdate, 'table' | 'where' | 'params' | 'version' | 'versionColumn'>,
): Promise<number> {
  return updateVersioned(tx, { ...row, set: '' });
}
