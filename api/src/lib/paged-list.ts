import { MAX_PAGE_SIZE, type PagedListRequest, type PagedListResponse } from 'shared-kernel/contracts';
import type { Queryable } from '../db/index.js';
import { badRequest } from './http-error.js';

/**
 * The paged-list convention (body {page, pageSize, sorted, filtered}, answer {rows, pages,
 * total}) as one safe builder. A list declares its columns once: which wire ids may be
 * sorted (and by which SQL expression) and how each filterable id filters. Request ids are
 * only ever looked up in that map (an unknown id is a 400), values are always bound
 * parameters, never SQL text.
 *
 * German order: names and other texts sort in DIN 5007 variant 1 order (Binder, Böhm,
 * Brandt; case, umlauts, ß and accents folded), the same on PGlite and on any PostgreSQL
 * server. A list declares such a field as a text sort (`textSort: 's.lastname'`) and this
 * module maps it, in one place (sortKey), to the column's stored key column
 * `<column>_sk` (generated from sbo_sort_key, migrations 020/023), which a btree can serve.
 * A new sortable text column needs its `_sk` column in a migration; a plain `sort` on a text
 * expression (lower(..)) would be byte order (umlauts after z) and is wrong for text.
 * Filters are not affected: they match what the user typed, case-insensitively.
 */

/**
 * How a filter id filters:
 * - `prefix`: case-insensitive prefix, `starts_with(lower(sql), 'abc')` ('' means no filter).
 *   starts_with is leakproof, so under row-level security PostgreSQL may still use an index
 *   for it (LIKE and lower() are not): compare a stored lower-case key column with C
 *   collation (`match`) and a btree on that column serves the filter as a range.
 * - `text-contains`: case-insensitive substring, LIKE '%abc%' (no index; small tables).
 * - `search`: like prefix, over several expressions (`search`), at least 2 characters.
 * - `eq-int`: equality with an integer.
 * - `in-int`: one integer or a list of them (`= ANY`).
 * - `int-array-contains`: an int[] column holding the integer (or any of a list: overlap).
 * - `date-range`: an ISO date (that day) or {from?, to?} (inclusive).
 * - `bool`: equality with a boolean.
 */
export type FilterKind = 'prefix' | 'text-contains' | 'search' | 'eq-int' | 'in-int' | 'int-array-contains' | 'date-range' | 'bool';

/** One column (wire id) of a paged list. */
export interface PagedColumn {
  /** SQL expression of the value (what filters compare); trusted text written in code. */
  sql?: string;
  /**
   * Text filters: the lower-cased expression compared (default `lower(sql)`). Best a stored
   * key column (`s.lastname_key`, generated as lower(lastname) with C collation): a btree on
   * it serves the prefix range, also under row-level security. (Not the German sort key:
   * a filter matches what the user typed, so `boh` does not find Böhm.)
   */
  match?: string;
  /**
   * Sort expression(s) of non-text values (numbers, dates, ids). Several expressions sort in
   * that order in the requested direction. A column is sortable with `sort` or `textSort`.
   */
  sort?: string | readonly string[];
  /**
   * Text sort in German order: the text column(s) (`alias.column`, e.g. ['s.lastname',
   * 's.firstname'] = last name, then first name) whose sort key columns (`s.lastname_sk`,
   * see sortKey) the list orders by.
   */
  textSort?: string | readonly string[];
  /** Nulls sort as the lowest value (ASC NULLS FIRST / DESC NULLS LAST); default PostgreSQL's (highest). */
  nullsLow?: boolean;
  filter?: FilterKind;
  /** For `search`: the lower-cased expressions searched (each `starts_with(<expr>, 'abc')`). */
  search?: readonly string[];
}

/**
 * A table of precomputed row counts (kept by triggers) that answers the total without
 * counting rows: used when every filter of a request is one of `columns` (the dimensions the
 * table is kept by). Row-level security applies to it like to the list's own table.
 */
export interface FastCount<Id extends string> {
  /** FROM of the counts table, e.g. 'student_counts c'. */
  from: string;
  /** The counted value, e.g. 'c.n'. */
  sum: string;
  /** Filter id -> the counts table's column for it. */
  columns: Partial<Record<Id, string>>;
}

/** A paged list: source, columns, default order and a unique tiebreak. */
export interface PagedListDef<Id extends string = string> {
  /** FROM clause (tables and joins), trusted text written in code. */
  from: string;
  columns: Record<Id, PagedColumn>;
  /** ORDER BY without sort entries, e.g. 's.lastname_sk, s.firstname_sk' (text through sortKey). */
  defaultOrder: string;
  /** A unique expression (the primary key) that makes the order total, so pages never overlap. */
  tiebreak: string;
  /** Direction of the tiebreak when the request has no sort entries (else it follows the first one). */
  tiebreakDesc?: boolean;
  /** Most sort entries (default 3) and filter entries (default 20) a request may carry. */
  maxSorted?: number;
  maxFiltered?: number;
  /** FROM for counting when it can be smaller than `from` (joins no filter needs). */
  countFrom?: string;
  fastCount?: FastCount<Id>;
}

const QUALIFIED_COLUMN = /^[a-z_][a-z0-9_]*\.[a-z_][a-z0-9_]*$/;

/**
 * The German sort key column of a text column (`s.lastname` -> `s.lastname_sk`): every text
 * column a list sorts by has one, `<column>_sk text COLLATE "C" GENERATED ALWAYS AS
 * (sbo_sort_key(<column>)) STORED` (migration 023). Ordered lists outside the paged-list
 * helper (pickers, users, roles) order by it too.
 */
export function sortKey(column: string): string {
  if (!QUALIFIED_COLUMN.test(column)) throw new Error(`sortKey: '${column}' is not a column (alias.column)`);
  return `${column}_sk`;
}

function textSortKeys(textSort: string | readonly string[]): string[] {
  return (typeof textSort === 'string' ? [textSort] : textSort).map(sortKey);
}

/** Defines a list; keeps the ids' literal type. */
export function definePagedList<Id extends string>(def: PagedListDef<Id>): PagedListDef<Id> {
  for (const [id, column] of Object.entries<PagedColumn>(def.columns)) {
    if (column.sort && column.textSort) throw new Error(`paged list column ${id}: either 'sort' or 'textSort'`);
    if (column.textSort) textSortKeys(column.textSort);
    if (column.filter === 'search' && !column.search?.length) throw new Error(`paged list column ${id}: a search filter needs 'search'`);
    if (column.filter && column.filter !== 'search' && !column.sql) throw new Error(`paged list column ${id}: a filter needs 'sql'`);
  }
  return def;
}

/** Sortable wire ids of a list. */
export function sortIds(def: PagedListDef): string[] {
  return Object.entries<PagedColumn>(def.columns).filter(([, c]) => c.sort || c.textSort).map(([id]) => id);
}

/** Filterable wire ids of a list. */
export function filterIds(def: PagedListDef): string[] {
  return Object.entries<PagedColumn>(def.columns).filter(([, c]) => c.filter).map(([id]) => id);
}

const MAX_INT = 2_147_483_647;
const TEXT_MAX = 100;
/** Search needs at least this many characters (spec 001 §5). */
export const SEARCH_MIN = 2;

const isoDateSchema = { type: 'string', format: 'date' } as const;

/** JSON schema of a filter value per kind. */
function valueSchema(kind: FilterKind): Record<string, unknown> {
  switch (kind) {
    case 'prefix':
    case 'text-contains':
      return { type: 'string', maxLength: TEXT_MAX };
    case 'search':
      return { type: 'string', minLength: SEARCH_MIN, maxLength: TEXT_MAX };
    case 'eq-int':
      return { type: 'integer', minimum: 0, maximum: MAX_INT };
    case 'in-int':
    case 'int-array-contains':
      // A single number is accepted too (the server's ajv wraps it into a list).
      return { type: 'array', minItems: 1, maxItems: 50, items: { type: 'integer', minimum: 0, maximum: MAX_INT } };
    case 'date-range':
      return {
        anyOf: [
          isoDateSchema,
          { type: 'object', additionalProperties: false, properties: { from: isoDateSchema, to: isoDateSchema } },
        ],
      };
    case 'bool':
      return { type: 'boolean' };
  }
}

// The body schemas pagedListBodySchema made: a POST with one of them only reads (a list
// query too big for a URL), so the audit trail, which records writes, leaves it out.
const PAGED_LIST_BODIES = new WeakSet<object>();

/** True when `schema` is a body schema made by pagedListBodySchema (the route reads a list). */
export function isPagedListBodySchema(schema: unknown): boolean {
  return typeof schema === 'object' && schema !== null && PAGED_LIST_BODIES.has(schema);
}

/**
 * Fastify JSON schema of a list's body: page 0-based, pageSize 1..MAX_PAGE_SIZE, sort ids and
 * filter ids limited to the list's columns, each filter value typed by its kind. Bad paging
 * is then a 400 before the handler runs. `extra` adds properties (e.g. a `done` flag).
 */
export function pagedListBodySchema(def: PagedListDef, extra: Record<string, Record<string, unknown>> = {}, maxPageSize = MAX_PAGE_SIZE) {
  const sortable = sortIds(def);
  const byKind = new Map<FilterKind, string[]>();
  for (const [id, column] of Object.entries<PagedColumn>(def.columns)) {
    if (column.filter) byKind.set(column.filter, [...(byKind.get(column.filter) ?? []), id]);
  }
  const filterItems = [...byKind].map(([kind, ids]) => ({
    type: 'object',
    required: ['id', 'value'],
    additionalProperties: false,
    properties: { id: { type: 'string', enum: ids }, value: valueSchema(kind) },
  }));
  const schema = {
    type: 'object',
    required: ['page', 'pageSize'],
    additionalProperties: false,
    properties: {
      page: { type: 'integer', minimum: 0, maximum: 1_000_000 },
      pageSize: { type: 'integer', minimum: 1, maximum: maxPageSize },
      sorted: {
        type: 'array',
        maxItems: def.maxSorted ?? 3,
        items: {
          type: 'object',
          required: ['id', 'desc'],
          additionalProperties: false,
          properties: { id: { type: 'string', enum: sortable.length ? sortable : ['-'] }, desc: { type: 'boolean' } },
        },
      },
      filtered: {
        type: 'array',
        maxItems: def.maxFiltered ?? 20,
        items: filterItems.length ? { anyOf: filterItems } : { not: {} },
      },
      ...extra,
    },
  } as const;
  PAGED_LIST_BODIES.add(schema);
  return schema;
}

/** JSON schema of a list answer with the given row schema. */
export function pagedListResponseSchema(rowSchema: Record<string, unknown>) {
  return {
    type: 'object',
    required: ['rows', 'pages', 'total'],
    properties: { rows: { type: 'array', items: rowSchema }, pages: { type: 'integer' }, total: { type: 'integer' } },
  } as const;
}

/** Binds a value as the next parameter and returns its placeholder ($n). */
export type Bind = (value: unknown) => string;

/** `%`, `_` and `\` typed by a user are literal characters in a LIKE pattern. */
export function likeEscape(value: string): string {
  return value.replace(/[\\%_]/g, (ch) => `\\${ch}`);
}

function isIsoDate(value: unknown): value is string {
  return typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(Date.parse(`${value}T00:00:00Z`));
}

function intList(value: unknown): number[] | null {
  const list = Array.isArray(value) ? value : [value];
  if (list.length === 0 || list.length > 50) return null;
  return list.every((item) => Number.isInteger(item) && item >= 0 && item <= MAX_INT) ? (list as number[]) : null;
}

/**
 * The WHERE conditions of a request's filters. Values are checked again here (the helper is
 * safe on its own, whatever schema the route declares): a wrong id or value type is a 400.
 */
export function filterConditions(def: PagedListDef, filtered: readonly { id: string; value: unknown }[], bind: Bind): string[] {
  const where: string[] = [];
  for (const { id, value } of filtered) {
    const column: PagedColumn | undefined = Object.hasOwn(def.columns, id) ? (def.columns as Record<string, PagedColumn>)[id] : undefined;
    if (!column?.filter) throw badRequest({ filtered: 'form.invalid' });
    const bad = () => badRequest({ [`filtered.${id}`]: 'form.invalid' });
    switch (column.filter) {
      case 'prefix':
      case 'text-contains':
      case 'search': {
        if (typeof value !== 'string' || value.length > TEXT_MAX) throw bad();
        const text = value.toLowerCase();
        if (text.trim() === '') break;
        if (column.filter === 'search' && text.length < SEARCH_MIN) throw bad();
        const exprs = column.filter === 'search' ? column.search! : [column.match ?? `lower(${column.sql})`];
        const param = column.filter === 'text-contains' ? bind(`%${likeEscape(text)}%`) : bind(text);
        const parts = exprs.map((expr) => (column.filter === 'text-contains' ? `${expr} LIKE ${param}` : `starts_with(${expr}, ${param})`));
        where.push(parts.length === 1 ? parts[0] : `(${parts.join(' OR ')})`);
        break;
      }
      case 'eq-int': {
        if (!Number.isInteger(value) || (value as number) < 0 || (value as number) > MAX_INT) throw bad();
        where.push(`${column.sql} = ${bind(value)}`);
        break;
      }
      case 'in-int': {
        const list = intList(value);
        if (!list) throw bad();
        where.push(list.length === 1 ? `${column.sql} = ${bind(list[0])}` : `${column.sql} = ANY(${bind(list)}::int[])`);
        break;
      }
      case 'int-array-contains': {
        const list = intList(value);
        if (!list) throw bad();
        where.push(list.length === 1 ? `${column.sql} @> ARRAY[${bind(list[0])}::int]` : `${column.sql} && ${bind(list)}::int[]`);
        break;
      }
      case 'date-range': {
        if (isIsoDate(value)) {
          where.push(`${column.sql} = ${bind(value)}::date`);
          break;
        }
        if (typeof value !== 'object' || value === null || Array.isArray(value)) throw bad();
        const { from, to, ...rest } = value as { from?: unknown; to?: unknown };
        if (Object.keys(rest).length || (from !== undefined && !isIsoDate(from)) || (to !== undefined && !isIsoDate(to))) throw bad();
        if (from !== undefined) where.push(`${column.sql} >= ${bind(from)}::date`);
        if (to !== undefined) where.push(`${column.sql} <= ${bind(to)}::date`);
        break;
      }
      case 'bool': {
        if (typeof value !== 'boolean') throw bad();
        where.push(`${column.sql} = ${bind(value)}`);
        break;
      }
    }
  }
  return where;
}

/** ORDER BY of a request: its sort entries (or the default order), then the tiebreak. */
export function orderBy(def: PagedListDef, sorted: readonly { id: string; desc: boolean }[]): string {
  const parts: string[] = [];
  for (const { id, desc } of sorted) {
    const column: PagedColumn | undefined = Object.hasOwn(def.columns, id) ? (def.columns as Record<string, PagedColumn>)[id] : undefined;
    if (!column?.sort && !column?.textSort) throw badRequest({ sorted: 'form.invalid' });
    const exprs = column.textSort ? textSortKeys(column.textSort) : typeof column.sort === 'string' ? [column.sort] : column.sort!;
    const direction = desc ? 'DESC' : 'ASC';
    const nulls = column.nullsLow ? (desc ? ' NULLS LAST' : ' NULLS FIRST') : '';
    for (const expr of exprs) parts.push(`${expr} ${direction}${nulls}`);
  }
  if (!sorted.length) parts.push(def.defaultOrder);
  const tiebreakDesc = sorted.length ? sorted[0].desc : def.tiebreakDesc === true;
  parts.push(`${def.tiebreak} ${tiebreakDesc ? 'DESC' : 'ASC'}`);
  return parts.join(', ');
}

/** What runPagedList needs beyond the list and the request. */
export interface RunPagedListOptions {
  /** Fixed conditions of this call (e.g. the student of a detail page), ANDed with the filters. */
  conditions?: (bind: Bind) => string[];
}

/** A validated request: ids and values are checked again by the helper. */
export type PagedRequest = Pick<PagedListRequest, 'page' | 'pageSize'> & Partial<Pick<PagedListRequest, 'sorted' | 'filtered'>>;

/** A fresh parameter list and its binder. */
function parameters(): { params: unknown[]; bind: Bind } {
  const params: unknown[] = [];
  return {
    params,
    bind: (value) => {
      params.push(value);
      return `$${params.length}`;
    },
  };
}

/** The WHERE clause of a request (fixed conditions, then the filters). */
function whereOf(def: PagedListDef, request: PagedRequest, options: RunPagedListOptions, bind: Bind): string {
  const where = [...(options.conditions?.(bind) ?? []), ...filterConditions(def, request.filtered ?? [], bind)];
  return where.length ? `WHERE ${where.join(' AND ')}` : '';
}

/**
 * The SQL of a request's total: a sum over the counts table when every filter is one of its
 * dimensions (and no fixed conditions apply), else count(*) with the request's WHERE.
 */
function countSqlOf(def: PagedListDef, request: PagedRequest, options: RunPagedListOptions, whereSql: string, bind: Bind): string {
  const fast = def.fastCount as FastCount<string> | undefined;
  const filtered = request.filtered ?? [];
  if (fast && !options.conditions && filtered.every((f) => Object.hasOwn(fast.columns, f.id))) {
    const columns: Record<string, PagedColumn> = {};
    for (const [id, sql] of Object.entries(fast.columns)) columns[id] = { ...(def.columns as Record<string, PagedColumn>)[id], sql: sql as string };
    const where = filterConditions({ ...def, columns }, filtered, bind);
    return `SELECT COALESCE(sum(${fast.sum}), 0)::int FROM ${fast.from} ${where.length ? `WHERE ${where.join(' AND ')}` : ''}`;
  }
  return `SELECT count(*)::int FROM ${def.countFrom ?? def.from} ${whereSql}`;
}

/**
 * Runs a paged list in one statement: `SELECT <select>, (<total>) FROM <def.from> WHERE
 * <filters> ORDER BY .. LIMIT ..`. The total is an uncorrelated sub-select (computed once);
 * only a page past the end needs a second query for it. `select` is trusted SQL (a function
 * receives `bind` for values it needs). Expressions in the select list that the order does
 * not need (sub-selects, aggregates per row) are computed for the page's rows only.
 */
export async function runPagedList<Row>(
  tx: Queryable,
  def: PagedListDef,
  request: PagedRequest,
  select: string | ((bind: Bind) => string),
  options: RunPagedListOptions = {},
): Promise<PagedListResponse<Row>> {
  const { page, pageSize } = request;
  if (!Number.isInteger(page) || page < 0 || page > 1_000_000) throw badRequest({ page: 'form.invalid' });
  if (!Number.isInteger(pageSize) || pageSize < 1 || pageSize > MAX_PAGE_SIZE) throw badRequest({ pageSize: 'form.invalid' });
  const order = orderBy(def, request.sorted ?? []);
  const { params, bind } = parameters();
  const whereSql = whereOf(def, request, options, bind);
  const selectSql = typeof select === 'function' ? select(bind) : select;
  const countSql = countSqlOf(def, request, options, whereSql, bind);
  const offset = page * pageSize;
  const result = await tx.query<Row & { __total: number }>(
    `SELECT ${selectSql}, (${countSql}) AS __total FROM ${def.from} ${whereSql} ORDER BY ${order} LIMIT ${bind(pageSize)} OFFSET ${bind(offset)}`,
    params,
  );
  let total: number;
  if (result.rows.length > 0) total = result.rows[0].__total;
  else if (page === 0) total = 0;
  else {
    // Past the end: the total still tells the client where the end is.
    const count = parameters();
    const where = whereOf(def, request, options, count.bind);
    total = (await tx.query<{ n: number }>(`SELECT (${countSqlOf(def, request, options, where, count.bind)}) AS n`, count.params)).rows[0].n;
  }
  const rows = result.rows.map((found) => {
    const row: Record<string, unknown> = { ...found };
    delete row.__total;
    return row as Row;
  });
  return { rows, pages: Math.ceil(total / pageSize), total };
}
