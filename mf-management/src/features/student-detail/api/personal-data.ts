import { http } from 'shared-kernel';
import type { PersonalData, SavedWithVersion, Versioned } from 'shared-kernel/contracts';

/** The personal data as read for editing: with the record version. */
export type VersionedPersonalData = PersonalData & Versioned;

/** GET /api-student/pd?stid: the personal data panel (with the version a save sends back). */
export function getPersonalData(studentId: number, signal?: AbortSignal): Promise<VersionedPersonalData> {
  return http.get('api-student/pd', { searchParams: { stid: studentId }, signal }).json<VersionedPersonalData>();
}

/**
 * PUT /api-student/pd?stid: saves the personal data (validated with personalDataSchema on
 * both sides) read with `version`; answers the next version (409 {error: 9} when stale).
 */
export async function savePersonalData(studentId: number, data: PersonalData, version: number): Promise<number> {
  const saved = await http.put('api-student/pd', { searchParams: { stid: studentId }, json: { ...data, version } }).json<SavedWithVersion>();
  return saved.version;
}
