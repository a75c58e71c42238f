import { http, saveDownload } from 'shared-kernel';
import type { StudentDunningsResponse } from 'shared-kernel/contracts';

/** GET /api-student/inv-rem?id: the student's dunning letters. */
export function getDunnings(studentId: number, signal?: AbortSignal): Promise<StudentDunningsResponse> {
  return http.get('api-student/inv-rem', { searchParams: { id: studentId }, signal }).json<StudentDunningsResponse>();
}

/** GET /api-receipt/print-ir?id&ds: a dunning letter as PDF (saved as a download). */
export async function printDunning(dunningId: number, sentDate: string | null): Promise<void> {
  const searchParams: Record<string, string | number> = { id: dunningId };
  if (sentDate) searchParams.ds = sentDate;
  await saveDownload(await http.get('api-receipt/print-ir', { searchParams }), `Mahnung-${dunningId}.pdf`);
}
