import { useCallback } from 'react';
import { showErrorDialog, useConfirm } from 'shared-kernel';

/**
 * Deleting a list row: asks 'really_delete'; on failure the error dialog ('errors.error' /
 * 'errors.3', spec 002 §8), on success `onDeleted` (the list reloads).
 */
export function useDeleteItem(remove: (id: number) => Promise<void>, onDeleted: (id: number) => void) {
  const confirm = useConfirm();
  return useCallback(
    async (id: number) => {
      if (!(await confirm({ message: 'really_delete', danger: true, confirmLabel: 'ui.delete' }))) return;
      try {
        await remove(id);
      } catch {
        await showErrorDialog({ code: 3, title: 'errors.error' });
        return;
      }
      onDeleted(id);
    },
    [confirm, remove, onDeleted],
  );
}
