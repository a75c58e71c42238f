import { useCallback, useState } from 'react';
import { toast, toErrorCode } from 'shared-kernel';
import { readSaveFailure } from '../api/save-failure.js';

/** What a submit brought: ok, or the error code and the server's field messages. */
export type MoneySubmitOutcome = { ok: true } | { ok: false; code: number; fields: Record<string, string> };

/**
 * The request state of one dialog's save (-1 idle, -2 running, 0 success with the
 * 'save_succeeded' toast, > 0 the code for SubmitStateBox); a 400's `fields` come back so the
 * form marks what the server refused.
 *
 * @example
 * const { state, submit } = useMoneySubmit();
 * const outcome = await submit(() => createPayment(studentId, body, key));
 * if (!outcome.ok) helpers.setErrors(outcome.fields);
 */
export function useMoneySubmit() {
  const [state, setState] = useState(-1);
  const submit = useCallback(async (action: () => Promise<unknown>, successToast: string | null = 'save_succeeded'): Promise<MoneySubmitOutcome> => {
    setState(-2);
    try {
      await action();
      setState(0);
      if (successToast) toast.success(successToast);
      return { ok: true };
    } catch (error) {
      const failure = await readSaveFailure(error).catch(async () => ({ code: await toErrorCode(error), fields: {} }));
      setState(failure.code);
      return { ok: false, code: failure.code, fields: failure.fields };
    }
  }, []);
  return { state, submit };
}
