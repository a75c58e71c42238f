import { http } from 'shared-kernel';
import type { PersonalData } from 'shared-kernel/contracts';

/** GET /api-student/pd?stid: the personal data panel. */
export function getPersonalData(studentId: number, signal?: AbortSignal): Promise<PersonalData> {
  return http.get('api-student/pd', { searchParams: { stid: studentId }, signal }).json<PersonalData>();
}

/** PUT /api-student/pd?stid: saves the personal data (validated with personalDataSchema on both sides). */
export async function savePersonalData(studentId: number, data: PersonalData): Promise<void> {
  await http.put('api-student/pd', { searchParams: { stid: studentId }, json: data });
}
