import { BATCH_REQUEST_TIMEOUT_MS, IDEMPOTENCY_KEY_HEADER, http, uploadWithProgress, type UploadProgress } from 'shared-kernel';
import type {
  BankAssignForm,
  BankAssignResponse,
  BankAssignResult,
  BankImportDetail,
  BankMovementData,
  BankMovementForm,
  BankMovementRow,
  BankStudentOptions,
  PagedListRequest,
  PagedListResponse,
  SavedWithVersion,
} from 'shared-kernel/contracts';

/** Path of the movements export (GET ?ids=1,2 or ?filtered=…, &format=csv|xlsx). */
export const BANK_MOVEMENT_EXPORT_URL = 'api-fin/export-bl-sel';

/** POST /api-fin/bl: a page of the movements of the filtered schools. */
export function getMovementPage(request: PagedListRequest, signal?: AbortSignal): Promise<PagedListResponse<BankMovementRow>> {
  return http.post('api-fin/bl', { json: request, signal }).json<PagedListResponse<BankMovementRow>>();
}

/** GET /api-fin/bam?id: one movement with its version. */
export function getMovement(id: number, signal?: AbortSignal): Promise<BankMovementData> {
  return http.get('api-fin/bam', { searchParams: { id }, signal }).json<BankMovementData>();
}

/** POST /api-fin/bam: a movement entered by hand (idempotent with the form's submission key). */
export async function createMovement(body: BankMovementForm, idempotencyKey: string): Promise<number> {
  const answer = await http.post('api-fin/bam', { json: body, headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey } }).json<{ id: number }>();
  return answer.id;
}

/** PUT /api-fin/bam?id with the version read; answers the next version. */
export async function updateMovement(id: number, body: BankMovementForm, version: number): Promise<number> {
  return (await http.put('api-fin/bam', { searchParams: { id }, json: { ...body, version } }).json<SavedWithVersion>()).version;
}

/** DELETE /api-fin/bam?id (finance_d; refused with 409 {error: 95} when a student is attached). */
export async function deleteMovement(id: number): Promise<void> {
  await http.delete('api-fin/bam', { searchParams: { id } });
}

/**
 * POST /api-fin/bamimport: uploads a statement (XML or ZIP) as one multipart body, reporting
 * the upload's progress (the kernel's XMLHttpRequest upload: ky's onUploadProgress streams the
 * body, which Chromium refuses over the product's HTTP/1.1). No timeout of the client's
 * default: a large statement takes its time.
 */
export async function uploadStatement(file: File, options: { onProgress?: (progress: UploadProgress) => void; signal?: AbortSignal } = {}): Promise<BankImportDetail> {
  const body = new FormData();
  body.append('file', file, file.name);
  const answer = await uploadWithProgress('api-fin/bamimport', body, { ...options, timeout: BATCH_REQUEST_TIMEOUT_MS });
  return (await answer.json()) as BankImportDetail;
}

/** GET /api-fin/bamimport?id: an import's detail. */
export function getImport(id: number, signal?: AbortSignal): Promise<BankImportDetail> {
  return http.get('api-fin/bamimport', { searchParams: { id }, signal }).json<BankImportDetail>();
}

/** POST /api-fin/blassign: the oldest open credits with suggestions. */
export function getAssignSuggestions(signal?: AbortSignal): Promise<BankAssignResponse> {
  return http.post('api-fin/blassign', { signal }).json<BankAssignResponse>();
}

/** GET /api-fin/sa?id&bam: the student's options for a movement. */
export function getStudentOptions(studentId: number, movementId: number, signal?: AbortSignal): Promise<BankStudentOptions> {
  return http.get('api-fin/sa', { searchParams: { id: studentId, bam: movementId }, signal }).json<BankStudentOptions>();
}

/** POST /api-fin/sa: applies one movement (idempotent with `idempotencyKey`). */
export function applyAssignment(body: BankAssignForm, idempotencyKey: string): Promise<BankAssignResult> {
  return http.post('api-fin/sa', { json: body, headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey } }).json<BankAssignResult>();
}
