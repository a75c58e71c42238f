import { http } from 'shared-kernel';
import type { StudentData } from 'shared-kernel/contracts';

/** GET /api-student/data?id: what the detail page's header and panels show of the student. */
export function getStudentData(studentId: number, signal?: AbortSignal): Promise<StudentData> {
  return http.get('api-student/data', { searchParams: { id: studentId }, signal }).json<StudentData>();
}
