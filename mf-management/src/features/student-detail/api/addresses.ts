import { http } from 'shared-kernel';
import { ADDRESS_TYPE, type InvoiceAddress, type MainAddress } from 'shared-kernel/contracts';

/** GET /api-student/address?stid&type=1: the main address (null when none is on file). */
export function getMainAddress(studentId: number, signal?: AbortSignal): Promise<MainAddress | null> {
  return http
    .get('api-student/address', { searchParams: { stid: studentId, type: ADDRESS_TYPE.main }, signal })
    .json<MainAddress | null>();
}

/** GET /api-student/address?stid&type=2: the separate invoice address, or null. */
export function getInvoiceAddress(studentId: number, signal?: AbortSignal): Promise<InvoiceAddress | null> {
  return http
    .get('api-student/address', { searchParams: { stid: studentId, type: ADDRESS_TYPE.invoice }, signal })
    .json<InvoiceAddress | null>();
}

/** PUT /api-student/address?stid&type=1. */
export async function saveMainAddress(studentId: number, address: MainAddress): Promise<void> {
  await http.put('api-student/address', { searchParams: { stid: studentId, type: ADDRESS_TYPE.main }, json: address });
}

/** PUT /api-student/address?stid&type=2: creates or replaces the invoice address. */
export async function saveInvoiceAddress(studentId: number, address: InvoiceAddress): Promise<void> {
  await http.put('api-student/address', { searchParams: { stid: studentId, type: ADDRESS_TYPE.invoice }, json: address });
}

/** DELETE /api-student/address?stid&type=2: invoices go to the main address again. */
export async function deleteInvoiceAddress(studentId: number): Promise<void> {
  await http.delete('api-student/address', { searchParams: { stid: studentId, type: ADDRESS_TYPE.invoice } });
}
