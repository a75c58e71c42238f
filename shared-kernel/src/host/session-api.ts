import type { AppState, LoginRequest, SessionInfo } from 'shared-kernel/contracts';
import { http } from 'shared-kernel';

/** GET /api-application-state/get-state?module=main: the session's state (401 without one). */
export function getAppState(signal?: AbortSignal): Promise<AppState> {
  return http.get('api-application-state/get-state', { searchParams: { module: 'main' }, signal }).json<AppState>();
}

/** POST /api-auth/login: opens a session (cookie) or answers 401 {error: 2}. */
export function login(credentials: LoginRequest): Promise<SessionInfo> {
  return http.post('api-auth/login', { json: credentials }).json<SessionInfo>();
}

/** POST /api-auth/logout: revokes the session on the server. */
export async function logout(): Promise<void> {
  await http.post('api-auth/logout');
}
