import { useCallback, useRef } from 'react';
import { newIdempotencyKey } from 'shared-kernel';

/** What {@link useSubmissionKey} gives a form. */
export interface SubmissionKey {
  /**
   * The Idempotency-Key of a submission of `values`: the same key while the values stay the
   * same and no submission succeeded (a second click, a retry after a lost answer: the server
   * replays the first answer), a new key for changed values.
   */
  keyFor(values: unknown): string;
  /** After a successful submission: the next one gets a new key (the user creates another item). */
  reset(): void;
}

/**
 * One Idempotency-Key per submission attempt of a create form (POST). Send it with the
 * request (the kernel client adds a fresh key to a POST without one); a money-writing route
 * then books a repeated submission once.
 *
 * @example
 * const submission = useSubmissionKey();
 * onSubmit={async (values) => {
 *   await createIncome(values, submission.keyFor(values));
 *   submission.reset();
 * }}
 */
export function useSubmissionKey(): SubmissionKey {
  const current = useRef<{ values: string; key: string } | null>(null);
  const keyFor = useCallback((values: unknown) => {
    const text = JSON.stringify(values) ?? '';
    if (current.current?.values !== text) current.current = { values: text, key: newIdempotencyKey() };
    return current.current.key;
  }, []);
  const reset = useCallback(() => {
    current.current = null;
  }, []);
  return { keyFor, reset };
}
