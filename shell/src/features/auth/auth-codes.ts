import { errorBodyCode, errorStatus } from 'shared-kernel';
import { ERROR } from 'shared-kernel/contracts';

// Submit codes of the sign-in screens (spec 001 §4). The server's own code wins when the
// answer carries one of the catalogue (e.g. 7 for an expired link, 5 for a wrong password).

/** Password-link request: 6. */
export async function passwordLinkFailureCode(error: unknown): Promise<number> {
  return (await errorBodyCode(error)) ?? ERROR.badUserOrMail;
}

/** Password reset: 6 when the server answers 403, else 3. */
export async function passwordResetFailureCode(error: unknown): Promise<number> {
  return (await errorBodyCode(error)) ?? (errorStatus(error) === 403 ? ERROR.badUserOrMail : ERROR.generic);
}

/** Password change: 4 when the server answers 428, else 3. */
export async function passwordChangeFailureCode(error: unknown): Promise<number> {
  return (await errorBodyCode(error)) ?? (errorStatus(error) === 428 ? ERROR.notSaved : ERROR.generic);
}

/** Account linking: 2 when the server answers 401, else 1. */
export async function accountLinkFailureCode(error: unknown): Promise<number> {
  return (await errorBodyCode(error)) ?? (errorStatus(error) === 401 ? ERROR.badLogin : ERROR.communication);
}
