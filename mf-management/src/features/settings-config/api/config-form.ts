import { appBaseUrl, http } from 'shared-kernel';
import type { ConfigCat, ConfigChange, ConfigForm, SavedWithVersion } from 'shared-kernel/contracts';

/** null = the values for all schools. */
export type ConfigSchool = number | null;

const searchParams = (cat: ConfigCat, school: ConfigSchool) => (school === null ? { cat } : { cat, school });

/** GET /api-config/form: the items of a category for a school (or all schools) and the form's version. */
export function getConfigForm(cat: ConfigCat, school: ConfigSchool, signal?: AbortSignal): Promise<ConfigForm> {
  return http.get('api-config/form', { searchParams: searchParams(cat, school), signal }).json<ConfigForm>();
}

/**
 * PUT /api-config/form: saves the changed items against the version read; answers the next
 * version (409 {error: 9} when someone saved meanwhile, 400 with `fields` per invalid key).
 */
export async function saveConfigForm(cat: ConfigCat, school: ConfigSchool, items: ConfigChange[], version: number): Promise<number> {
  const saved = await http.put('api-config/form', { searchParams: searchParams(cat, school), json: { items, version } }).json<SavedWithVersion>();
  return saved.version;
}

/** POST /api-config/image: uploads a logo or signature (re-encoded by the server); answers its id. */
export async function uploadConfigImage(key: string, school: ConfigSchool, file: File): Promise<number> {
  const body = new FormData();
  body.append('file', file);
  const params = school === null ? { key } : { key, school };
  const answer = await http.post('api-config/image', { searchParams: params, body }).json<{ id: number }>();
  return answer.id;
}

/** Address of a stored logo or signature (GET /api-config/image). */
export function configImageUrl(id: number): string {
  const url = new URL('api-config/image', appBaseUrl());
  url.searchParams.set('id', String(id));
  return url.href;
}
