import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  BANK_STATEMENT_MAX_BYTES,
  ERROR,
  EXPORT_MAX_ROWS,
  bankAssignSchema,
  bankMovementFormSchema,
  type BankAssignResult,
  type BankImportDetail,
  type BankMovementRow,
  type PagedListRequest,
} from 'shared-kernel/contracts';
import type { Queryable } from '../../db/index.js';
import { readUploads } from '../../files/uploads.js';
import { exportDay, exportTarget, sendExport, type ExportColumn } from '../../lib/export.js';
import { HttpError, badRequest, notFound } from '../../lib/http-error.js';
import { idempotencyResponses, idempotentWrite } from '../../lib/idempotency.js';
import { pagedListBodySchema, pagedListResponseSchema } from '../../lib/paged-list.js';
import { assertVersion, savedWithVersionSchema, versionConflictResponses, withVersionBody } from '../../lib/record-version.js';
import { errorResponses, successSchema } from '../../lib/route-schemas.js';
import { validate } from '../../lib/validate.js';
import { currencyMismatch, insertPayment, lockMoneyStudent, moneyRuleAnswer, payReceipt } from '../student-money/repository.js';
import { assignmentSuggestions, studentOptions } from './matching.js';
import { bookOwnRuns } from './own-runs.js';
import {
  BANK_MOVEMENT_LIST,
  countReturns,
  deleteMovement,
  getImport,
  getMovement,
  importStatements,
  insertMovement,
  listMovements,
  movementAssigned,
  movementRowsByIds,
  movementRowsFiltered,
  updateMovement,
} from './repository.js';
import { schemas } from './schemas.js';
import { readStatementFile } from './statement-files.js';

const tags = ['api-fin'];
const idQuery = { type: 'object', required: ['id'], additionalProperties: false, properties: { id: { type: 'integer', minimum: 1, maximum: 2147483647 } } } as const;
const movementScope = { in: 'query', name: 'id', resource: 'bank_movement' } as const;

/** Payment methods (002 §9): 2 transfer. */
const TRANSFER = 2;

/**
 * Bank statements and movements under /api-fin (issue 14; spec 002 §2.7, §2.8): the CAMT
 * upload and its detail, the movement list, export and form, the assignment suggestions and
 * applying them. Reads finance_r; import, assignment and manual movements finance_w; deleting
 * a movement finance_d. Row-level security keeps another school's rows out (404).
 */
export default async function bankStatementRoutes(app: FastifyInstance): Promise<void> {
  app.post(
    '/bamimport',
    {
      config: { access: { atoms: ['finance_w'] } },
      schema: {
        summary:
          'Imports a bank statement (field file: CAMT .053/.054 XML in versions .001.02-.001.08, or a .zip of several). Answers the import detail. 400 {error: 1000} invalid CAMT (also a DOCTYPE: entity bombs and external entities are refused unparsed), 1001 not XML, 1002 the file or every entry of it imported before (nothing written; a file with new entries imports those, the rest counted as skipped; a statement without entries imports for its balances), 1003 no account with the statement\'s IBAN (fields.iban names it), 1004 a direct-debit collection (a credit with a mandate reference) on an account without a valid creditor id (fields.iban), 103 accounts of two schools in one file (fields.iban names one of the other school), 104 a CAMT message or version not read (camt.052, .001.09 and later; fields.version names it), 105 a statement in another currency than its account\'s (fields.iban, currency, account_currency), 1000 with fields {statement, entry, ref?, reason: no_date} for a booked entry without booking and value date in a statement over several days (a one-day statement\'s entries take its day), 98 zip too large. Entries with status PDNG, INFO or FUTR are not imported and are listed per statement (not_booked); entries counts the bank\'s booked entries, movements the movements made of them (a batch booking split into its transactions). With an Idempotency-Key the same file again answers the first answer (another file under the key: 422 {error: 10})',
        tags,
        consumes: ['multipart/form-data'],
        response: { ...errorResponses, ...idempotencyResponses, 200: schemas.importDetail },
      },
    },
    async (request): Promise<BankImportDetail> => {
      const upload = await readUploads(request, { maxFiles: 1, maxFileBytes: BANK_STATEMENT_MAX_BYTES, allowed: [], parsedByCaller: true });
      const file = upload.files[0]!;
      if (file.field !== 'file') throw badRequest({ file: 'form.required' });
      const documents = readStatementFile(file.data);
      request.audit.entity = 'bank_import';
      try {
        // With an Idempotency-Key, the same file sent again (a retry after a lost answer, e.g.
        // the database connection dropped during the COMMIT) answers the first import's
        // detail instead of 1002; another file under the same key is 422 {error: 10}.
        return await idempotentWrite(
          request,
          async (tx) => {
            const userId = request.session!.user.id;
            const result = await importStatements(tx, { fileName: file.originalName || 'statement.xml', data: file.data, documents, userId });
            request.audit.entityId = result.id;
            // Debits of our own runs collected or returned: booked in this same transaction.
            await bookOwnRuns(tx, result.movementIds, app.config.currency, userId);
            await countReturns(tx, result.id);
            return (await getImport(tx, result.id))!;
          },
          { content: file.data },
        );
      } catch (error) {
        // Two uploads of one file at the same moment: the second meets the first's unique hash.
        if ((error as { code?: string }).code === '23505') throw new HttpError(400, { error: ERROR.alreadyImported });
        throw moneyRuleAnswer(error) ?? error;
      }
    },
  );

  app.get(
    '/bamimport',
    {
      config: { access: { atoms: ['finance_r'] } },
      schema: { summary: 'One statement import: file, statements (account, period, balances in cents), entries imported / skipped, return debits', tags, querystring: idQuery, response: { ...errorResponses, 200: schemas.importDetail } },
    },
    async (request) => {
      const { id } = request.query as { id: number };
      const detail = await request.scoped((tx) => getImport(tx, id));
      if (!detail) throw notFound();
      return detail;
    },
  );

  app.post(
    '/bl',
    {
      config: { access: { atoms: ['finance_r'] } },
      schema: {
        summary: 'Bank movements of the request\'s schools, paged (filters: bd {from,to}, sname prefix, ssvwz contains, isd done, sid); amt negative for debits',
        tags,
        body: pagedListBodySchema(BANK_MOVEMENT_LIST),
        response: { ...errorResponses, 200: pagedListResponseSchema(schemas.movementRow) },
      },
    },
    async (request) => request.scoped((tx) => listMovements(tx, request.body as PagedListRequest)),
  );

  const EXPORT_COLUMNS: ExportColumn<BankMovementRow>[] = [
    { header: 'Buchungsdatum', value: (r) => r.bd, type: 'date' },
    { header: 'Eigene IBAN', value: (r) => r.riban, width: 26 },
    { header: 'Absender', value: (r) => r.sname, width: 30 },
    { header: 'Absender-IBAN', value: (r) => r.siban, width: 26 },
    { header: 'Mandatsreferenz', value: (r) => r.mdid ?? '', width: 20 },
    { header: 'Verwendungszweck', value: (r) => r.ssvwz, width: 50 },
    { header: 'Betrag', value: (r) => r.amt, type: 'money' },
    { header: 'Währung', value: (r) => r.cur },
    { header: 'Erledigt', value: (r) => r.isd, type: 'bool' },
    { header: 'Schüler', value: (r) => r.stn ?? '', width: 30 },
  ];

  app.get(
    '/export-bl-sel',
    {
      config: { access: { atoms: ['finance_r'] } },
      schema: {
        summary: `Export bank movements: ids=1,2 (the selection) or filtered=<JSON> (the list filters, optional sorted=<JSON>); CSV or XLSX, at most ${EXPORT_MAX_ROWS} rows`,
        tags,
        querystring: {
          type: 'object',
          required: ['format'],
          additionalProperties: false,
          properties: {
            format: { type: 'string', enum: ['csv', 'xlsx'] },
            ids: { type: 'string', maxLength: 110_000, pattern: '^[0-9]{1,10}(,[0-9]{1,10})*$' },
            filtered: { type: 'string', maxLength: 4000 },
            sorted: { type: 'string', maxLength: 1000 },
          },
        },
        response: { ...errorResponses, 200: { description: 'The file (CSV: UTF-8 with BOM, `;`; XLSX)', type: 'string', format: 'binary' } },
      },
    },
    async (request, reply) => {
      const query = request.query as { format: 'csv' | 'xlsx'; ids?: string; filtered?: string; sorted?: string };
      const target = exportTarget(query);
      const rows = await request.scoped((tx) => ('ids' in target ? movementRowsByIds(tx, target.ids) : movementRowsFiltered(tx, target)));
      request.audit.action = 'export';
      request.audit.entity = 'bank_movement';
      request.audit.detail = { rows: rows.length, format: query.format };
      return sendExport(reply, query.format, `bankbewegungen-${exportDay(app.now())}`, EXPORT_COLUMNS, rows);
    },
  );

  // ---- one movement (the /m-fin/bamove/{mode}[/{id}] form) ----

  app.get(
    '/bam',
    {
      config: { access: { atoms: ['finance_r'], scopedId: movementScope } },
      schema: { summary: 'One bank movement with its version', tags, querystring: idQuery, response: { ...errorResponses, 200: schemas.movementData } },
    },
    async (request) => {
      const { id } = request.query as { id: number };
      const movement = await request.scoped((tx) => getMovement(tx, id));
      if (!movement) throw notFound();
      return movement;
    },
  );

  app.post(
    '/bam',
    {
      config: { access: { atoms: ['finance_w'] } },
      schema: {
        summary: 'Enters a bank movement by hand (amount in cents > 0, credit true for money received); answers its id',
        tags,
        body: schemas.movementForm,
        response: { ...errorResponses, ...idempotencyResponses, 200: { type: 'object', required: ['success', 'id'], properties: { success: { type: 'boolean' }, id: { type: 'integer' } } } },
      },
    },
    async (request) => {
      const form = validate(bankMovementFormSchema, request.body);
      request.audit.entity = 'bank_movement';
      return idempotentWrite(request, async (tx) => ({ success: true, id: await insertMovement(tx, form) }));
    },
  );

  app.put(
    '/bam',
    {
      config: { access: { atoms: ['finance_w'], scopedId: movementScope } },
      schema: {
        summary: 'Changes a movement entered by hand (409 {error: 97} for an imported one, 95 for one with a student; 409 {error: 9} when stale)',
        tags,
        querystring: idQuery,
        body: withVersionBody(schemas.movementForm),
        response: { ...errorResponses, ...versionConflictResponses, 200: savedWithVersionSchema },
      },
    },
    async (request) => {
      const { id } = request.query as { id: number };
      const { version, ...body } = request.body as { version: number };
      const form = validate(bankMovementFormSchema, body);
      request.audit.entity = 'bank_movement';
      request.audit.entityId = id;
      const next = await request.scoped((tx) => updateMovement(tx, id, form, version));
      return { success: true, version: next };
    },
  );

  app.delete(
    '/bam',
    {
      config: { access: { atoms: ['finance_d'], scopedId: movementScope } },
      schema: { summary: 'Deletes a bank movement without a student (409 {error: 95} with one)', tags, querystring: idQuery, response: { ...errorResponses, 200: successSchema } },
    },
    async (request) => {
      const { id } = request.query as { id: number };
      request.audit.entity = 'bank_movement';
      request.audit.entityId = id;
      const deleted = await request.scoped((tx) => deleteMovement(tx, id));
      if (!deleted) throw notFound();
      return { success: true };
    },
  );

  // ---- assignment (/m-fin/bamassign) ----

  app.post(
    '/blassign',
    {
      config: { access: { atoms: ['finance_r'] } },
      schema: {
        summary: 'The at most 50 oldest unassigned credits (debits are ignored) with the suggested student, operation and why (e2e, mandate, iban, receipt, name); collective transfers get none',
        tags,
        response: { ...errorResponses, 200: schemas.assignResponse },
      },
    },
    async (request) => request.scoped((tx) => assignmentSuggestions(tx)),
  );

  app.get(
    '/sa',
    {
      config: { access: { atoms: ['finance_r'] } },
      schema: {
        summary: 'What the movement `bam` would do for the student `id`: the student\'s open receipts and the suggested operation (404 when either is not visible or they are of different schools)',
        tags,
        querystring: {
          type: 'object',
          required: ['id', 'bam'],
          additionalProperties: false,
          properties: { id: { type: 'integer', minimum: 1, maximum: 2147483647 }, bam: { type: 'integer', minimum: 1, maximum: 2147483647 } },
        },
        response: { ...errorResponses, 200: schemas.studentOptions },
      },
    },
    async (request) => {
      const { id, bam } = request.query as { id: number; bam: number };
      const options = await request.scoped(async (tx) => {
        const movement = await getMovement(tx, bam);
        if (!movement) return null;
        return studentOptions(tx, id, movement);
      });
      if (!options) throw notFound();
      return options;
    },
  );

  app.post(
    '/sa',
    {
      config: { access: { atoms: ['finance_w'] } },
      schema: {
        summary:
          'Applies a credit read with `version` (from /blassign): ops cp (a payment of the student from the movement), pr (that payment assigned to the open receipt rno, default the oldest), del (removes the movement; finance_d). One transaction; a movement already done is 409 {error: 95}, changed since it was read 409 {error: 9}, a debit 400 {error: 96}, no open receipt 409 {error: 99}',
        tags,
        body: schemas.assignBody,
        response: { ...errorResponses, ...idempotencyResponses, ...versionConflictResponses, 200: schemas.assignResult },
      },
    },
    async (request) => applyMovement(request),
  );

  async function applyMovement(request: FastifyRequest): Promise<BankAssignResult> {
    const form = validate(bankAssignSchema, request.body);
    if (form.ops === 'del' && !request.session!.atoms.includes('finance_d')) throw new HttpError(403, { error: ERROR.generic });
    if (form.ops !== 'del' && form.stid === null) throw badRequest({ stid: 'form.required' });
    request.audit.entity = 'bank_movement';
    request.audit.entityId = form.bamid;
    try {
      return await idempotentWrite(request, async (tx) => {
        const movement = await lockedMovement(tx, form.bamid);
        request.audit.schoolId = movement.school_id;
        if (movement.student_id !== null) throw movementAssigned();
        // A hand-entered movement can be edited (PUT /bam) while the assignment screen shows
        // it: booking the amount staff did not see would be a lost update. The locked row must
        // still be the one the list answered (an assigned one stays 95 above: more telling).
        assertVersion(movement.version, form.version);
        if (form.ops === 'del') {
          await tx.query('DELETE FROM bank_movements WHERE id = $1', [movement.id]);
          return { success: true as const, payment_id: null, assigned: 0 };
        }
        if (!movement.credit) throw new HttpError(400, { error: ERROR.bankMovementDebit });
        const student = await lockMoneyStudent(tx, form.stid!);
        if (!student || student.schoolId !== movement.school_id) throw badRequest({ stid: 'form.invalid' });
        if (movement.currency !== app.config.currency) throw currencyMismatch();
        const payment = { pd: movement.booking_date, pm: TRANSFER, aid: movement.account_id, an: annotationOf(movement) };
        let paymentId: number;
        let assigned = 0;
        if (form.ops === 'cp') {
          paymentId = await insertPayment(tx, student, { ...payment, am: movement.amount }, app.config.currency);
        } else {
          const rno = form.rno ?? (await oldestOpenReceipt(tx, student.id));
          if (rno === null) throw new HttpError(409, { error: ERROR.bankNoOpenReceipt });
          const paid = await payReceipt(tx, student, rno, { ...payment, am: movement.amount }, app.config.currency, false);
          paymentId = paid.id!;
          assigned = paid.assigned;
        }
        await tx.query(
          `UPDATE bank_movements SET student_id = $2, payment_id = $3, assigned_by_rule = 'manual', assigned_at = now(), version = version + 1 WHERE id = $1`,
          [movement.id, student.id, paymentId],
        );
        return { success: true as const, payment_id: paymentId, assigned };
      });
    } catch (error) {
      throw moneyRuleAnswer(error) ?? error;
    }
  }
}

async function lockedMovement(tx: Queryable, id: number) {
  const movement = await getMovement(tx, id, true);
  if (!movement) throw notFound();
  return movement;
}

async function oldestOpenReceipt(tx: Queryable, studentId: number): Promise<number | null> {
  const result = await tx.query<{ rno: number }>(
    `SELECT rno::float8 AS rno FROM receipts WHERE student_id = $1 AND rrno IS NULL AND type = 1 AND kind <> 'CN' AND amount - paid - credited > 0
      ORDER BY date_due, rno LIMIT 1`,
    [studentId],
  );
  return result.rows[0]?.rno ?? null;
}

/** The payment's note: where it came from (the transfer's sender and purpose). */
function annotationOf(movement: { counterparty_name: string; remittance: string }): string {
  return ['Überweisung', movement.counterparty_name, movement.remittance].filter(Boolean).join(' – ').slice(0, 500);
}
