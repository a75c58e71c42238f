import ky, { type KyInstance } from 'ky';
import { useSessionStore } from '../session/session-store.js';
import { reloadForNewVersion } from './reload-guard.js';

/** Every request waits at most this long (spec 001 §9). */
export const REQUEST_TIMEOUT_MS = 30_000;

/**
 * The few batch writes that may take longer than REQUEST_TIMEOUT_MS on a large school wait up
 * to the server's own request timeout (api/src/app.ts requestTimeout): a direct-debit run, a
 * bank-statement import, a dunning run of up to 1,000 receipts (each letter rendered for its
 * mail). All three are idempotent (Idempotency-Key), so a retry never writes twice; giving up
 * at 30 s would show 'op_failed' for a run the server then completes.
 */
export const BATCH_REQUEST_TIMEOUT_MS = 120_000;

/** Sent as `X-Client-Version` on every request: the server refuses state-changing requests
 * without it (CSRF defence) and answers 412 when this build is older than it accepts. */
export const CLIENT_VERSION: string =
  typeof __APP_VERSION__ !== 'undefined' ? __APP_VERSION__ : '0.0.0-dev';

/** The application base every API path is relative to (the page's origin root). */
export function appBaseUrl(): string {
  return new URL('/', globalThis.location?.href ?? 'http://localhost/').href;
}

/** Header of the key that makes a POST idempotent (the server replays the first answer of a key). */
export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';

/**
 * A fresh Idempotency-Key: 128 random bits as 32 hex characters. getRandomValues, not
 * randomUUID: the latter exists only in secure contexts (an office may serve plain http).
 */
export function newIdempotencyKey(): string {
  const bytes = new Uint8Array(16);
  globalThis.crypto.getRandomValues(bytes);
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

// Calls that answer 401 as part of their normal work (wrong password, no session yet, a
// wrong proof when linking the account to a membership number) must not be read as "the
// session ended".
const AUTH_PATHS = ['/api-auth/', '/api-application-state/', '/api-user/link'];

function isAuthCall(url: string): boolean {
  try {
    const path = new URL(url).pathname;
    return AUTH_PATHS.some((prefix) => path.startsWith(prefix));
  } catch {
    return false;
  }
}

const CLIENT_VERSION_HEADER = 'X-Client-Version';

/**
 * The headers every request of the product carries (the client version; a fresh
 * Idempotency-Key on a POST unless the caller gave its own). Shared by `http` and by
 * `uploadWithProgress` (XMLHttpRequest), so both transports send the same.
 */
export function withProductHeaders(headers: Headers, method: string): Headers {
  if (!headers.has(CLIENT_VERSION_HEADER)) headers.set(CLIENT_VERSION_HEADER, CLIENT_VERSION);
  if (method.toUpperCase() === 'POST' && !headers.has(IDEMPOTENCY_KEY_HEADER)) {
    headers.set(IDEMPOTENCY_KEY_HEADER, newIdempotencyKey());
  }
  return headers;
}

/** What an answer's status means for the whole app: 412 reloads, 401 of an authenticated call ends the session. */
export function onAnswerStatus(url: string, status: number): void {
  if (status === 412) {
    reloadForNewVersion();
  } else if (status === 401 && !isAuthCall(url)) {
    useSessionStore.getState().clear();
  }
}

/**
 * The one HTTP client of the back office (ky). Paths are relative to the app base and written
 * WITHOUT a leading slash. Sends `X-Client-Version`, and an `Idempotency-Key` with every POST
 * (a fresh one unless the caller gives its own: a form passes the key of its submission
 * attempt, see `useSubmissionKey`), times out after 30 s, throws `HTTPError`
 * for answers >= 400 (map them with `toErrorCode`), reloads the page on 412 (at most once per
 * five minutes) and clears the session store on a 401 of an authenticated call.
 *
 * @example
 * const reminders = await http.get('api-reminder/upcoming').json<UpcomingReminder[]>();
 * await http.post('api-base/filter', { json: { name: 'schools', value: [1, 2] } });
 * await http.post('api-fin/income', { json: income, headers: { [IDEMPOTENCY_KEY_HEADER]: key } });
 */
export const http: KyInstance = ky.create({
  prefixUrl: appBaseUrl(),
  timeout: REQUEST_TIMEOUT_MS,
  credentials: 'same-origin',
  // The UI offers an explicit retry; silent retries would hide failures and double waits.
  retry: 0,
  headers: { [CLIENT_VERSION_HEADER]: CLIENT_VERSION },
  hooks: {
    beforeRequest: [
      (request) => {
        // Set here too: a call's `headers: undefined` makes ky drop the instance's headers.
        withProductHeaders(request.headers, request.method);
      },
    ],
    afterResponse: [
      (request, _options, response) => {
        onAnswerStatus(request.url, response.status);
        return response;
      },
    ],
  },
});
