import { IDEMPOTENCY_KEY_HEADER, http, saveDownload } from 'shared-kernel';
import type {
  CreditNoteForm,
  GenerateInvoicesResponse,
  PayReceiptForm,
  ReceiptDetail,
  ReceiptType,
  SetPaidForm,
  StudentReceiptsResponse,
} from 'shared-kernel/contracts';

/** GET /api-student/receipts?type=1|2&id: open items (1) or the archive (2) with sub-receipts and the balance. */
export function getReceipts(studentId: number, type: ReceiptType, signal?: AbortSignal): Promise<StudentReceiptsResponse> {
  return http.get('api-student/receipts', { searchParams: { type, id: studentId }, signal }).json<StudentReceiptsResponse>();
}

/** GET /api-receipt/data?rno&stid: one receipt with the payments assigned to it. */
export function getReceiptDetail(studentId: number, rno: number, signal?: AbortSignal): Promise<ReceiptDetail> {
  return http.get('api-receipt/data', { searchParams: { rno, stid: studentId }, signal }).json<ReceiptDetail>();
}

/**
 * POST /api-student/gi?stid: generates the invoices due up to today (idempotent per period; the
 * kernel client sends an Idempotency-Key with every POST). No `headers` option here: ky would
 * drop the client's X-Client-Version for `headers: undefined` (the server answers 403).
 */
export function generateInvoices(studentId: number): Promise<GenerateInvoicesResponse> {
  return http.post('api-student/gi', { searchParams: { stid: studentId } }).json<GenerateInvoicesResponse>();
}

/** POST /api-student/spr?stid&rno: creates a payment and assigns it to the receipt. */
export async function payReceipt(studentId: number, rno: number, body: PayReceiptForm, idempotencyKey: string): Promise<void> {
  await http.post('api-student/spr', { searchParams: { stid: studentId, rno }, json: body, headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey } });
}

/** PUT /api-student/setpaid?stid&rno: the open rest is paid and the receipt archived (with the receipt's version; stale: 409 {error: 9}). */
export async function setReceiptPaid(studentId: number, rno: number, body: SetPaidForm, version: number, idempotencyKey: string): Promise<void> {
  await http.put('api-student/setpaid', {
    searchParams: { stid: studentId, rno },
    json: { ...body, version },
    headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey },
  });
}

/** POST /api-receipt/cn?stid&rno: a credit note on receipt `rno`. */
export async function createCreditNote(studentId: number, rno: number, body: CreditNoteForm, idempotencyKey: string): Promise<void> {
  await http.post('api-receipt/cn', { searchParams: { stid: studentId, rno }, json: body, headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey } });
}

/** PUT /api-receipt/cn?stid&rno: changes credit note `rno` (with the version read). */
export async function updateCreditNote(studentId: number, rno: number, body: CreditNoteForm, version: number): Promise<void> {
  await http.put('api-receipt/cn', { searchParams: { stid: studentId, rno }, json: { ...body, version } });
}

/** POST /api-receipt/undo-cn?stid&rno&rrno: removes a credit note or manual booking `rno` of receipt `rrno` with its bookings. */
export async function undoCreditNote(studentId: number, rno: number, rrno: number): Promise<void> {
  await http.post('api-receipt/undo-cn', { searchParams: { stid: studentId, rno, rrno } });
}

/** POST /api-receipt/revert-pa?stid&rno&prid: takes payment `prid` off receipt `rno`. */
export async function revertPaymentAssignment(studentId: number, rno: number, paymentId: number): Promise<void> {
  await http.post('api-receipt/revert-pa', { searchParams: { stid: studentId, rno, prid: paymentId } });
}

/** POST /api-receipt/close?stid&rrno: archives a settled top-level receipt. */
export async function closeReceipt(studentId: number, rno: number): Promise<void> {
  await http.post('api-receipt/close', { searchParams: { stid: studentId, rrno: rno } });
}

/** POST /api-receipt/open?stid&rrno: reopens an archived receipt. */
export async function reopenReceipt(studentId: number, rno: number): Promise<void> {
  await http.post('api-receipt/open', { searchParams: { stid: studentId, rrno: rno } });
}

/** GET /api-receipt/print?id: the receipt as PDF (saved as a download). */
export async function printReceipt(rno: number): Promise<void> {
  await saveDownload(await http.get('api-receipt/print', { searchParams: { id: rno } }), `Beleg-${rno}.pdf`);
}
