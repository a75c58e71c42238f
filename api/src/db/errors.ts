/** The database cannot be reached (down, network, timeout): the API answers 503 {error: 1}. */
export class DbUnavailableError extends Error {
  constructor(cause?: unknown) {
    super('database unavailable', { cause });
    this.name = 'DbUnavailableError';
  }
}

const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EHOSTUNREACH', 'EAI_AGAIN']);

/**
 * True for errors that mean "no database right now" rather than "this query is wrong":
 * network errors, pg pool timeouts, server shutdown / connection failure SQLSTATEs
 * (class 08, 57P01-57P03, the session ended by the server's idle timeouts 25P03 and 57P05),
 * and a statement cancelled by statement_timeout (57014).
 */
export function isConnectionError(error: unknown): boolean {
  if (error instanceof DbUnavailableError) return true;
  if (!error || typeof error !== 'object') return false;
  const { code, message } = error as { code?: unknown; message?: unknown };
  if (typeof code === 'string') {
    if (NETWORK_CODES.has(code)) return true;
    if (code.startsWith('08') || code === '57P01' || code === '57P02' || code === '57P03' || code === '57014') return true;
    // The server ended the session: idle in a transaction (idle_in_transaction_session_timeout) or idle (idle_session_timeout).
    if (code === '25P03' || code === '57P05') return true;
  }
  if (typeof message === 'string') {
    return /timeout exceeded when trying to connect|Connection terminated|connection error|Client has encountered a connection error|Cannot use a pool after calling end/i.test(
      message,
    );
  }
  return false;
}
