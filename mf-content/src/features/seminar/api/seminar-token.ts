import { http } from 'shared-kernel';
import type { SeminarToken } from 'shared-kernel/contracts';

/** GET /api-base/seminar-token: the configured events page, its origin and a 5-minute token (404 {error: 34}: not configured). */
export function getSeminarToken(signal?: AbortSignal): Promise<SeminarToken> {
  return http.get('api-base/seminar-token', { signal }).json<SeminarToken>();
}
