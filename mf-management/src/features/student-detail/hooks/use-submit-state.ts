import { useCallback, useState } from 'react';
import { HTTPError, toast, toErrorCode } from 'shared-kernel';

/** What a submit brought: the action's value, or the error code and the server's field messages. */
export type SubmitOutcome<T> =
  | { ok: true; value: T }
  | { ok: false; code: number; fields: Record<string, string> | null };

/** Options of one submit. */
export interface SubmitOptions {
  /** Show the 'save_succeeded' toast on success (default true). */
  successToast?: boolean;
}

async function fieldErrors(error: unknown): Promise<Record<string, string> | null> {
  if (!(error instanceof HTTPError) || error.response.status !== 400) return null;
  try {
    const body = (await error.response.clone().json()) as { fields?: unknown };
    const fields = body.fields;
    if (!fields || typeof fields !== 'object') return null;
    const entries = Object.entries(fields).filter((entry): entry is [string, string] => typeof entry[1] === 'string');
    return entries.length ? Object.fromEntries(entries) : null;
  } catch {
    return null;
  }
}

/**
 * The request-state convention of one save: -1 idle, -2 running, 0 success (with the
 * 'save_succeeded' toast), > 0 the error code for SubmitStateBox. A 400's `fields` (message
 * keys per field) come back so a form can mark the fields the server refused.
 *
 * @example
 * const { state, submit } = useSubmitState();
 * const outcome = await submit(() => savePersonalData(id, data));
 * if (!outcome.ok && outcome.fields) helpers.setErrors(outcome.fields);
 */
export function useSubmitState() {
  const [state, setState] = useState(-1);
  const submit = useCallback(async <T,>(action: () => Promise<T>, options: SubmitOptions = {}): Promise<SubmitOutcome<T>> => {
    setState(-2);
    try {
      const value = await action();
      setState(0);
      if (options.successToast ?? true) toast.success('save_succeeded');
      return { ok: true, value };
    } catch (error) {
      const code = await toErrorCode(error);
      setState(code);
      return { ok: false, code, fields: await fieldErrors(error) };
    }
  }, []);
  const reset = useCallback(() => setState(-1), []);
  return { state, submit, reset, fail: setState };
}
