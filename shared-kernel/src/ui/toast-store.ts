import { create } from 'zustand';

/** Kind of a toast; errors are announced assertively (role="alert"). */
export type ToastKind = 'success' | 'error' | 'warning' | 'info';

/** Options of a toast. */
export interface ToastOptions {
  /** i18n key of a title line above the message (e.g. 'finance'). */
  title?: string;
  /** Milliseconds until it disappears: 3000 by default (5000 for errors); 0 keeps it. */
  durationMs?: number;
  /** Interpolation values of the message key. */
  values?: Record<string, unknown>;
}

/** One toast on screen. */
export interface ToastItem {
  id: number;
  kind: ToastKind;
  /** i18n key of the message (namespace 'common' unless written 'ns:key'). */
  messageKey: string;
  title?: string;
  values?: Record<string, unknown>;
  durationMs: number;
}

interface ToastState {
  toasts: ToastItem[];
  show: (kind: ToastKind, messageKey: string, options?: ToastOptions) => number;
  dismiss: (id: number) => void;
  clear: () => void;
}

/** The default time a toast stays (spec: 3 seconds, top right). */
export const TOAST_DURATION_MS = 3000;
/** The longer option ('5 seconds'), also the default for errors. */
export const TOAST_LONG_DURATION_MS = 5000;
const MAX_TOASTS = 5;

let nextToastId = 1;

/**
 * Store of the toasts on screen (one per page: the kernel is a shared singleton). Rendered by
 * {@link Toaster}; features call {@link toast}.
 */
export const useToastStore = create<ToastState>()((set) => ({
  toasts: [],
  show: (kind, messageKey, options = {}) => {
    const id = nextToastId++;
    const durationMs =
      options.durationMs ?? (kind === 'error' ? TOAST_LONG_DURATION_MS : TOAST_DURATION_MS);
    const item: ToastItem = { id, kind, messageKey, title: options.title, values: options.values, durationMs };
    set((state) => ({ toasts: [...state.toasts, item].slice(-MAX_TOASTS) }));
    return id;
  },
  dismiss: (id) => set((state) => ({ toasts: state.toasts.filter((t) => t.id !== id) })),
  clear: () => set({ toasts: [] }),
}));

/**
 * Show a short message top right. Messages are i18n keys; each call returns the toast's id.
 * @example toast.success('save_succeeded'); toast.error('op_failed', { title: 'finance' });
 */
export const toast = {
  success: (messageKey: string, options?: ToastOptions) => useToastStore.getState().show('success', messageKey, options),
  error: (messageKey: string, options?: ToastOptions) => useToastStore.getState().show('error', messageKey, options),
  warning: (messageKey: string, options?: ToastOptions) => useToastStore.getState().show('warning', messageKey, options),
  info: (messageKey: string, options?: ToastOptions) => useToastStore.getState().show('info', messageKey, options),
  dismiss: (id: number) => useToastStore.getState().dismiss(id),
};
