import { http } from 'shared-kernel';
import type { ReleaseNote } from 'shared-kernel/contracts';

export type { ReleaseNote };

/** GET /api-base/release-notes: what changed in the product, newest first. */
export function getReleaseNotes(signal?: AbortSignal): Promise<ReleaseNote[]> {
  return http.get('api-base/release-notes', { signal }).json<ReleaseNote[]>();
}
