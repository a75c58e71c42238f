import { http, saveDownload } from 'shared-kernel';
import type { StudentDunningsResponse } from 'shared-kernel/contracts';

/** GET /api-student/inv-rem?id: the student's dunning letters. */
export function getDunnings(studentId: number, signal?: AbortSignal): Promise<StudentDunningsResponse> {
  return http.get('api-student/inv-rem', { searchParams: { id: studentId }, signal }).json<StudentDunningsResponse>();
}

/** GET /api-receipt/print-ir?id: a dunning letter as PDF (saved as a download; without `ds`, which would record a sent date). */
export async function printDunning(dunningId: number): Promise<void> {
  await saveDownload(await http.get('api-receipt/print-ir', { searchParams: { id: dunningId } }), `Mahnung-${dunningId}.pdf`);
}
