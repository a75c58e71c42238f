import { ConfirmDialog, ErrorDialog } from './confirm-dialog.js';
import { useDialogStore } from './dialog-store.js';

/** Shows the first queued imperative dialog (rendered by Toaster). */
export function DialogHost() {
  const current = useDialogStore((state) => state.queue[0]);
  const close = useDialogStore((state) => state.close);
  if (!current) return null;
  if (current.kind === 'confirm') {
    const answer = (value: boolean) => {
      close(current.id);
      current.resolve(value);
    };
    return <ConfirmDialog key={current.id} {...current.request} onConfirm={() => answer(true)} onCancel={() => answer(false)} />;
  }
  return (
    <ErrorDialog
      key={current.id}
      {...current.request}
      onClose={() => {
        close(current.id);
        current.resolve();
      }}
    />
  );
}
