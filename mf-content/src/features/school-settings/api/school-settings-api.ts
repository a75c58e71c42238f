import { http } from 'shared-kernel';
import type { SchoolSettings, SchoolSettingsForm, SchoolSettingsListRow } from 'shared-kernel/contracts';

/** GET /api-config/school-list: the schools the user may configure, with their microsite address. */
export async function getSettingsSchools(signal?: AbortSignal): Promise<SchoolSettingsListRow[]> {
  return (await http.get('api-config/school-list', { signal }).json<{ rows: SchoolSettingsListRow[] }>()).rows;
}

/** GET /api-config/school?sid: settings, timetable, address and version of one school. */
export function getSchoolSettings(schoolId: number, signal?: AbortSignal): Promise<SchoolSettings> {
  return http.get('api-config/school', { searchParams: { sid: schoolId }, signal }).json<SchoolSettings>();
}

/**
 * POST /api-config/school?sid (c_settings_w): the settings with the version read and the
 * timetable events with their markers (6 new, 5 changed, 4 deleted); answers the new version.
 * A stale version answers 409 {error: 9}.
 */
export async function saveSchoolSettings(schoolId: number, body: SchoolSettingsForm): Promise<number> {
  return (await http.post('api-config/school', { searchParams: { sid: schoolId }, json: body }).json<{ version: number }>()).version;
}

/**
 * POST /api-config/school-image?sid (multipart `file`): the school image, saved at once. The
 * server checks it: JPG or PNG (else 1104), at least 1050x350 (35), ratio 3:1 (36).
 */
export async function uploadSchoolImage(schoolId: number, file: File): Promise<number> {
  const body = new FormData();
  body.append('file', file, file.name);
  return (await http.post('api-config/school-image', { searchParams: { sid: schoolId }, body }).json<{ id: number }>()).id;
}

/** Address of the school image (GET /api-config/school-image); the id makes a new image a new address. */
export const schoolImageUrl = (schoolId: number, imageId: number, size = '1050x350') =>
  `/api-config/school-image?sid=${schoolId}&size=${size}&v=${imageId}`;
