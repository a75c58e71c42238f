import { http } from 'shared-kernel';
import type { OnlineContractsFrame } from 'shared-kernel/contracts';

/** GET /api-conclusion/frame-token: the online-contracts page with a 5-minute token, and its origin (404 {error: 65}: not configured). */
export function getOnlineContractsFrame(signal?: AbortSignal): Promise<OnlineContractsFrame> {
  return http.get('api-conclusion/frame-token', { signal }).json<OnlineContractsFrame>();
}
