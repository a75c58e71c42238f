/**
 * Kernel UI primitives every area uses: buttons, spinner, error panel and submit state, toasts,
 * modal dialogs (confirm, error), the unsaved-changes guard and the page header. Light: only
 * react, react-dom, react-i18next and zustand (no grid, form or chart library).
 */
export { uiLocales, type UiLocale } from './locales.js';
export { Button, type ButtonProps, type ButtonVariant } from './button.js';
export { VisuallyHidden } from './visually-hidden.js';
export { Spinner, type SpinnerProps } from './spinner.js';
export { ErrorPanel, type ErrorPanelProps } from './error-panel.js';
export { RequireAtom, RequireLevel, NoPermissionPanel, type RequireAtomProps, type RequireLevelProps } from './require-atom.js';
export { DataPanel, type DataPanelProps } from './data-panel.js';
export { PlainTable, type PlainTableProps } from './plain-table.js';
export { RequestStateView, type RequestStateViewProps } from './request-state-view.js';
export { SubmitStateBox, type SubmitStateBoxProps } from './submit-state-box.js';
export { PageHeader, type PageHeaderProps } from './page-header.js';
export { Tabs, type TabItem, type TabsProps } from './tabs.js';
export {
  toast,
  useToastStore,
  TOAST_DURATION_MS,
  TOAST_LONG_DURATION_MS,
  type ToastItem,
  type ToastKind,
  type ToastOptions,
} from './toast-store.js';
export { Toaster } from './toaster.js';
export { ModalDialog, type ModalDialogProps } from './dialog.js';
export { ConfirmDialog, ErrorDialog, type ConfirmDialogProps, type ErrorDialogProps } from './confirm-dialog.js';
export {
  confirmDialog,
  showErrorDialog,
  useConfirm,
  useDialogStore,
  type ConfirmRequest,
  type ErrorDialogRequest,
} from './dialog-store.js';
export {
  useUnsavedChangesGuard,
  useUnsavedChangesStore,
  useHasUnsavedChanges,
  hasUnsavedChanges,
  confirmDiscardUnsaved,
  confirmDiscardUnsavedAsync,
} from './unsaved-changes.js';
