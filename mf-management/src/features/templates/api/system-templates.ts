import { http } from 'shared-kernel';
import type { SavedWithVersion, SystemTemplateData, SystemTemplateForm, SystemTemplateKey, SystemTemplateRow } from 'shared-kernel/contracts';

/** Query of one level of a system template: the key and the school (absent: all schools). */
function levelParams(key: SystemTemplateKey, schoolId: number | null): Record<string, string | number> {
  return schoolId === null ? { key } : { key, sid: schoolId };
}

/** GET /api-template/system?q: the system templates whose name or key contains `q` (at least 2 characters; '' = all). */
export async function getSystemTemplates(q: string, signal?: AbortSignal): Promise<SystemTemplateRow[]> {
  const searchParams = q.trim().length >= 2 ? { q: q.trim() } : {};
  const answer = await http.get('api-template/system', { searchParams, signal }).json<{ rows: SystemTemplateRow[] }>();
  return answer.rows;
}

/** GET /api-template/system-data?key[&sid]: subject and content in effect for one school or all schools. */
export function getSystemTemplate(key: SystemTemplateKey, schoolId: number | null, signal?: AbortSignal): Promise<SystemTemplateData> {
  return http.get('api-template/system-data', { searchParams: levelParams(key, schoolId), signal }).json<SystemTemplateData>();
}

/** PUT /api-template/system-data?key[&sid]: saves the override of that level (409 {error: 9} when stale). */
export async function saveSystemTemplate(
  key: SystemTemplateKey,
  schoolId: number | null,
  body: SystemTemplateForm,
  version: number,
): Promise<number> {
  const saved = await http
    .put('api-template/system-data', { searchParams: levelParams(key, schoolId), json: { ...body, version } })
    .json<SavedWithVersion>();
  return saved.version;
}

/** DELETE /api-template/system-data?key[&sid]: removes that level's override ("reset to default"). */
export async function resetSystemTemplate(key: SystemTemplateKey, schoolId: number | null): Promise<void> {
  await http.delete('api-template/system-data', { searchParams: levelParams(key, schoolId) });
}
