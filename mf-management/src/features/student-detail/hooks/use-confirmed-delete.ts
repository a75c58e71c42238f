import { useCallback } from 'react';
import { showErrorDialog, useConfirm } from 'shared-kernel';

/**
 * Deletes after the 'really_delete' question; a failed delete shows 'errors.3' in the error
 * dialog titled 'errors.error' (spec 000 §8). Resolves true when the element is gone.
 *
 * @example
 * const confirmedDelete = useConfirmedDelete();
 * if (await confirmedDelete(() => deleteNote(studentId, note.id))) reload();
 */
export function useConfirmedDelete(): (remove: () => Promise<unknown>) => Promise<boolean> {
  const confirm = useConfirm();
  return useCallback(
    async (remove) => {
      if (!(await confirm({ message: 'really_delete', danger: true, confirmLabel: 'ui.delete' }))) return false;
      try {
        await remove();
        return true;
      } catch {
        await showErrorDialog({ code: 3, title: 'errors.error' });
        return false;
      }
    },
    [confirm],
  );
}
