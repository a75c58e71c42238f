import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AnySchema, InferType } from 'yup';
import {
  CUSTOM_PAYMENT_CATEGORY,
  ERROR,
  EXPENSE_CATEGORIES,
  EXPENSE_CATEGORY_NAMES,
  MAX_AMOUNT_CENTS,
  METHODS_WITH_ACCOUNT,
  MSG,
  PAYMENT_CATEGORIES,
  PAYMENT_CATEGORY_NAMES,
  PAYMENT_METHOD_NAMES,
  PAYMENT_METHODS,
  expenseFormSchema,
  incomeFormSchema,
  type ExpenseListRow,
  type IncomeForm,
  type IncomeListRow,
  type PagedListRequest,
} from 'shared-kernel/contracts';
import type { Queryable } from '../../db/index.js';
import { sendExport, type ExportColumn, type ExportFormat } from '../../lib/export.js';
import { HttpError, badRequest, notFound } from '../../lib/http-error.js';
import { filterIds, pagedListBodySchema, pagedListResponseSchema, sortIds, type PagedListDef } from '../../lib/paged-list.js';
import { idempotencyResponses, idempotentWrite } from '../../lib/idempotency.js';
import { savedWithVersionSchema, versionConflictResponses, versionSchema, withVersionBody } from '../../lib/record-version.js';
import { validate } from '../../lib/validate.js';
import {
  EXPENSE_LIST,
  EXPORT_MAX_ROWS,
  INCOME_LIST,
  accountSchool,
  deleteExpense,
  deleteIncome,
  expenseRowsByIds,
  expenseRowsFiltered,
  getExpense,
  getIncome,
  incomeRowsByIds,
  incomeRowsFiltered,
  insertExpense,
  insertIncome,
  listExpense,
  listIncome,
  updateExpense,
  updateIncome,
} from './income-expense-repository.js';
import { errorResponses, idQuerySchema, successSchema } from '../../lib/route-schemas.js';

/*
 * Income and expense (spec 002 §2.4-2.6, §5, §6): paged lists, single items, exports.
 *
 * Refusals (all 400 {error: 4, fields}): an amount that is not a whole number of cents
 * above 0 (field amount), an unknown category or method, an account that is not one of the
 * item's school (account_id), a school outside the request's schools (school_id: 400, as it
 * is a field of the form; an item of another school is 404 like any unseen row).
 * Income booked from a student's payment (student_id set) is changed only through the
 * student: PUT answers 400 {error: 4, fields: {student_id}}, DELETE 400 {error: 3}.
 */

const instant = { type: 'string', format: 'date-time' } as const;
const isoDate = { type: 'string', format: 'date' } as const;
/** Payment dates: within ten years of today (lib/route-schemas.ts DATE_FORMATS). */
const paymentDate = { type: 'string', format: 'near-date' } as const;
const cents = { type: 'integer', minimum: 1, maximum: MAX_AMOUNT_CENTS } as const;
const id = { type: 'integer', minimum: 1, maximum: 2147483647 } as const;
const taxPercent = { type: 'number', minimum: 0, maximum: 100 } as const;

const incomeBody = {
  type: 'object',
  required: ['school_id', 'payment_cat_id', 'payment_method_id', 'payment_date', 'amount'],
  additionalProperties: false,
  properties: {
    school_id: id,
    payment_cat_id: { type: 'integer', enum: [...PAYMENT_CATEGORIES] },
    custom_category: { type: ['string', 'null'], maxLength: 100 },
    payment_method_id: { type: 'integer', enum: [...PAYMENT_METHODS] },
    account_id: { type: ['integer', 'null'], minimum: 1, maximum: 2147483647 },
    payment_date: paymentDate,
    amount: cents,
    tax_percent: { type: ['number', 'null'], minimum: 0, maximum: 100 },
    annotation: { type: 'string', maxLength: 1000 },
  },
} as const;

const incomeItemSchema = {
  type: 'object',
  required: [...incomeBody.required, 'id', 'currency', 'student_id', 'created_at', 'custom_category', 'account_id', 'tax_percent', 'annotation', 'version'],
  properties: {
    ...incomeBody.properties,
    payment_cat_id: { type: 'integer' },
    payment_method_id: { type: 'integer' },
    amount: { type: 'integer' },
    id: { type: 'integer' },
    currency: { type: 'string' },
    student_id: { type: ['integer', 'null'] },
    created_at: instant,
    version: versionSchema,
  },
} as const;

const expenseBody = {
  type: 'object',
  required: ['school_id', 'name', 'expense_cat_id', 'payment_date', 'amount', 'tax_percent'],
  additionalProperties: false,
  properties: {
    school_id: id,
    name: { type: 'string', minLength: 1, maxLength: 200 },
    expense_cat_id: { type: 'integer', enum: [...EXPENSE_CATEGORIES] },
    payment_date: paymentDate,
    amount: cents,
    tax_percent: taxPercent,
    annotation: { type: 'string', maxLength: 1000 },
  },
} as const;

const expenseItemSchema = {
  type: 'object',
  required: [...expenseBody.required, 'id', 'currency', 'created_at', 'annotation', 'version'],
  properties: {
    ...expenseBody.properties,
    expense_cat_id: { type: 'integer' },
    amount: { type: 'integer' },
    id: { type: 'integer' },
    currency: { type: 'string' },
    created_at: instant,
    version: versionSchema,
  },
} as const;

const incomeRowSchema = {
  type: 'object',
  required: ['id', 'pd', 'amt', 'cur', 'pm', 'aid', 'acn', 'pc', 'cc', 'an', 'stid', 'sf', 'sl', 'dc', 'sid', 'sn'],
  properties: {
    id: { type: 'integer' },
    pd: isoDate,
    amt: { type: 'integer' },
    cur: { type: 'string' },
    pm: { type: 'integer' },
    aid: { type: ['integer', 'null'] },
    acn: { type: ['string', 'null'] },
    pc: { type: 'integer' },
    cc: { type: ['string', 'null'] },
    an: { type: 'string' },
    stid: { type: ['integer', 'null'] },
    sf: { type: ['string', 'null'] },
    sl: { type: ['string', 'null'] },
    dc: instant,
    sid: { type: 'integer' },
    sn: { type: 'string' },
  },
} as const;

const expenseRowSchema = {
  type: 'object',
  required: ['id', 'pd', 'amt', 'cur', 'ec', 'n', 'an', 'dc', 'sid', 'sn'],
  properties: {
    id: { type: 'integer' },
    pd: isoDate,
    amt: { type: 'integer' },
    cur: { type: 'string' },
    ec: { type: 'integer' },
    n: { type: 'string' },
    an: { type: 'string' },
    dc: instant,
    sid: { type: 'integer' },
    sn: { type: 'string' },
  },
} as const;

/** Contains-filters need 2 characters (the contract's rule for the annotation filter). */
function checkContainsFilters(body: PagedListRequest): void {
  for (const filter of body.filtered ?? []) {
    if (filter.id === 'an' && typeof filter.value === 'string' && filter.value.trim().length === 1) {
      throw badRequest({ 'filtered.an': MSG.invalid });
    }
  }
}

/** 400 when the school is not one the request may write to. */
function checkSchool(request: FastifyRequest, schoolId: number): void {
  if (!request.scope.schoolIds.includes(schoolId)) throw badRequest({ school_id: MSG.invalid });
}

/**
 * The income form as stored: the custom category name only for category 1, the account only
 * for methods 1 and 2 (and then it must be an account of the item's school).
 */
async function normaliseIncome(tx: Queryable, form: IncomeForm): Promise<IncomeForm> {
  const withAccount = (METHODS_WITH_ACCOUNT as readonly number[]).includes(form.payment_method_id);
  const values: IncomeForm = {
    ...form,
    custom_category: form.payment_cat_id === CUSTOM_PAYMENT_CATEGORY ? form.custom_category || null : null,
    account_id: withAccount ? form.account_id : null,
  };
  if (withAccount) {
    if (values.account_id === null) throw badRequest({ account_id: MSG.required });
    const school = await accountSchool(tx, values.account_id);
    if (school !== values.school_id) throw badRequest({ account_id: MSG.invalid });
  }
  return values;
}

// ---- exports ----------------------------------------------------------------------------

const categoryName = (names: Record<number, { de: string }>, value: number) => names[value]?.de ?? String(value);

const INCOME_EXPORT: ExportColumn<IncomeListRow>[] = [
  { header: 'Zahlungsdatum', value: (r) => r.pd, type: 'date' },
  { header: 'Betrag', value: (r) => r.amt, type: 'money' },
  { header: 'Währung', value: (r) => r.cur },
  { header: 'Zahlungsart', value: (r) => categoryName(PAYMENT_METHOD_NAMES, r.pm), width: 18 },
  { header: 'Konto', value: (r) => r.acn, width: 20 },
  { header: 'Kategorie', value: (r) => (r.pc === CUSTOM_PAYMENT_CATEGORY && r.cc ? r.cc : categoryName(PAYMENT_CATEGORY_NAMES, r.pc)), width: 20 },
  { header: 'Anmerkung', value: (r) => r.an, width: 40 },
  { header: 'Schüler', value: (r) => (r.stid ? `${r.sf ?? ''} ${r.sl ?? ''}`.trim() : ''), width: 24 },
  { header: 'Erfasst am', value: (r) => r.dc, type: 'date' },
  { header: 'Schule', value: (r) => r.sn, width: 30 },
];

const EXPENSE_EXPORT: ExportColumn<ExpenseListRow>[] = [
  { header: 'Zahlungsdatum', value: (r) => r.pd, type: 'date' },
  { header: 'Betrag', value: (r) => r.amt, type: 'money' },
  { header: 'Währung', value: (r) => r.cur },
  { header: 'Kategorie', value: (r) => categoryName(EXPENSE_CATEGORY_NAMES, r.ec), width: 24 },
  { header: 'Bezeichnung', value: (r) => r.n, width: 30 },
  { header: 'Anmerkung', value: (r) => r.an, width: 40 },
  { header: 'Erfasst am', value: (r) => r.dc, type: 'date' },
  { header: 'Schule', value: (r) => r.sn, width: 30 },
];

/** Query of an export: the selected ids, or the list's filters (and sort) as JSON for "all filtered". */
const exportQuerySchema = {
  type: 'object',
  required: ['format'],
  additionalProperties: false,
  properties: {
    format: { type: 'string', enum: ['csv', 'xlsx'] },
    ids: { type: 'string', maxLength: 110_000, pattern: '^[0-9]{1,10}(,[0-9]{1,10})*$' },
    filtered: { type: 'string', maxLength: 4000 },
    sorted: { type: 'string', maxLength: 1000 },
  },
} as const;

interface ExportQuery {
  format: ExportFormat;
  ids?: string;
  filtered?: string;
  sorted?: string;
}

/** Either the selection (ids) or the list's filters: both at once is a 400 (as the students export). */
function checkExportQuery(query: ExportQuery): void {
  if (query.ids !== undefined && (query.filtered !== undefined || query.sorted !== undefined)) throw badRequest({ ids: MSG.invalid });
}

/** Export file name: what and when, e.g. einnahmen-2026-11-21 (the schools' time zone). */
function exportName(what: string, now: Date): string {
  return `${what}-${new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Vienna' }).format(now)}`;
}

/** `ids=1,2,3` -> [1, 2, 3] (at most EXPORT_MAX_ROWS distinct, each a valid id). */
function parseIds(text: string): number[] {
  const ids = [...new Set(text.split(',').map(Number))];
  if (ids.length > EXPORT_MAX_ROWS || ids.some((n) => !Number.isInteger(n) || n < 1 || n > 2147483647)) throw badRequest({ ids: MSG.invalid });
  return ids;
}

/** `filtered=<JSON>` / `sorted=<JSON>` -> arrays shaped like the list body (checked again by the list helper). */
function parseListJson(def: PagedListDef, query: ExportQuery): Pick<PagedListRequest, 'filtered' | 'sorted'> {
  const parse = (name: 'filtered' | 'sorted', text: string | undefined, allowed: string[]) => {
    if (text === undefined || text === '') return [];
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      throw badRequest({ [name]: MSG.invalid });
    }
    if (!Array.isArray(value) || value.length > 10) throw badRequest({ [name]: MSG.invalid });
    for (const entry of value) {
      if (typeof entry !== 'object' || entry === null || !allowed.includes((entry as { id?: unknown }).id as string) || (name === 'filtered' && !('value' in entry))) {
        throw badRequest({ [name]: MSG.invalid });
      }
      if (name === 'sorted' && typeof (entry as { desc?: unknown }).desc !== 'boolean') throw badRequest({ sorted: MSG.invalid });
    }
    return value as never[];
  };
  return { filtered: parse('filtered', query.filtered, filterIds(def)), sorted: parse('sorted', query.sorted, sortIds(def)) };
}

/** What differs between the income and the expense item routes (GET/POST/PUT/DELETE on one path). */
interface ItemRoutes<S extends AnySchema> {
  /** Audit entity and scopedId fixture name. */
  entity: 'income' | 'expense';
  path: string;
  summaries: { get: string; post: string; put: string; delete: string };
  /** The JSON schema of the body (POST; PUT adds the version) and of the item (GET). */
  body: { properties: Record<string, unknown>; required?: readonly string[] };
  item: Record<string, unknown>;
  /** The contracts yup schema the body is validated with (the same the forms use). */
  form: S;
  /** Reads the item; `locked` set (income booked from a student payment) refuses PUT and DELETE. */
  get(tx: Queryable, id: number, forUpdate?: boolean): Promise<{ school_id: number; locked?: boolean } | null>;
  insert(tx: Queryable, form: InferType<S>, currency: string, userId: number): Promise<number>;
  /** Saves the item read with `version` and answers the next version (updateVersioned). */
  update(tx: Queryable, id: number, form: InferType<S>, version: number): Promise<number>;
  remove(tx: Queryable, id: number): Promise<void>;
  /** The form as stored (checks that need the database); the validated form when absent. */
  normalise?(tx: Queryable, form: InferType<S>): Promise<InferType<S>>;
}

/** What differs between the income and the expense export (GET, selection or all filtered). */
interface ExportRoute<R> {
  entity: 'income' | 'expense';
  path: string;
  /** The noun of the summary ("Export income: ..."). */
  noun: string;
  /** File name stem (German, as the columns). */
  fileName: string;
  list: PagedListDef;
  columns: ExportColumn<R>[];
  rowsByIds(tx: Queryable, ids: number[]): Promise<R[]>;
  rowsFiltered(tx: Queryable, request: Pick<PagedListRequest, 'filtered' | 'sorted'>): Promise<R[]>;
}

/**
 * Routes of income and expense under /api-fin; registered by the /api-fin plugin.
 * Atoms: finance_r lists, reads, exports; finance_w creates and updates; finance_d deletes.
 * Income and expense are handled alike, so each kind of route is written once below and
 * registered for both (in the order lists, income, expense, exports).
 */
export async function incomeExpenseRoutes(app: FastifyInstance): Promise<void> {
  const tags = ['api-fin'];

  // ---- lists ----

  function registerList(path: string, summary: string, def: PagedListDef, rowSchema: Record<string, unknown>, list: (tx: Queryable, body: PagedListRequest) => Promise<unknown>): void {
    app.post(
      path,
      {
        config: { access: { atoms: ['finance_r'] } },
        schema: { summary, tags, body: pagedListBodySchema(def), response: { ...errorResponses, 200: pagedListResponseSchema(rowSchema) } },
      },
      async (request) => {
        const body = request.body as PagedListRequest;
        checkContainsFilters(body);
        return request.scoped((tx) => list(tx, body));
      },
    );
  }

  registerList('/il', 'Income of the request\'s schools, paged (filters: pd {from,to}, pm, aid, pc, an contains, sid)', INCOME_LIST, incomeRowSchema, listIncome);
  registerList('/el', 'Expense of the request\'s schools, paged (filters: pd {from,to}, ec, n prefix, an contains, sid)', EXPENSE_LIST, expenseRowSchema, listExpense);

  // ---- items ----

  function registerItemRoutes<S extends AnySchema>(spec: ItemRoutes<S>): void {
    const { entity, path, summaries } = spec;
    const scopedId = { in: 'query', name: 'id', resource: entity } as const;
    const normalise = spec.normalise ?? (async (_tx: Queryable, form: InferType<S>) => form);

    app.get(
      path,
      {
        config: { access: { atoms: ['finance_r'], scopedId } },
        schema: { summary: summaries.get, tags, querystring: idQuerySchema, response: { ...errorResponses, 200: spec.item } },
      },
      async (request) => {
        const { id: itemId } = request.query as { id: number };
        const item = await request.scoped((tx) => spec.get(tx, itemId));
        if (!item) throw notFound();
        // The lock is the server's business: not part of the item's answer.
        const { locked: _locked, ...rest } = item;
        return rest;
      },
    );

    app.post(
      path,
      {
        config: { access: { atoms: ['finance_w'] } },
        schema: {
          summary: summaries.post,
          tags,
          body: spec.body,
          response: {
            ...errorResponses,
            ...idempotencyResponses,
            200: { type: 'object', required: ['success', 'id'], properties: { success: { type: 'boolean' }, id: { type: 'integer' } } },
          },
        },
      },
      async (request) => {
        const form = validate(spec.form, request.body);
        checkSchool(request, form.school_id);
        const userId = request.session!.user.id;
        const currency = app.config.currency;
        request.audit.entity = entity;
        request.audit.schoolId = form.school_id;
        // Money: a repeated submission (same Idempotency-Key) answers the first answer, books nothing.
        const answer = await idempotentWrite(request, async (tx) => ({
          success: true as const,
          id: await spec.insert(tx, await normalise(tx, form), currency, userId),
        }));
        request.audit.entityId = answer.id;
        return answer;
      },
    );

    /**
     * PUT and DELETE: the item as it is, locked for the transaction, before anything else, so an
     * id of another school is 404 whatever the body says; a locked item answers `refusal`.
     */
    async function changeItem<T>(
      request: FastifyRequest,
      refusal: () => HttpError,
      change: (tx: Queryable, itemId: number, current: { school_id: number }) => Promise<T>,
    ): Promise<T> {
      const { id: itemId } = request.query as { id: number };
      request.audit.entity = entity;
      return request.scoped(async (tx) => {
        const current = await spec.get(tx, itemId, true);
        if (!current) throw notFound();
        if (current.locked) throw refusal();
        return change(tx, itemId, current);
      });
    }

    app.put(
      path,
      {
        config: { access: { atoms: ['finance_w'], scopedId } },
        schema: {
          summary: `${summaries.put}; sent with the \`version\` read, answers the next version, 409 {error: 9} when someone saved it meanwhile`,
          tags,
          querystring: idQuerySchema,
          body: withVersionBody(spec.body),
          response: { ...errorResponses, ...versionConflictResponses, 200: savedWithVersionSchema },
        },
      },
      async (request) =>
        changeItem(
          request,
          () => badRequest({ student_id: MSG.invalid }),
          async (tx, itemId) => {
            const { version: read, ...body } = request.body as { version: number };
            const form = validate(spec.form, body);
            checkSchool(request, form.school_id);
            request.audit.schoolId = form.school_id;
            const version = await spec.update(tx, itemId, await normalise(tx, form), read);
            return { success: true as const, version };
          },
        ),
    );

    app.delete(
      path,
      {
        config: { access: { atoms: ['finance_d'], scopedId } },
        schema: { summary: summaries.delete, tags, querystring: idQuerySchema, response: { ...errorResponses, 200: successSchema } },
      },
      async (request) =>
        changeItem(
          request,
          () => new HttpError(400, { error: ERROR.generic }),
          async (tx, itemId, current) => {
            request.audit.schoolId = current.school_id;
            await spec.remove(tx, itemId);
            return { success: true as const };
          },
        ),
    );
  }

  registerItemRoutes({
    entity: 'income',
    path: '/income',
    summaries: {
      get: 'One income item',
      post: 'Create an income item (amount in cents > 0; account of the same school for methods 1 and 2)',
      put: 'Update an income item; 400 {error: 4, fields: {student_id}} for income booked from a student payment',
      delete: 'Delete an income item; 400 {error: 3} for income booked from a student payment',
    },
    body: incomeBody,
    item: incomeItemSchema,
    form: incomeFormSchema,
    get: getIncome,
    insert: insertIncome,
    update: updateIncome,
    remove: deleteIncome,
    normalise: normaliseIncome,
  });

  // Expense rows carry no lock (getExpense has no `locked`), so PUT and DELETE never refuse one.
  registerItemRoutes({
    entity: 'expense',
    path: '/expense',
    summaries: {
      get: 'One expense item',
      post: 'Create an expense item (amount in cents > 0, tax percent required)',
      put: 'Update an expense item',
      delete: 'Delete an expense item',
    },
    body: expenseBody,
    item: expenseItemSchema,
    form: expenseFormSchema,
    get: getExpense,
    insert: insertExpense,
    update: updateExpense,
    remove: deleteExpense,
  });

  // ---- exports ----

  const exportResponses = {
    ...errorResponses,
    200: { description: 'The file (CSV: UTF-8 with BOM, `;`; XLSX)', type: 'string', format: 'binary' },
  };

  function registerExport<R>(spec: ExportRoute<R>): void {
    app.get(
      spec.path,
      {
        config: { access: { atoms: ['finance_r'] } },
        schema: {
          summary: `Export ${spec.noun}: ids=1,2 (the selection) or filtered=<JSON> (all the list filters, optional sorted=<JSON>); at most ${EXPORT_MAX_ROWS} rows`,
          tags,
          querystring: exportQuerySchema,
          response: exportResponses,
        },
      },
      async (request, reply) => {
        const query = request.query as ExportQuery;
        checkExportQuery(query);
        const rows = await request.scoped((tx) =>
          query.ids !== undefined ? spec.rowsByIds(tx, parseIds(query.ids)) : spec.rowsFiltered(tx, parseListJson(spec.list, query)),
        );
        request.audit.action = 'export';
        request.audit.entity = spec.entity;
        request.audit.detail = { rows: rows.length, format: query.format };
        return sendExport(reply, query.format, exportName(spec.fileName, app.now()), spec.columns, rows);
      },
    );
  }

  registerExport({
    entity: 'income', path: '/export-il-sel', noun: 'income', fileName: 'einnahmen', list: INCOME_LIST, columns: INCOME_EXPORT,
    rowsByIds: incomeRowsByIds, rowsFiltered: incomeRowsFiltered,
  });
  registerExport({
    entity: 'expense', path: '/export-el-sel', noun: 'expense', fileName: 'ausgaben', list: EXPENSE_LIST, columns: EXPENSE_EXPORT,
    rowsByIds: expenseRowsByIds, rowsFiltered: expenseRowsFiltered,
  });
}
