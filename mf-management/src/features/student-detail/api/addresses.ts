import { http } from 'shared-kernel';
import { ADDRESS_TYPE, type InvoiceAddress, type MainAddress, type SavedWithVersion, type Versioned } from 'shared-kernel/contracts';

/** GET /api-student/address?stid&type=1: the main address with its version (null when the student is gone). */
export function getMainAddress(studentId: number, signal?: AbortSignal): Promise<(MainAddress & Versioned) | null> {
  return http
    .get('api-student/address', { searchParams: { stid: studentId, type: ADDRESS_TYPE.main }, signal })
    .json<(MainAddress & Versioned) | null>();
}

/** GET /api-student/address?stid&type=2: the separate invoice address with its version, or null. */
export function getInvoiceAddress(studentId: number, signal?: AbortSignal): Promise<(InvoiceAddress & Versioned) | null> {
  return http
    .get('api-student/address', { searchParams: { stid: studentId, type: ADDRESS_TYPE.invoice }, signal })
    .json<(InvoiceAddress & Versioned) | null>();
}

/** PUT /api-student/address?stid&type=1 with the version read; answers the next version. */
export async function saveMainAddress(studentId: number, address: MainAddress, version: number): Promise<number> {
  const saved = await http
    .put('api-student/address', { searchParams: { stid: studentId, type: ADDRESS_TYPE.main }, json: { ...address, version } })
    .json<SavedWithVersion>();
  return saved.version;
}

/**
 * PUT /api-student/address?stid&type=2: creates (version 0: there was none when read) or
 * replaces the invoice address; answers the next version.
 */
export async function saveInvoiceAddress(studentId: number, address: InvoiceAddress, version: number): Promise<number> {
  const saved = await http
    .put('api-student/address', { searchParams: { stid: studentId, type: ADDRESS_TYPE.invoice }, json: { ...address, version } })
    .json<SavedWithVersion>();
  return saved.version;
}

/** DELETE /api-student/address?stid&type=2: invoices go to the main address again. */
export async function deleteInvoiceAddress(studentId: number): Promise<void> {
  await http.delete('api-student/address', { searchParams: { stid: studentId, type: ADDRESS_TYPE.invoice } });
}
