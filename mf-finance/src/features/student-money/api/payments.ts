import { IDEMPOTENCY_KEY_HEADER, http } from 'shared-kernel';
import type { AssignmentForm, PaymentAssignmentResponse, PaymentForm, StudentPaymentsResponse } from 'shared-kernel/contracts';

/** GET /api-student/sp?stid: all payments of the student, newest first. */
export function getPayments(studentId: number, signal?: AbortSignal): Promise<StudentPaymentsResponse> {
  return http.get('api-student/sp', { searchParams: { stid: studentId }, signal }).json<StudentPaymentsResponse>();
}

/** POST /api-student/sp?stid: a new payment (one Idempotency-Key per submission attempt). */
export async function createPayment(studentId: number, body: PaymentForm, idempotencyKey: string): Promise<void> {
  await http.post('api-student/sp', { searchParams: { stid: studentId }, json: body, headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey } });
}

/** PUT /api-student/sp?stid&id: changes an unbooked payment (stale version: 409 {error: 9}). */
export async function updatePayment(studentId: number, paymentId: number, body: PaymentForm, version: number): Promise<void> {
  await http.put('api-student/sp', { searchParams: { stid: studentId, id: paymentId }, json: { ...body, version } });
}

/** DELETE /api-student/sp?stid&id. */
export async function deletePayment(studentId: number, paymentId: number): Promise<void> {
  await http.delete('api-student/sp', { searchParams: { stid: studentId, id: paymentId } });
}

/** GET /api-student/spa?stid&id: the payment, its assignment lines and the receipts it can go to. */
export function getPaymentAssignment(studentId: number, paymentId: number, signal?: AbortSignal): Promise<PaymentAssignmentResponse> {
  return http.get('api-student/spa', { searchParams: { stid: studentId, id: paymentId }, signal }).json<PaymentAssignmentResponse>();
}

/** PUT /api-student/spa?stid&id: the payment's whole new assignment. */
export async function savePaymentAssignment(studentId: number, paymentId: number, body: AssignmentForm): Promise<void> {
  await http.put('api-student/spa', { searchParams: { stid: studentId, id: paymentId }, json: body });
}
