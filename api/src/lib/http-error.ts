import { ERROR, type ErrorBody } from 'shared-kernel/contracts';

/**
 * An answer a handler gives on purpose: status plus the wire body `{error, fields?}`. The
 * central error handler sends it as is; everything else becomes 500 {error: 8}.
 */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly body: ErrorBody,
    readonly headers: Record<string, string> = {},
  ) {
    super(`HTTP ${statusCode} error ${body.error}`);
    this.name = 'HttpError';
  }
}

/** 400 {error: 4, fields}: bad input. */
export const badRequest = (fields?: Record<string, string>) =>
  new HttpError(400, fields ? { error: ERROR.notSaved, fields } : { error: ERROR.notSaved });
/** 401 {error: 2}: no session or a bad login. */
export const unauthorized = () => new HttpError(401, { error: ERROR.badLogin });
/** 403 {error: 3}: missing atom or level, or a refused request. */
export const forbidden = () => new HttpError(403, { error: ERROR.generic });
/** 404 {error: 3}: no such row, or a row of a school the user may not see (same answer). */
export const notFound = () => new HttpError(404, { error: ERROR.generic });
/** 409 {error: 3}: the row is in use (e.g. a role with users). */
export const conflict = () => new HttpError(409, { error: ERROR.generic });
