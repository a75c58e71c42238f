import { useEffect, useId } from 'react';
import { getI18n } from 'react-i18next';
import { create } from 'zustand';
import { confirmDialog } from './dialog-store.js';

interface UnsavedChangesState {
  /** Ids of the mounted forms that hold unsaved changes. */
  dirtyForms: string[];
  markDirty: (formId: string) => void;
  markClean: (formId: string) => void;
  clear: () => void;
}

/**
 * Store of the forms with unsaved changes (one per page). Forms register through
 * {@link useUnsavedChangesGuard}; the shell asks {@link hasUnsavedChanges} before switching
 * school.
 */
export const useUnsavedChangesStore = create<UnsavedChangesState>()((set) => ({
  dirtyForms: [],
  markDirty: (formId) =>
    set((state) => (state.dirtyForms.includes(formId) ? state : { dirtyForms: [...state.dirtyForms, formId] })),
  markClean: (formId) =>
    set((state) =>
      state.dirtyForms.includes(formId) ? { dirtyForms: state.dirtyForms.filter((id) => id !== formId) } : state,
    ),
  clear: () => set({ dirtyForms: [] }),
}));

function onBeforeUnload(event: BeforeUnloadEvent) {
  if (!hasUnsavedChanges()) return;
  // Browsers show their own text; both calls are needed across engines.
  event.preventDefault();
  event.returnValue = '';
}

let beforeUnloadListeners = 0;

/**
 * Registers the calling form as having unsaved changes while it is mounted and `dirty` is
 * true; while any form is dirty, closing or reloading the tab asks the browser's question.
 * @example useUnsavedChangesGuard(formik.dirty && !formik.isSubmitting);
 */
export function useUnsavedChangesGuard(dirty: boolean): void {
  const formId = useId();
  useEffect(() => {
    if (!dirty) return undefined;
    useUnsavedChangesStore.getState().markDirty(formId);
    if (beforeUnloadListeners++ === 0) window.addEventListener('beforeunload', onBeforeUnload);
    return () => {
      useUnsavedChangesStore.getState().markClean(formId);
      if (--beforeUnloadListeners === 0) window.removeEventListener('beforeunload', onBeforeUnload);
    };
  }, [dirty, formId]);
}

/** True while any mounted form holds unsaved changes. */
export function hasUnsavedChanges(): boolean {
  return useUnsavedChangesStore.getState().dirtyForms.length > 0;
}

/** React hook form of {@link hasUnsavedChanges} (re-renders when it changes). */
export function useHasUnsavedChanges(): boolean {
  return useUnsavedChangesStore((state) => state.dirtyForms.length > 0);
}

function discardQuestion(): string {
  const i18n = getI18n();
  const t = i18n ? i18n.t.bind(i18n) : (key: string) => key;
  return `${t('common:ui.unsaved_changes')}\n${t('common:ui.discard_changes')}`;
}

/**
 * Before an action that would lose unsaved form input (switching school, leaving a screen):
 * true when nothing is unsaved; otherwise asks 'Bitte erst speichern!' with the choice to
 * discard (browser confirm, synchronous). True means: go on, the changes are given up.
 * @example if (!confirmDiscardUnsaved()) return; switchSchool(id);
 */
export function confirmDiscardUnsaved(): boolean {
  if (!hasUnsavedChanges()) return true;
  const discard = window.confirm(discardQuestion());
  if (discard) useUnsavedChangesStore.getState().clear();
  return discard;
}

/**
 * Like {@link confirmDiscardUnsaved} but asks in the kernel's modal dialog (needs `<Toaster />`).
 * @example if (!(await confirmDiscardUnsavedAsync())) return;
 */
export async function confirmDiscardUnsavedAsync(): Promise<boolean> {
  if (!hasUnsavedChanges()) return true;
  const discard = await confirmDialog({
    title: 'ui.unsaved_changes',
    message: 'ui.discard_changes',
    confirmLabel: 'ui.discard',
    danger: true,
  });
  if (discard) useUnsavedChangesStore.getState().clear();
  return discard;
}
