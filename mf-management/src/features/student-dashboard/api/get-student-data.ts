import { http } from 'shared-kernel';
import type { StudentData } from 'shared-kernel/contracts';

export type { StudentData };

/** GET /api-student/data?id: one student's header, card and map data. */
export function getStudentData(id: number, signal?: AbortSignal): Promise<StudentData> {
  return http.get('api-student/data', { searchParams: { id }, signal }).json<StudentData>();
}
