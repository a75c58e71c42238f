import { useCallback } from 'react';
import { toast, useConfirm, type ConfirmRequest } from 'shared-kernel';
import { bumpMoneyVersion } from './use-money-version.js';

/** Options of one action. */
export interface MoneyActionOptions {
  /** Ask first (i18n keys as the kernel's confirm takes them). */
  confirm?: ConfirmRequest;
  /** Toast on success (a 'common' key), e.g. 'op_succeeded'; none by default. */
  successToast?: string;
  /** Toast on failure (default 'server_error', spec 000 §8). */
  failureToast?: string;
}

/**
 * Runs one money action of a student (close, reopen, undo, revert, print, …): asks when told,
 * toasts 'server_error' when it fails (spec 000 §8) and, after a write, marks the student's
 * money as changed so every tab loads again. Resolves true when the action ran.
 *
 * @example
 * const run = useMoneyAction(studentId);
 * await run(() => closeReceipt(studentId, rno), { confirm: { message: 'finance:money.receipts.close_confirm' } });
 */
export function useMoneyAction(studentId: number) {
  const confirm = useConfirm();
  return useCallback(
    async (action: () => Promise<unknown>, options: MoneyActionOptions & { write?: boolean } = {}): Promise<boolean> => {
      if (options.confirm && !(await confirm(options.confirm))) return false;
      try {
        await action();
      } catch {
        toast.error(options.failureToast ?? 'server_error');
        return false;
      }
      if (options.successToast) toast.success(options.successToast);
      if (options.write ?? true) bumpMoneyVersion(studentId);
      return true;
    },
    [confirm, studentId],
  );
}
