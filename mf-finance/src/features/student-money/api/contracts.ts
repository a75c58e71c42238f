import { IDEMPOTENCY_KEY_HEADER, http, saveDownload } from 'shared-kernel';
import type {
  CancellationAnswer,
  CancellationProposal,
  CancellationRequest,
  SkipAnswer,
  StudentContractCreated,
  StudentContractForm,
  StudentContractList,
  StudentContractOptions,
  StudentContractSingle,
} from 'shared-kernel/contracts';

/** GET /api-student/sc?stid: the student's contracts and whether skip-fee is offered at all. */
export function getStudentContracts(studentId: number, signal?: AbortSignal): Promise<StudentContractList> {
  return http.get('api-student/sc', { searchParams: { stid: studentId }, signal }).json<StudentContractList>();
}

/** GET /api-student/sc?stid&id: one contract with its form fields, version and skip state. */
export function getStudentContract(studentId: number, contractId: number, signal?: AbortSignal): Promise<StudentContractSingle> {
  return http.get('api-student/sc', { searchParams: { stid: studentId, id: contractId }, signal }).json<StudentContractSingle>();
}

/** GET /api-student/contracts?stid: templates, accounts and network lists of the contract form. */
export function getStudentContractOptions(studentId: number, signal?: AbortSignal): Promise<StudentContractOptions> {
  return http.get('api-student/contracts', { searchParams: { stid: studentId }, signal }).json<StudentContractOptions>();
}

/** POST /api-student/sc?stid: a new contract. */
export function createStudentContract(studentId: number, body: StudentContractForm, idempotencyKey: string): Promise<StudentContractCreated> {
  return http
    .post('api-student/sc', { searchParams: { stid: studentId }, json: body, headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey } })
    .json<StudentContractCreated>();
}

/** PUT /api-student/sc?stid&id: changes a contract (stale version: 409 {error: 9}). */
export async function updateStudentContract(studentId: number, contractId: number, body: StudentContractForm, version: number): Promise<void> {
  await http.put('api-student/sc', { searchParams: { stid: studentId, id: contractId }, json: { ...body, version } });
}

/** DELETE /api-student/sc?stid&id (409 {error: 75} while the contract has receipts). */
export async function deleteStudentContract(studentId: number, contractId: number): Promise<void> {
  await http.delete('api-student/sc', { searchParams: { stid: studentId, id: contractId } });
}

/** PUT /api-student/skip?stid&id: skips the contract's next due payment period. */
export function skipContractFee(studentId: number, contractId: number, version: number): Promise<SkipAnswer> {
  return http.put('api-student/skip', { searchParams: { stid: studentId, id: contractId }, json: { version } }).json<SkipAnswer>();
}

/** GET /api-student/cancel?stid&stcid[&dc]: the effective date proposed from the contract's terms (or error 70). */
export function getCancellationProposal(studentId: number, contractId: number, receivedOn?: string, signal?: AbortSignal): Promise<CancellationProposal> {
  const searchParams: Record<string, string | number> = { stid: studentId, stcid: contractId };
  if (receivedOn) searchParams.dc = receivedOn;
  return http.get('api-student/cancel', { searchParams, signal }).json<CancellationProposal>();
}

/** POST /api-student/cancel?stid&stcid: cancels the contract (dce null = the proposal). */
export function cancelStudentContract(studentId: number, contractId: number, body: CancellationRequest): Promise<CancellationAnswer> {
  return http.post('api-student/cancel', { searchParams: { stid: studentId, stcid: contractId }, json: body }).json<CancellationAnswer>();
}

/** PUT /api-student/swd?stid&id: withdraws the cancellation (resets cancellation date and end). */
export async function withdrawCancellation(studentId: number, contractId: number, version: number): Promise<void> {
  await http.put('api-student/swd', { searchParams: { stid: studentId, id: contractId }, json: { version } });
}

/** POST /api-student/cp?scid&id: the cancellation confirmation as PDF (saved as a download). */
export async function printCancellationConfirmation(studentId: number, contractId: number): Promise<void> {
  await saveDownload(
    await http.post('api-student/cp', { searchParams: { scid: studentId, id: contractId } }),
    `Kuendigungsbestaetigung-${contractId}.pdf`,
  );
}
