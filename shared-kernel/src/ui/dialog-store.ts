import { create } from 'zustand';

/** What `confirmDialog` asks. Texts are i18n keys. */
export interface ConfirmRequest {
  /** Default 'really_delete'. */
  message?: string;
  title?: string;
  confirmLabel?: string;
  cancelLabel?: string;
  danger?: boolean;
  values?: Record<string, unknown>;
}

/** What `showErrorDialog` shows. */
export interface ErrorDialogRequest {
  /** Default 3. */
  code?: number;
  title?: string;
}

type OpenDialog =
  | { id: number; kind: 'confirm'; request: ConfirmRequest; resolve: (answer: boolean) => void }
  | { id: number; kind: 'error'; request: ErrorDialogRequest; resolve: () => void };

interface DialogState {
  queue: OpenDialog[];
  open: (dialog: OpenDialog) => void;
  close: (id: number) => void;
}

let nextDialogId = 1;

/** Queue of dialogs opened imperatively; the first one is shown by the host in `Toaster`. */
export const useDialogStore = create<DialogState>()((set) => ({
  queue: [],
  open: (dialog) => set((state) => ({ queue: [...state.queue, dialog] })),
  close: (id) => set((state) => ({ queue: state.queue.filter((d) => d.id !== id) })),
}));

/**
 * Ask the user in a modal dialog; resolves true on confirm, false on cancel or Escape.
 * Needs `<Toaster />` mounted (the host does that).
 * @example if (await confirmDialog({ message: 'really_delete', danger: true })) remove(id);
 */
export function confirmDialog(request: ConfirmRequest = {}): Promise<boolean> {
  return new Promise<boolean>((resolve) => {
    useDialogStore.getState().open({ id: nextDialogId++, kind: 'confirm', request, resolve });
  });
}

/**
 * Show an error in a modal dialog (default: 'errors.error' / 'errors.3', the failed delete);
 * resolves when the user closes it.
 * @example catch { await showErrorDialog(); }
 */
export function showErrorDialog(request: ErrorDialogRequest = {}): Promise<void> {
  return new Promise<void>((resolve) => {
    useDialogStore.getState().open({ id: nextDialogId++, kind: 'error', request, resolve });
  });
}

/**
 * Hook form of {@link confirmDialog} for components.
 * @example const confirm = useConfirm(); if (await confirm({ message: 'really_delete' })) …
 */
export function useConfirm(): (request?: ConfirmRequest) => Promise<boolean> {
  return confirmDialog;
}
