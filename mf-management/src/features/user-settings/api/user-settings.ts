import { http } from 'shared-kernel';
import type { SavedWithVersion, UserSettings, Versioned } from 'shared-kernel/contracts';

/** The caller's own settings as read, with their version. */
export type VersionedUserSettings = UserSettings & Versioned;

/** GET /api-user/settings: the signed-in user's own settings. */
export function getUserSettings(signal?: AbortSignal): Promise<VersionedUserSettings> {
  return http.get('api-user/settings', { signal }).json<VersionedUserSettings>();
}

/** PUT /api-user/settings: saves them read with `version`; answers the next version (409 {error: 9} when stale). */
export async function saveUserSettings(settings: UserSettings, version: number): Promise<number> {
  const saved = await http.put('api-user/settings', { json: { ...settings, version } }).json<SavedWithVersion>();
  return saved.version;
}
