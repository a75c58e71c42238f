import {
  SYSTEM_TEMPLATE_KEYS,
  type PagedListRequest,
  type PagedListResponse,
  type SystemTemplateKey,
  type TemplateData,
  type TemplateListRow,
  type TemplateTargetType,
  type TemplateWidgetItem,
} from 'shared-kernel/contracts';
import type { Queryable } from '../../db/index.js';
import { definePagedList, runPagedList, sortKey } from '../../lib/paged-list.js';
import { updateVersioned } from '../../lib/record-version.js';
import { SYSTEM_TEMPLATES } from './system-templates.js';

/**
 * Templates (migration 066). Every function takes the transaction of `db.scoped()`: a custom
 * template is visible when one of its schools is in the scope (RLS on template_schools);
 * system template overrides of a school by the school scope, the all-schools ones by all.
 */

/** POST /api-template/list: dc (default, newest first), n (German order, contains filter), type, sid (school filter). */
export const TEMPLATE_LIST = definePagedList<'dc' | 'n' | 'type' | 'sid'>({
  from: 'templates t',
  columns: {
    dc: { sql: 't.created_at', sort: 't.created_at' },
    n: { sql: 't.name', textSort: 't.name', filter: 'text-contains' },
    type: { sql: 't.type', sort: 't.type', filter: 'eq-int' },
    sid: { sql: 'ARRAY(SELECT ts.school_id FROM template_schools ts WHERE ts.template_id = t.id)', filter: 'int-array-contains' },
  },
  defaultOrder: 't.created_at DESC',
  tiebreak: 't.id',
  tiebreakDesc: true,
  maxFiltered: 3,
});

const SCHOOLS_OF = `ARRAY(SELECT ts.school_id FROM template_schools ts WHERE ts.template_id = t.id ORDER BY ts.school_id)`;

export async function listTemplates(tx: Queryable, request: PagedListRequest): Promise<PagedListResponse<TemplateListRow>> {
  const result = await runPagedList<Omit<TemplateListRow, 'dc'> & { dc: Date }>(
    tx,
    TEMPLATE_LIST,
    request,
    `t.id, t.created_at AS dc, ${SCHOOLS_OF} AS sid, t.name AS n, t.type`,
  );
  return { ...result, rows: result.rows.map((row) => ({ ...row, dc: new Date(row.dc).toISOString() })) };
}

export async function getTemplate(tx: Queryable, id: number): Promise<TemplateData | null> {
  const rows = await tx.query<Omit<TemplateData, 'created_at'> & { created_at: Date }>(
    `SELECT t.id, t.name, ${SCHOOLS_OF} AS schools, t.type, t.subject, t.content, t.created_at,
            COALESCE(NULLIF(trim(concat_ws(' ', u.firstname, u.lastname)), ''), u.username, '') AS created_by, t.version
       FROM templates t LEFT JOIN users u ON u.id = t.created_by
      WHERE t.id = $1`,
    [id],
  );
  const row = rows.rows[0];
  return row ? { ...row, created_at: new Date(row.created_at).toISOString() } : null;
}

export interface TemplateValues {
  name: string;
  schools: number[];
  type: TemplateTargetType;
  subject: string;
  content: string;
}

export async function insertTemplate(tx: Queryable, values: TemplateValues, userId: number): Promise<number> {
  // The id first: the new row is not visible (no schools yet) to RETURNING under RLS.
  const id = (await tx.query<{ id: number }>("SELECT nextval('templates_id_seq')::int AS id")).rows[0]!.id;
  await tx.query(
    'INSERT INTO templates (id, name, type, subject, content, created_by) VALUES ($1, $2, $3, $4, $5, $6)',
    [id, values.name, values.type, values.subject, values.content, userId],
  );
  await tx.query('INSERT INTO template_schools (template_id, school_id) SELECT $1, unnest($2::int[])', [id, values.schools]);
  return id;
}

/**
 * Updates a visible template (404 otherwise, 409 when stale). `mayUse`: the schools the user
 * may assign; the template's other schools (of other users) stay as they are.
 */
export async function updateTemplate(tx: Queryable, id: number, values: TemplateValues, version: number, mayUse: number[]): Promise<number> {
  const next = await updateVersioned(tx, {
    table: 'templates',
    set: 'name = $2, type = $3, subject = $4, content = $5, updated_at = now()',
    where: 'id = $1',
    params: [id, values.name, values.type, values.subject, values.content],
    version,
  });
  await tx.query('DELETE FROM template_schools WHERE template_id = $1 AND school_id = ANY ($2::int[]) AND NOT (school_id = ANY ($3::int[]))', [
    id,
    mayUse,
    values.schools,
  ]);
  await tx.query(
    'INSERT INTO template_schools (template_id, school_id) SELECT $1, unnest($2::int[]) ON CONFLICT DO NOTHING',
    [id, values.schools],
  );
  return next;
}

/** Deletes a visible template; false when it is not visible. */
export async function deleteTemplate(tx: Queryable, id: number): Promise<boolean> {
  const result = await tx.query('DELETE FROM templates WHERE id = $1 RETURNING id', [id]);
  return result.rows.length > 0;
}

/** Whether a visible template is linked to the school. */
export async function templateHasSchool(tx: Queryable, id: number, schoolId: number): Promise<boolean> {
  const rows = await tx.query('SELECT 1 FROM template_schools WHERE template_id = $1 AND school_id = $2', [id, schoolId]);
  return rows.rows.length > 0;
}

/** Custom templates of a type for the picker (of one school, or any in scope), by name. */
export async function widgetTemplates(tx: Queryable, type: TemplateTargetType, schoolId: number | null): Promise<TemplateWidgetItem[]> {
  const rows = await tx.query<{ id: number; name: string }>(
    `SELECT t.id, t.name FROM templates t
      WHERE t.type = $1 AND ($2::int IS NULL OR EXISTS (SELECT 1 FROM template_schools ts WHERE ts.template_id = t.id AND ts.school_id = $2))
      ORDER BY ${sortKey('t.name')}, t.id`,
    [type, schoolId],
  );
  return rows.rows.map((row) => ({ base: row.id, n: row.name, system: false }));
}

// ---- system templates ----------------------------------------------------------------------

interface OverrideRow {
  school_id: number | null;
  subject: string | null;
  content: string | null;
  version: number;
}

async function overridesOf(tx: Queryable, key: SystemTemplateKey, schoolId: number | null): Promise<OverrideRow[]> {
  const rows = await tx.query<OverrideRow>(
    'SELECT school_id, subject, content, version FROM system_templates WHERE key = $1 AND (school_id IS NULL OR school_id = $2::int)',
    [key, schoolId],
  );
  return rows.rows;
}

export interface EffectiveSystemTemplate {
  subject: string;
  content: string;
  source: 'school' | 'all' | 'default';
  /** The version of the asked level's row (1 when it has none). */
  version: number;
}

/** The system template in force at a level: school (sid) or all schools (null). */
export async function effectiveSystemTemplate(tx: Queryable, key: SystemTemplateKey, schoolId: number | null): Promise<EffectiveSystemTemplate> {
  const rows = await overridesOf(tx, key, schoolId);
  const own = rows.find((row) => row.school_id === schoolId);
  const shared = rows.find((row) => row.school_id === null);
  const version = own?.version ?? 1;
  if (schoolId !== null && own?.content != null) return { subject: own.subject!, content: own.content, source: 'school', version };
  if (shared?.content != null) return { subject: shared.subject!, content: shared.content, source: 'all', version };
  const def = SYSTEM_TEMPLATES[key];
  return { subject: def.subject, content: def.content, source: 'default', version };
}

/** Which keys have an override at a level (school or all schools). */
export async function overriddenKeys(tx: Queryable, schoolId: number | null): Promise<Set<string>> {
  const rows = await tx.query<{ key: string }>(
    'SELECT key FROM system_templates WHERE school_id IS NOT DISTINCT FROM $1::int AND content IS NOT NULL',
    [schoolId],
  );
  return new Set(rows.rows.map((row) => row.key));
}

/**
 * Saves the override of a level (subject and content; null both = reset) with the version
 * read: a level without a row starts at version 1. Answers the next version.
 */
export async function saveSystemTemplate(
  tx: Queryable,
  key: SystemTemplateKey,
  schoolId: number | null,
  text: { subject: string; content: string } | null,
  version: number,
  userId: number,
): Promise<number> {
  await tx.query(
    `INSERT INTO system_templates (key, school_id, updated_by) VALUES ($1, $2, $3)
     ON CONFLICT (key, (COALESCE(school_id, 0))) DO NOTHING`,
    [key, schoolId, userId],
  );
  return updateVersioned(tx, {
    table: 'system_templates',
    set: 'subject = $3, content = $4, updated_by = $5, updated_at = now()',
    where: 'key = $1 AND school_id IS NOT DISTINCT FROM $2::int',
    params: [key, schoolId, text?.subject ?? null, text?.content ?? null, userId],
    version,
  });
}

export function isSystemTemplateKey(value: unknown): value is SystemTemplateKey {
  return (SYSTEM_TEMPLATE_KEYS as readonly unknown[]).includes(value);
}
