import { IDEMPOTENCY_KEY_HEADER, http, saveDownload } from 'shared-kernel';
import type { CancellationFormData, CancellationLetterAnswer, CancellationLetterForm, CancellationProposal } from 'shared-kernel/contracts';

/** GET /api-student/cancellation?stid: the student's cancellable contracts and the templates the letter offers. */
export function getCancellationFormData(studentId: number, signal?: AbortSignal): Promise<CancellationFormData> {
  return http.get('api-student/cancellation', { searchParams: { stid: studentId }, signal }).json<CancellationFormData>();
}

/** GET /api-student/cancel?stid&stcid&dc: the effective date proposed for a cancellation received on `dc`. */
export function getCancellationProposal(studentId: number, contractId: number, receivedOn: string, signal?: AbortSignal): Promise<CancellationProposal> {
  return http.get('api-student/cancel', { searchParams: { stid: studentId, stcid: contractId, dc: receivedOn }, signal }).json<CancellationProposal>();
}

/** POST /api-student/cancellation?stid: cancels the contract, stores the confirmation letter and notes it in the timeline. */
export function saveCancellationLetter(studentId: number, body: CancellationLetterForm, idempotencyKey: string): Promise<CancellationLetterAnswer> {
  return http
    .post('api-student/cancellation', { searchParams: { stid: studentId }, json: body, headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey } })
    .json<CancellationLetterAnswer>();
}

/** GET /api-document/sddl?id&tid: the confirmation letter the save stored as a student document (saved as a download). */
export async function downloadCancellationLetter(document: CancellationLetterAnswer['document']): Promise<void> {
  await saveDownload(await http.get('api-document/sddl', { searchParams: { id: document.id, tid: document.tid } }), document.n);
}
