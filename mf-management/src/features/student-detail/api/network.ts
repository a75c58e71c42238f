import { http } from 'shared-kernel';
import type { NetworkRequestAnswer } from 'shared-kernel/contracts';

/** POST /api-base/ndt?id: records a data transfer of the student to the network (outbox). */
export function requestNetworkDataTransfer(studentId: number): Promise<NetworkRequestAnswer> {
  return http.post('api-base/ndt', { searchParams: { id: studentId } }).json<NetworkRequestAnswer>();
}

/** POST /api-base/cce?id: records the student's cancellation confirmation for the network (outbox). */
export function requestNetworkCancellationConfirmation(studentId: number): Promise<NetworkRequestAnswer> {
  return http.post('api-base/cce', { searchParams: { id: studentId } }).json<NetworkRequestAnswer>();
}
