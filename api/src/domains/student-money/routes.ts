import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  assignmentSchema,
  creditNoteSchema,
  dunningEditSchema,
  dunningFormSchema,
  payReceiptSchema,
  paymentFormSchema,
  setPaidSchema,
  withVersion,
  type Atom,
  type GenerateInvoicesResponse,
  type PaymentAssignmentResponse,
  type ReceiptDetail,
  type ReceiptRow,
  type StudentDunningsResponse,
  type StudentPaymentsResponse,
  type StudentReceiptsResponse,
} from 'shared-kernel/contracts';
import type { Queryable } from '../../db/index.js';
import { contentDisposition } from '../../files/index.js';
import { renderLetter } from '../../letters/index.js';
import { forbidden, notFound } from '../../lib/http-error.js';
import { idempotencyResponses, idempotentWrite } from '../../lib/idempotency.js';
import { savedWithVersionSchema, versionConflictResponses } from '../../lib/record-version.js';
import { errorResponses, successSchema } from '../../lib/route-schemas.js';
import { validate } from '../../lib/validate.js';
import { readLetterhead } from '../config/letterhead.js';
import {
  assignableReceipts,
  closeReceipt,
  createCreditNote,
  createDunning,
  deletePayment,
  generateInvoices,
  getDunning,
  getPayment,
  getReceipt,
  getReceiptByNumber,
  insertPayment,
  invoicingDisabled,
  letterRecipient,
  listDunnings,
  listPayments,
  listReceipts,
  lockMoneyStudent,
  markDunningSent,
  moneyRuleAnswer,
  openReceipt,
  payReceipt,
  paymentAssignment,
  readMoneyStudent,
  receiptAssignments,
  replaceAssignment,
  revertAssignment,
  undoCreditNote,
  updateCreditNote,
  updateDunning,
  updatePayment,
  type MoneyStudent,
} from './repository.js';
import {
  assignmentBody,
  assignmentResponse,
  createdResponse,
  creditNoteBody,
  creditNoteUpdateBody,
  dunningBody,
  dunningUpdateBody,
  dunningsResponse,
  generatedResponse,
  idQuery,
  payReceiptBody,
  paymentBody,
  paymentRowSchema,
  paymentUpdateBody,
  paymentsResponse,
  printIdQuery,
  printIrQuery,
  receiptDetailResponse,
  receiptsQuery,
  receiptsResponse,
  revertPaQuery,
  rnoStidQuery,
  setPaidBody,
  stidIdQuery,
  stidOptionalIdQuery,
  stidQuery,
  stidRnoQuery,
  stidRrnoQuery,
  undoCnQuery,
} from './schemas.js';

/** Permissions (spec 000 §6). */
const READ = { atoms: ['finance_r'] as Atom[] };
const FINANCE_W = { atoms: ['finance_w'] as Atom[] };
const ADD_PAYMENT = { atoms: ['student_w', 'finance_w'] as Atom[] };
const FINANCE_D = { atoms: ['finance_d'] as Atom[] };
const BY_STID = { in: 'query' as const, name: 'stid', resource: 'student' };
const BY_ID_STUDENT = { in: 'query' as const, name: 'id', resource: 'student' };
const writeResponses = { ...errorResponses, ...idempotencyResponses, ...versionConflictResponses };

const isoDay = (now: Date) => now.toISOString().slice(0, 10);

/** 1234567 -> "12.345,67 EUR" (German letters). */
export function printedMoney(cents: number, currency: string): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  const euros = Math.floor(abs / 100)
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, '.');
  return `${sign}${euros},${String(abs % 100).padStart(2, '0')} ${currency}`;
}
const printedDate = (iso: string) => `${iso.slice(8, 10)}.${iso.slice(5, 7)}.${iso.slice(0, 4)}`;
const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * A money write: one scoped transaction (idempotent with an Idempotency-Key), the student
 * row locked first (404 for a student the caller does not see), a refusal of a money rule
 * of the database answered with its code instead of a 500.
 */
async function moneyWrite<T extends object>(
  request: FastifyRequest,
  studentId: number,
  write: (tx: Queryable, student: MoneyStudent) => Promise<T>,
): Promise<T> {
  request.audit.entityId = studentId;
  try {
    return await idempotentWrite(request, async (tx) => {
      const student = await lockMoneyStudent(tx, studentId);
      if (!student) throw notFound();
      request.audit.schoolId = student.schoolId;
      return write(tx, student);
    });
  } catch (error) {
    throw moneyRuleAnswer(error) ?? error;
  }
}

/** A read of a student's money: 404 when the student is not visible. */
async function moneyRead<T>(request: FastifyRequest, studentId: number, read: (tx: Queryable, student: MoneyStudent) => Promise<T>): Promise<T> {
  return request.scoped(async (tx) => {
    const student = await readMoneyStudent(tx, studentId);
    if (!student) throw notFound();
    return read(tx, student);
  });
}

async function receiptPdf(app: FastifyInstance, tx: Queryable, receipt: ReceiptRow & { schoolId: number }): Promise<Buffer> {
  const letterhead = await readLetterhead(tx, receipt.schoolId, app.files);
  const lines = [
    `<p>Rechnungsnummer: ${receipt.rno}</p>`,
    `<p>Rechnungsdatum: ${printedDate(receipt.dcre)}<br>Fällig am: ${printedDate(receipt.ddue)}</p>`,
    `<p>${escapeHtml(receipt.txt)}</p>`,
    `<p>Betrag (brutto): ${printedMoney(receipt.amt, receipt.cur)}<br>davon Nettobetrag: ${printedMoney(receipt.net, receipt.cur)}<br>davon Steuer: ${printedMoney(receipt.tax, receipt.cur)}</p>`,
    ...receipt.subr.map((sub) => `<p>Gutschrift Nr. ${sub.rno}: ${printedMoney(sub.amt, sub.cur)} (${escapeHtml(sub.txt)})</p>`),
    receipt.rrno === null
      ? `<p>Bezahlt: ${printedMoney(receipt.ap, receipt.cur)}<br>Offen: ${printedMoney(receipt.bal, receipt.cur)}</p>`
      : `<p>Gutschrift zu Rechnung Nr. ${receipt.rrno}</p>`,
  ];
  return renderLetter({
    letterhead,
    recipient: (await letterRecipient(tx, receipt.stid)).slice(0, 9),
    date: isoDay(app.now()),
    subject: `${receipt.kind === 'CN' ? 'Gutschrift' : 'Rechnung'} Nr. ${receipt.rno}`,
    contentHtml: lines.join(''),
    meta: { title: `Rechnung ${receipt.rno}`, author: letterhead.headerLines?.[0] },
  });
}

function sendPdf(reply: FastifyReply, pdf: Buffer, name: string) {
  return reply
    .header('content-type', 'application/pdf')
    .header('content-disposition', contentDisposition(name))
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', 'no-store')
    .send(pdf);
}

/** /api-student: receipts, inv-rem, gi, sp, spr, spa, setpaid. */
export async function studentMoneyRoutes(app: FastifyInstance) {
  app.get(
    '/receipts',
    {
      config: { access: { ...READ, scopedId: BY_ID_STUDENT } },
      schema: {
        summary: 'Open (type 1) or archived (type 2) top-level receipts of the student with their sub-receipts (credit notes), and the balance',
        tags: ['api-student'],
        querystring: receiptsQuery,
        response: { ...errorResponses, 200: receiptsResponse },
      },
    },
    async (request): Promise<StudentReceiptsResponse> => {
      const { id, type } = request.query as { id: number; type: 1 | 2 };
      return moneyRead(request, id, async (tx, student) => ({
        rows: await listReceipts(tx, id, type),
        balance: student.balance,
        cur: app.config.currency,
      }));
    },
  );

  app.get(
    '/inv-rem',
    {
      config: { access: { ...READ, scopedId: BY_ID_STUDENT } },
      schema: { summary: 'Dunning rows of the student, newest first', tags: ['api-student'], querystring: idQuery, response: { ...errorResponses, 200: dunningsResponse } },
    },
    async (request): Promise<StudentDunningsResponse> => {
      const { id } = request.query as { id: number };
      return moneyRead(request, id, async (tx) => ({ rows: await listDunnings(tx, id) }));
    },
  );

  app.post(
    '/gi',
    {
      config: { access: { ...FINANCE_W, scopedId: BY_STID } },
      schema: {
        summary:
          'Generates the due invoices of the student: one receipt per contract and period up to today (activation fee on the first); idempotent per period. 409 {error: 64} for a member status in DISABLED_MEMBER_STATUSES',
        tags: ['api-student'],
        querystring: stidQuery,
        response: { ...writeResponses, 200: generatedResponse },
      },
    },
    async (request): Promise<GenerateInvoicesResponse> => {
      const { stid } = request.query as { stid: number };
      request.audit.entity = 'receipt';
      return moneyWrite(request, stid, async (tx, student) => {
        if (student.memberStatus !== null && app.config.disabledMemberStatuses.includes(student.memberStatus)) throw invoicingDisabled();
        const created = await generateInvoices(tx, { studentId: stid, today: isoDay(app.now()), disabledStatuses: [] });
        return { success: true as const, created };
      });
    },
  );

  // ---- payments ------------------------------------------------------------------------------

  app.get(
    '/sp',
    {
      config: { access: { ...READ, scopedId: BY_STID } },
      schema: {
        summary: 'Payments of the student (newest first), or one payment with `id`',
        tags: ['api-student'],
        querystring: stidOptionalIdQuery,
        response: { ...errorResponses, 200: { anyOf: [paymentsResponse, paymentRowSchema] } },
      },
    },
    async (request) => {
      const { stid, id } = request.query as { stid: number; id?: number };
      return moneyRead(request, stid, async (tx): Promise<StudentPaymentsResponse | object> => {
        if (id === undefined) return { rows: await listPayments(tx, stid) };
        const payment = await getPayment(tx, stid, id);
        if (!payment) throw notFound();
        return payment;
      });
    },
  );

  app.post(
    '/sp',
    {
      config: { access: { ...ADD_PAYMENT, scopedId: BY_STID } },
      schema: {
        summary: 'Adds a payment (paymentFormSchema) of the student, unassigned; answers its id',
        tags: ['api-student'],
        querystring: stidQuery,
        body: paymentBody,
        response: { ...writeResponses, 200: createdResponse('id') },
      },
    },
    async (request) => {
      const { stid } = request.query as { stid: number };
      request.audit.entity = 'payment';
      return moneyWrite(request, stid, async (tx, student) => {
        const form = validate(paymentFormSchema, request.body);
        return { success: true, id: await insertPayment(tx, student, form, app.config.currency) };
      });
    },
  );

  app.put(
    '/sp',
    {
      config: { access: { ...FINANCE_W, scopedId: BY_STID } },
      schema: {
        summary:
          'Changes an unbooked payment read with `version`. 409 {error: 57} when booked, 400 {error: 85} below the amount assigned, 409 {error: 9} when stale',
        tags: ['api-student'],
        querystring: stidIdQuery,
        body: paymentUpdateBody,
        response: { ...writeResponses, 200: savedWithVersionSchema },
      },
    },
    async (request) => {
      const { stid, id } = request.query as { stid: number; id: number };
      request.audit.entity = 'payment';
      return moneyWrite(request, stid, async (tx, student) => {
        const { version: read, ...form } = validate(withVersion(paymentFormSchema), request.body);
        return { success: true, version: await updatePayment(tx, student, id, form, read) };
      });
    },
  );

  app.delete(
    '/sp',
    {
      config: { access: { ...FINANCE_D, scopedId: BY_STID } },
      schema: {
        summary: 'Deletes an unbooked payment and its assignments (receipts it settled reopen). 409 {error: 57} when booked',
        tags: ['api-student'],
        querystring: stidIdQuery,
        response: { ...writeResponses, 200: successSchema },
      },
    },
    async (request) => {
      const { stid, id } = request.query as { stid: number; id: number };
      request.audit.entity = 'payment';
      return moneyWrite(request, stid, async (tx) => {
        await deletePayment(tx, stid, id);
        return { success: true };
      });
    },
  );

  app.post(
    '/spr',
    {
      config: { access: { ...ADD_PAYMENT, scopedId: BY_STID } },
      schema: {
        summary:
          'Pays a receipt: a payment of `am` (default: what is open) assigned to the receipt up to its open amount; answers the payment id. 409 {error: 67} for a receipt that is archived, a credit note or fully settled',
        tags: ['api-student'],
        querystring: stidRnoQuery,
        body: payReceiptBody,
        response: { ...writeResponses, 200: createdResponse('id') },
      },
    },
    async (request) => {
      const { stid, rno } = request.query as { stid: number; rno: number };
      request.audit.entity = 'payment';
      return moneyWrite(request, stid, async (tx, student) => {
        const form = validate(payReceiptSchema, request.body);
        const paid = await payReceipt(tx, student, rno, form, app.config.currency, false);
        return { success: true, id: paid.id };
      });
    },
  );

  app.put(
    '/setpaid',
    {
      config: { access: { ...FINANCE_W, scopedId: BY_STID } },
      schema: {
        summary:
          'Sets an open receipt paid: a payment of its open amount is recorded and assigned, and the receipt archived; answers the payment id (null when nothing was open)',
        tags: ['api-student'],
        querystring: stidRnoQuery,
        body: setPaidBody,
        response: { ...writeResponses, 200: createdResponse('id') },
      },
    },
    async (request) => {
      const { stid, rno } = request.query as { stid: number; rno: number };
      request.audit.entity = 'receipt';
      return moneyWrite(request, stid, async (tx, student) => {
        const form = validate(withVersion(setPaidSchema), request.body);
        const { version, ...payment } = form;
        const paid = await payReceipt(tx, student, rno, { ...payment, am: null, an: `Beleg ${rno}` }, app.config.currency, true, version);
        return { success: true, id: paid.id };
      });
    },
  );

  app.get(
    '/spa',
    {
      config: { access: { ...READ, scopedId: BY_STID } },
      schema: {
        summary: 'The assignment of a payment: the payment (data), its lines (pr) and the receipts it can be assigned to',
        tags: ['api-student'],
        querystring: stidIdQuery,
        response: { ...errorResponses, 200: assignmentResponse },
      },
    },
    async (request): Promise<PaymentAssignmentResponse> => {
      const { stid, id } = request.query as { stid: number; id: number };
      return moneyRead(request, stid, async (tx) => {
        const data = await getPayment(tx, stid, id);
        if (!data) throw notFound();
        return { data, pr: await paymentAssignment(tx, id), receipts: await assignableReceipts(tx, stid, id, data.cur) };
      });
    },
  );

  app.put(
    '/spa',
    {
      config: { access: { ...FINANCE_D, scopedId: BY_STID } },
      schema: {
        summary:
          'Replaces the assignment of an unbooked payment (lines {rno, am}, with the payment `version`). 400 {error: 63} above the payment or a receipt\'s open amount, 409 {error: 57} when booked',
        tags: ['api-student'],
        querystring: stidIdQuery,
        body: assignmentBody,
        response: { ...writeResponses, 200: savedWithVersionSchema },
      },
    },
    async (request) => {
      const { stid, id } = request.query as { stid: number; id: number };
      request.audit.entity = 'payment';
      return moneyWrite(request, stid, async (tx, student) => {
        const form = validate(assignmentSchema, request.body);
        return { success: true, version: await replaceAssignment(tx, student, id, form.pr, form.version) };
      });
    },
  );
}

/** /api-receipt: data, cn, undo-cn, revert-pa, open, close, print, print-ir. */
export async function receiptRoutes(app: FastifyInstance) {
  app.get(
    '/data',
    {
      config: { access: { ...READ, scopedId: BY_STID } },
      schema: {
        summary: 'One receipt of the student with its sub-receipts and the payments assigned to it',
        tags: ['api-receipt'],
        querystring: rnoStidQuery,
        response: { ...errorResponses, 200: receiptDetailResponse },
      },
    },
    async (request): Promise<ReceiptDetail> => {
      const { stid, rno } = request.query as { stid: number; rno: number };
      return moneyRead(request, stid, async (tx) => {
        const data = await getReceipt(tx, stid, rno);
        if (!data) throw notFound();
        return { data, pa: await receiptAssignments(tx, rno) };
      });
    },
  );

  app.post(
    '/cn',
    {
      config: { access: { ...FINANCE_W, scopedId: BY_STID } },
      schema: {
        summary:
          'Credit note of `am` cents on receipt `rno` (a sub-receipt with a negative amount); answers its number. 400 {error: 63} above what is open',
        tags: ['api-receipt'],
        querystring: stidRnoQuery,
        body: creditNoteBody,
        response: { ...writeResponses, 200: createdResponse('rno') },
      },
    },
    async (request) => {
      const { stid, rno } = request.query as { stid: number; rno: number };
      request.audit.entity = 'receipt';
      return moneyWrite(request, stid, async (tx, student) => {
        const form = validate(creditNoteSchema, request.body);
        return { success: true, rno: await createCreditNote(tx, student, rno, form, isoDay(app.now())) };
      });
    },
  );

  app.put(
    '/cn',
    {
      config: { access: { ...FINANCE_W, scopedId: BY_STID } },
      schema: {
        summary: 'Changes credit note `rno` (amount, text) read with `version`. 400 {error: 63} above what is open',
        tags: ['api-receipt'],
        querystring: stidRnoQuery,
        body: creditNoteUpdateBody,
        response: { ...writeResponses, 200: savedWithVersionSchema },
      },
    },
    async (request) => {
      const { stid, rno } = request.query as { stid: number; rno: number };
      request.audit.entity = 'receipt';
      return moneyWrite(request, stid, async (tx) => {
        const form = validate(withVersion(creditNoteSchema), request.body);
        return { success: true, version: await updateCreditNote(tx, stid, rno, form) };
      });
    },
  );

  app.post(
    '/undo-cn',
    {
      config: { access: { ...FINANCE_W, scopedId: BY_STID } },
      schema: {
        summary:
          'Removes credit note `rno` of receipt `rrno` in one transaction; the receipt reopens when it is no longer settled. With `rno` = `rrno` = an open manual booking (GT): removes it with its credit notes and payment assignments (the payments become unassigned). 409 {error: 67} archived GT or another receipt, 409 {error: 57} a booked payment is assigned to the GT',
        tags: ['api-receipt'],
        querystring: undoCnQuery,
        response: { ...writeResponses, 200: successSchema },
      },
    },
    async (request) => {
      const { stid, rno, rrno } = request.query as { stid: number; rno: number; rrno: number };
      request.audit.entity = 'receipt';
      return moneyWrite(request, stid, async (tx) => {
        await undoCreditNote(tx, stid, rno, rrno);
        return { success: true };
      });
    },
  );

  app.post(
    '/revert-pa',
    {
      config: { access: { ...FINANCE_W, scopedId: BY_STID } },
      schema: {
        summary: 'Removes the assignment of payment `prid` to receipt `rno` (the receipt reopens when no longer settled). 409 {error: 57} for a booked payment',
        tags: ['api-receipt'],
        querystring: revertPaQuery,
        response: { ...writeResponses, 200: successSchema },
      },
    },
    async (request) => {
      const { stid, rno, prid } = request.query as { stid: number; rno: number; prid: number };
      request.audit.entity = 'receipt';
      return moneyWrite(request, stid, async (tx) => {
        await revertAssignment(tx, stid, rno, prid);
        return { success: true };
      });
    },
  );

  app.post(
    '/open',
    {
      config: { access: { ...FINANCE_W, scopedId: BY_STID } },
      schema: {
        summary: 'Reopens archived top-level receipt `rrno`. 409 {error: 67} when it is not archived',
        tags: ['api-receipt'],
        querystring: stidRrnoQuery,
        response: { ...writeResponses, 200: successSchema },
      },
    },
    async (request) => {
      const { stid, rrno } = request.query as { stid: number; rrno: number };
      request.audit.entity = 'receipt';
      return moneyWrite(request, stid, async (tx) => {
        await openReceipt(tx, stid, rrno);
        return { success: true };
      });
    },
  );

  app.post(
    '/close',
    {
      config: { access: { ...FINANCE_W, scopedId: BY_STID } },
      schema: {
        summary: 'Archives settled open top-level receipt `rrno`. 409 {error: 62} when not settled, {error: 67} when not open',
        tags: ['api-receipt'],
        querystring: stidRrnoQuery,
        response: { ...writeResponses, 200: successSchema },
      },
    },
    async (request) => {
      const { stid, rrno } = request.query as { stid: number; rrno: number };
      request.audit.entity = 'receipt';
      return moneyWrite(request, stid, async (tx) => {
        await closeReceipt(tx, stid, rrno);
        return { success: true };
      });
    },
  );

  app.get(
    '/print',
    {
      config: { access: { ...READ, scopedId: { in: 'query', name: 'id', resource: 'receipt' } } },
      schema: { summary: 'The receipt as PDF (the school\'s letter)', tags: ['api-receipt'], querystring: printIdQuery, response: { ...errorResponses } },
    },
    async (request, reply) => {
      const { id } = request.query as { id: number };
      const pdf = await request.scoped(async (tx) => {
        const receipt = await getReceiptByNumber(tx, id);
        if (!receipt) throw notFound();
        return receiptPdf(app, tx, receipt);
      });
      return sendPdf(reply, pdf, `Rechnung-${id}.pdf`);
    },
  );

  app.get(
    '/print-ir',
    {
      config: { access: { ...READ, scopedId: { in: 'query', name: 'id', resource: 'dunning' } } },
      schema: {
        summary: 'The dunning letter as PDF; with `ds` (finance_w) its sent date is recorded when it has none',
        tags: ['api-receipt'],
        querystring: printIrQuery,
        response: { ...errorResponses },
      },
    },
    async (request, reply) => {
      const { id, ds } = request.query as { id: number; ds?: string };
      if (ds !== undefined && !request.session!.atoms.includes('finance_w')) throw forbidden();
      const pdf = await request.scoped(async (tx) => {
        const dunning = await getDunning(tx, id);
        if (!dunning) throw notFound();
        if (ds !== undefined) await markDunningSent(tx, id, ds);
        const receipts = (await Promise.all(dunning.rnos.map((rno) => getReceipt(tx, dunning.stid, rno)))).filter((r): r is ReceiptRow => r !== null);
        const letterhead = await readLetterhead(tx, dunning.schoolId, app.files);
        const stage = ['Zahlungserinnerung', '1. Mahnung', '2. Mahnung', '3. Mahnung'][dunning.dun] ?? 'Mahnung';
        return renderLetter({
          letterhead,
          recipient: (await letterRecipient(tx, dunning.stid)).slice(0, 9),
          date: ds ?? isoDay(app.now()),
          subject: stage,
          contentHtml: [
            '<p>Folgende Belege sind noch offen:</p>',
            '<ul>',
            ...receipts.map(
              (r) => `<li>Rechnung Nr. ${r.rno} vom ${printedDate(r.ddue)}: offen ${printedMoney(r.bal, r.cur)}</li>`,
            ),
            '</ul>',
            `<p>Gesamt offen: ${printedMoney(dunning.am, dunning.cur)}</p>`,
          ].join(''),
          meta: { title: stage, author: letterhead.headerLines?.[0] },
        });
      });
      return sendPdf(reply, pdf, `Mahnung-${id}.pdf`);
    },
  );
}

/** /api-invoice-reminder: data (POST create, PUT?id edit). */
export async function dunningRoutes(app: FastifyInstance) {
  app.post(
    '/data',
    {
      config: { access: { ...FINANCE_W, scopedId: { in: 'body', name: 'stid', resource: 'student' } } },
      schema: {
        summary: 'A dunning letter of level `dun` for open receipts `rnos` of student `stid`; answers its id',
        tags: ['api-invoice-reminder'],
        body: dunningBody,
        response: { ...writeResponses, 200: createdResponse('id') },
      },
    },
    async (request) => {
      request.audit.entity = 'dunning';
      const stid = (request.body as { stid?: unknown } | null)?.stid;
      // Another school's student is a 404 before the rest of the body is looked at.
      if (!Number.isInteger(stid)) validate(dunningFormSchema, request.body);
      return moneyWrite(request, stid as number, async (tx, student) => {
        const form = validate(dunningFormSchema, request.body);
        return {
          success: true,
          id: await createDunning(tx, student, { dun: form.dun, rnos: form.rnos, ds: form.ds }, request.session!.user.id, isoDay(app.now())),
        };
      });
    },
  );

  app.put(
    '/data',
    {
      config: { access: { ...FINANCE_W, scopedId: { in: 'query', name: 'id', resource: 'dunning' } } },
      schema: {
        summary: 'Changes level and sent date of a dunning row read with `version`',
        tags: ['api-invoice-reminder'],
        querystring: idQuery,
        body: dunningUpdateBody,
        response: { ...writeResponses, 200: savedWithVersionSchema },
      },
    },
    async (request) => {
      const { id } = request.query as { id: number };
      request.audit.entity = 'dunning';
      request.audit.entityId = id;
      try {
        return await idempotentWrite(request, async (tx) => {
          const dunning = await getDunning(tx, id);
          if (!dunning) throw notFound();
          request.audit.schoolId = dunning.schoolId;
          const form = validate(dunningEditSchema, request.body);
          return { success: true, version: await updateDunning(tx, id, form) };
        });
      } catch (error) {
        throw moneyRuleAnswer(error) ?? error;
      }
    },
  );
}
