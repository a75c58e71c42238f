import { HTTPError, TimeoutError } from 'ky';
// The constants' own file, not the contracts barrel: the barrel brings yup (the schemas), which
// the login page loads only when the user validates a form.
import { ERROR, ERROR_CODES } from '../contracts/errors.js';

/** The code a bare HTTP status stands for when the answer carries no catalogue code. */
export function statusToErrorCode(status: number): number {
  if (status === 401) return ERROR.badLogin;
  if (status === 403 || status === 404 || status === 409) return ERROR.generic;
  if (status === 400 || status === 422) return ERROR.notSaved;
  if (status === 412) return ERROR.communication;
  if (status >= 500) return ERROR.server;
  return ERROR.generic;
}

function isCatalogueCode(value: unknown): value is number {
  return typeof value === 'number' && (ERROR_CODES as readonly number[]).includes(value);
}

/**
 * The catalogue code an error answer carries in its body (`{ "error": 7 }`), or null when the
 * error is no HTTP answer or the body carries none.
 *
 * @example
 * const code = (await errorBodyCode(err)) ?? (status === 403 ? 6 : 3);
 */
export async function errorBodyCode(err: unknown): Promise<number | null> {
  if (!(err instanceof HTTPError)) return null;
  try {
    const body: unknown = await err.response.clone().json();
    if (body && typeof body === 'object' && isCatalogueCode((body as { error?: unknown }).error)) {
      return (body as { error: number }).error;
    }
  } catch {
    // Not JSON (a proxy's error page, an empty body): fall back to the status.
  }
  return null;
}

/** The HTTP status of an error answer, or null for timeouts, network and other errors. */
export function errorStatus(err: unknown): number | null {
  return err instanceof HTTPError ? err.response.status : null;
}

/**
 * Maps anything a request can throw to a code of the error catalogue: the body's `{error}`
 * when it carries one, else by status (401 -> 2, 403/404 -> 3, 412 -> 1, 5xx -> 8), and 1 for a
 * timeout or a network failure.
 *
 * @example
 * try { await saveLead(lead) } catch (err) { setState(await toErrorCode(err)) }
 */
export async function toErrorCode(err: unknown): Promise<number> {
  if (err instanceof HTTPError) {
    return (await errorBodyCode(err)) ?? statusToErrorCode(err.response.status);
  }
  if (err instanceof TimeoutError) return ERROR.communication;
  // fetch rejects with a TypeError when the network fails; aborts are communication too.
  return ERROR.communication;
}

/**
 * The field messages of a refused form (400 `{error: 4, fields: {email: 'form.invalid_email'}}`):
 * message keys per field for formik's setErrors, or null when the answer carries none.
 *
 * @example
 * catch (err) { const fields = await errorFields(err); if (fields) helpers.setErrors(fields); }
 */
export async function errorFields(err: unknown): Promise<Record<string, string> | null> {
  if (!(err instanceof HTTPError) || err.response.status !== 400) return null;
  try {
    const body = (await err.response.clone().json()) as { fields?: unknown };
    if (!body.fields || typeof body.fields !== 'object') return null;
    const entries = Object.entries(body.fields).filter((entry): entry is [string, string] => typeof entry[1] === 'string');
    return entries.length ? Object.fromEntries(entries) : null;
  } catch {
    return null;
  }
}
