import type { FastifyInstance, FastifyRequest } from 'fastify';
import { CONFIG_KEYS, ERROR, FINTS_PAIN_VERSION, type DdGenerateRequest, type DdGenerateResponse, type DdPreview, type SepaDownloadMode } from 'shared-kernel/contracts';
import type { Queryable } from '../../db/index.js';
import { confirmFiles, reserveFileKeys } from '../../files/file-intents.js';
import { sendStoredFile } from '../../files/send.js';
import { HttpError, notFound } from '../../lib/http-error.js';
import { answeredBefore, idempotencyResponses, idempotentWrite } from '../../lib/idempotency.js';
import { errorResponses } from '../../lib/route-schemas.js';
import { buildPain008 } from './pain008.js';
import {
  candidateRows,
  fintsVariant,
  insertRun,
  lastRunAt,
  listSepaFiles,
  lockPlannedDebits,
  nextRunId,
  painRunOf,
  periodReceipts,
  planDebits,
  previewOf,
  runFiles,
  schoolSepaSettings,
  withSchoolCreditor,
  type DebitPlan,
} from './repository.js';
import { collectionDate } from './target2.js';

/*
 * Direct-debit runs and SEPA files (spec 002 §2.2, §2.3, §7; issue 14), under /api-fin:
 *
 *   PUT  /dd   {year, month}                      candidates of the period + last run (finance_r)
 *   POST /dd   {year, month, data, preview: true} the preview: nothing written (finance_r)
 *   POST /dd   {year, month, data}                generate (finance_w; Idempotency-Key)
 *   GET  /sepa                                    the runs' files (finance_r)
 *   GET  /es?mode=ebics|fints&key={run id}        download, the stored bytes unchanged (finance_r)
 *
 * Generating needs finance_w and the direct-debit feature flag of every school of the
 * selection (config sepa_dd, spec 001): a school with the flag off answers 403 {error: 94}
 * (the preview too, the step before generating) and nothing is written; PUT names such schools in `off` so the screen can say so.
 *
 * Generating makes one run per creditor account, in one transaction: the run rows, a file
 * transaction per mandate of a student (its receipts' amounts summed, one end-to-end id; the
 * preview counts the same: cnt transactions, rcpt receipts; migration 116), the debit rows, a
 * row per receipt (the receipts are then "in collection": the partial unique index of migration 106
 * refuses a second pending/paid debit of a receipt, whatever writes it) and both files in the
 * file store (EBICS: the account's pain.008.001.08 / .001.02; FinTS: pain.008.003.02), made
 * from the same run data. A failed transaction removes the files it wrote. Answers: 400
 * {error: 90} nothing selected, 400 {error: 91} nothing of the selection can be debited,
 * 409 {error: 92} all of it went into collection meanwhile (a parallel run), 404 a selected
 * receipt that is not an open direct-debit receipt of the user's schools.
 */

const tags = ['api-fin'];
const year = { type: 'integer', minimum: 2000, maximum: 2100 } as const;
const month = { type: 'integer', minimum: 1, maximum: 12 } as const;
const cents = { type: 'integer' } as const;
const isoDate = { type: 'string', format: 'date' } as const;
const str = { type: 'string' } as const;
const nullableStr = { type: ['string', 'null'] } as const;

/** The most receipts one run may select. */
const SELECTION_MAX = 20000;
/**
 * POST /dd's body limit: a selection of SELECTION_MAX items as the screen sends them
 * ({scid, dd, rno}, at most 64 bytes each), which the default 100 KB (about 2,000 items)
 * would refuse as too large.
 */
const GENERATE_BODY_LIMIT = SELECTION_MAX * 64 + 1024;

const periodBody = { type: 'object', required: ['year', 'month'], additionalProperties: false, properties: { year, month } } as const;
const generateBody = {
  type: 'object',
  required: ['year', 'month', 'data'],
  additionalProperties: false,
  properties: {
    year,
    month,
    preview: { type: 'boolean' },
    data: {
      type: 'array',
      maxItems: SELECTION_MAX,
      items: {
        type: 'object',
        required: ['scid', 'dd'],
        additionalProperties: false,
        properties: { scid: { type: 'integer', minimum: 1, maximum: 2147483647 }, dd: isoDate, rno: { type: 'integer', minimum: 1 } },
      },
    },
  },
} as const;

const leftOutSchema = {
  type: 'array',
  items: {
    type: 'object',
    required: ['rno', 'scid', 'fn', 'ln', 'amt', 'reason'],
    properties: { rno: cents, scid: { type: ['integer', 'null'] }, fn: str, ln: str, amt: cents, reason: str },
  },
} as const;

const candidateSchema = {
  type: 'object',
  required: ['scid', 'rno', 'cs', 'ce', 'dd', 'fn', 'ln', 'rt', 'amt', 'cur', 'f', 'sid', 'stid', 'ci', 'aid', 'acn'],
  properties: {
    scid: cents, rno: cents, cs: str, ce: nullableStr, dd: str, fn: str, ln: str, rt: str, amt: cents, cur: str,
    f: { type: 'boolean' }, sid: cents, stid: cents, ci: str, aid: { type: ['integer', 'null'] }, acn: str,
  },
} as const;

const previewSchema = {
  type: 'object',
  required: ['cnt', 'rcpt', 'cd', 'lead', 'frst', 'rcur', 'accounts', 'left'],
  properties: {
    cnt: cents, rcpt: cents, cd: str, lead: cents, frst: cents, rcur: cents,
    accounts: {
      type: 'array',
      items: {
        type: 'object',
        required: ['aid', 'sid', 'acn', 'iban', 'ci', 'cnt', 'rcpt', 'amt', 'cur', 'frst', 'rcur', 'pain', 'cd', 'lead'],
        properties: { aid: { type: ['integer', 'null'] }, sid: cents, acn: str, iban: str, ci: str, cnt: cents, rcpt: cents, amt: cents, cur: str, frst: cents, rcur: cents, pain: str, cd: str, lead: cents },
      },
    },
    left: leftOutSchema,
  },
} as const;

const generatedSchema = {
  type: 'object',
  required: ['success', 'runs', 'left'],
  properties: {
    success: { type: 'boolean' },
    runs: {
      type: 'array',
      items: { type: 'object', required: ['id', 'msgid', 'aid', 'cnt', 'amt'], properties: { id: cents, msgid: str, aid: { type: ['integer', 'null'] }, cnt: cents, rcpt: cents, amt: cents } },
    },
    left: leftOutSchema,
  },
} as const;

const fail = (status: number, error: number) => new HttpError(status, { error });

/** The default notice days (config default) for the preview's date when nothing is planned. */
const DEFAULT_NOTICE_DAYS = Number(CONFIG_KEYS.sepa_lead_days.default);

/**
 * The period's plan for a selection (read in the request's scope). Each school's runs are
 * collected after its own notice days (config sepa_lead_days): `fallback` is the earliest date
 * of the period's schools, for a preview with nothing to debit.
 */
async function plan(tx: Queryable, body: DdGenerateRequest, today: string): Promise<DebitPlan & { fallback: { cd: string; lead: number }; off: number[] }> {
  const read = await periodReceipts(tx, body.year, body.month);
  const settings = await schoolSepaSettings(tx, read.map((row) => row.sid));
  const rows = withSchoolCreditor(read, settings);
  const dates = new Map<number, { cd: string; lead: number }>();
  for (const [sid, school] of settings) dates.set(sid, { cd: collectionDate(today, school.noticeDays), lead: school.noticeDays });
  const result = planDebits(rows, body.data, (sid) => dates.get(sid)!);
  if (result.unknown.length > 0) throw notFound();
  const fallback = [...dates.values()].sort((a, b) => a.cd.localeCompare(b.cd))[0] ?? { cd: collectionDate(today, DEFAULT_NOTICE_DAYS), lead: DEFAULT_NOTICE_DAYS };
  const off = [...result.schools].filter((sid) => settings.get(sid)?.enabled === false);
  return { ...result, fallback, off };
}

/**
 * The plan when a run can be made of it: 403 {error: 94} a school of the selection has direct
 * debits off; 409 {error: 92} all of it is in collection (a parallel run); 400 {error: 91}
 * nothing of it can be debited.
 */
function checkDebitable<T extends DebitPlan & { off: number[] }>(planned: T): T {
  if (planned.off.length > 0) throw fail(403, ERROR.ddDisabled);
  if (planned.accounts.length === 0) {
    const taken = planned.left.some((l) => l.reason === 'in_collection');
    throw taken ? fail(409, ERROR.ddInCollection) : fail(400, ERROR.ddNothingToDebit);
  }
  return planned;
}

export default async function directDebitRoutes(app: FastifyInstance): Promise<void> {
  const today = () => app.now().toISOString().slice(0, 10);

  app.put(
    '/dd',
    {
      // A read the spec sends as PUT: not audited as a write, no record version.
      config: { access: { atoms: ['finance_r'] }, readOnly: true },
      schema: {
        summary: 'Direct-debit candidates of a month: open receipts of SEPA contracts with a mandate, not in collection; ci "" = creditor id missing or invalid; off = schools of the rows with direct debits switched off (config sepa_dd)',
        tags,
        body: periodBody,
        response: {
          ...errorResponses,
          200: {
            type: 'object',
            required: ['rows', 'last', 'off'],
            properties: { rows: { type: 'array', items: candidateSchema }, last: nullableStr, off: { type: 'array', items: cents } },
          },
        },
      },
    },
    async (request) => {
      const { year: y, month: m } = request.body as { year: number; month: number };
      return request.scoped(async (tx) => {
        const receipts = await periodReceipts(tx, y, m);
        const settings = await schoolSepaSettings(tx, receipts.map((row) => row.sid));
        const off = [...settings].filter(([, school]) => !school.enabled).map(([sid]) => sid).sort((a, b) => a - b);
        return { rows: candidateRows(withSchoolCreditor(receipts, settings)), last: await lastRunAt(tx), off };
      });
    },
  );

  app.post(
    '/dd',
    {
      config: { access: { atoms: ['finance_r'] } },
      bodyLimit: GENERATE_BODY_LIMIT,
      schema: {
        summary:
          'Direct-debit run: with preview true the preview (cnt transactions as in the file: one per mandate of a student, its receipts summed; rcpt receipts; total per creditor account, collection date, FRST/RCUR transactions, left out and why); else generate (finance_w): one run and file per creditor account (cnt transactions, rcpt receipts)',
        tags,
        body: generateBody,
        response: { ...errorResponses, ...idempotencyResponses, 200: { oneOf: [previewSchema, generatedSchema] } },
      },
    },
    async (request): Promise<DdPreview | DdGenerateResponse> => {
      const body = request.body as DdGenerateRequest;
      // The right first: a reader who asks to generate is refused as such (403 {error: 3}),
      // whatever else is wrong with his request.
      if (!body.preview && !request.session!.atoms.includes('finance_w')) throw fail(403, ERROR.generic);
      if (body.data.length === 0) throw fail(400, ERROR.ddNothingSelected);
      const day = today();
      if (body.preview) return request.scoped(async (tx) => {
        const planned = await plan(tx, body, day);
        if (planned.off.length > 0) throw fail(403, ERROR.ddDisabled);
        return previewOf(planned, planned.fallback);
      });
      return generate(request, body, day);
    },
  );

  async function generate(request: FastifyRequest, body: DdGenerateRequest, day: string): Promise<DdGenerateResponse> {
    const userId = request.session!.user.id;
    request.audit.entity = 'sepa_run';
    const written: string[] = [];
    const ownRuns = new Set<number>();
    // The selection is checked before any key is reserved: reserving commits a write intent
    // per key at once, so a refused selection (another school's or made-up contracts, a
    // school switched off, nothing left to debit) would otherwise leave up to 40,000 intents
    // for the hourly sweep. A repeat of an answered request (same Idempotency-Key) that now
    // finds its receipts in collection answers the first answer, as idempotentWrite would.
    try {
      await request.scoped(async (tx) => checkDebitable(await plan(tx, body, day)));
    } catch (error) {
      const replay = error instanceof HttpError ? await answeredBefore(request).catch(() => null) : null;
      if (replay) return replay as DdGenerateResponse;
      throw error;
    }
    // The files' write intents are committed before the run's transaction (app.db inside it
    // waits forever on PGlite's one connection), so the keys are reserved up front: a run per
    // creditor, and a contract has one creditor, so two keys per selected contract suffice.
    const reserved = await reserveFileKeys(app, 2 * new Set(body.data.map((s) => s.scid)).size);
    try {
      const answer = await idempotentWrite(request, async (tx) => {
        // Commit makes the used keys' files permanent; the unused ones never get bytes.
        await confirmFiles(tx, reserved);
        let nextKey = 0;
        // Read, lock what would be debited, read again: a parallel run for the same receipts
        // commits first and this one then sees them in collection.
        const first = await plan(tx, body, day);
        // The feature flag (spec 001): a school of the selection with direct debits off runs nothing.
        if (first.off.length > 0) throw fail(403, ERROR.ddDisabled);
        await lockPlannedDebits(tx, first.accounts.flatMap((a) => a.rows));
        const planned = checkDebitable(await plan(tx, body, day));
        const createdAt = app.now().toISOString();
        const runs: DdGenerateResponse['runs'] = [];
        for (const entry of planned.accounts) {
          const runId = await nextRunId(tx);
          const first = entry.rows[0]!;
          const pain = painRunOf(entry, {
            runId,
            createdAt,
            creditorName: first.cr_name ?? entry.account.acn,
            creditorBic: first.cr_bic,
          });
          if (nextKey + 2 > reserved.length) throw new Error('more runs than selected contracts');
          const ebicsKey = reserved[nextKey++]!;
          const fintsKey = reserved[nextKey++]!;
          await insertRun(tx, {
            id: runId,
            schoolId: first.sid,
            accountId: entry.account.aid,
            userId,
            year: body.year,
            month: body.month,
            ebicsKey,
            fintsKey,
            pain,
            transactions: entry.transactions,
          });
          // A repeated attempt reuses the same keys (the put overwrites).
          if (!written.includes(ebicsKey)) written.push(ebicsKey, fintsKey);
          await app.files.put(Buffer.from(buildPain008(pain), 'utf8'), ebicsKey);
          await app.files.put(Buffer.from(buildPain008(fintsVariant(pain)), 'utf8'), fintsKey);
          runs.push({ id: runId, msgid: pain.messageId, aid: entry.account.aid, cnt: pain.debits.length, rcpt: entry.rows.length, amt: entry.account.amt });
          ownRuns.add(runId);
        }
        request.audit.entityId = runs[0]!.id;
        request.audit.schoolId = planned.accounts[0]!.rows[0]!.sid;
        request.audit.detail = { ...request.audit.detail, runs: runs.map((r) => r.id), debits: runs.reduce((n, r) => n + r.cnt, 0), receipts: runs.reduce((n, r) => n + (r.rcpt ?? 0), 0) };
        return { success: true as const, runs, left: planned.left };
      });
      // A twin request with the same Idempotency-Key committed first: idempotentWrite rolled
      // this attempt back and answers the twin's runs; this attempt's files belong to nothing.
      if (!answer.runs.some((run) => ownRuns.has(run.id))) await app.files.removeQuietly(written);
      return answer;
    } catch (error) {
      await app.files.removeQuietly(written);
      // A parallel run took a receipt between our read and insert (possible where the lock
      // read saw an older state): the database refused the second debit.
      if ((error as { code?: string }).code === '23505' && String((error as { constraint?: string }).constraint ?? '').startsWith('sepa_debits_receipt')) {
        throw fail(409, ERROR.ddInCollection);
      }
      throw error;
    }
  }

  app.get(
    '/sepa',
    {
      config: { access: { atoms: ['finance_r'] } },
      schema: {
        summary: 'SEPA files: one per direct-debit run, newest first (id = download key, tid = MsgId)',
        tags,
        response: {
          ...errorResponses,
          200: {
            type: 'object',
            required: ['rows'],
            properties: {
              rows: {
                type: 'array',
                items: {
                  type: 'object',
                  required: ['id', 'tid', 'date', 'iban', 'cnt', 'amt', 'cc', 'cd', 'sid'],
                  properties: { id: cents, tid: str, date: str, iban: str, cnt: cents, amt: cents, cc: str, cd: str, sid: cents },
                },
              },
            },
          },
        },
      },
    },
    async (request) => request.scoped(async (tx) => ({ rows: await listSepaFiles(tx) })),
  );

  app.get(
    '/es',
    {
      config: { access: { atoms: ['finance_r'] } },
      schema: {
        summary: `Download a run's file as stored at generation: mode ebics (the account's pain.008.001.08/.02) or fints (${FINTS_PAIN_VERSION}); key = run id`,
        tags,
        querystring: {
          type: 'object',
          required: ['mode', 'key'],
          additionalProperties: false,
          properties: { mode: { type: 'string', enum: ['ebics', 'fints'] }, key: { type: 'integer', minimum: 1, maximum: 2147483647 } },
        },
        response: { ...errorResponses },
      },
    },
    async (request, reply) => {
      const { mode, key } = request.query as { mode: SepaDownloadMode; key: number };
      const run = await request.scoped((tx) => runFiles(tx, key));
      if (!run) throw notFound();
      const fileKey = mode === 'ebics' ? run.ebics_file_key : run.fints_file_key;
      if ((await app.files.size(fileKey)) === null) throw fail(404, ERROR.sepaFileMissing);
      return sendStoredFile(reply, app.files, { key: fileKey, name: `${run.message_id}-${mode}.xml`, mime: 'application/xml' });
    },
  );
}
