import { useTranslation } from 'react-i18next';
import { errorKey } from '../contracts/errors.js';
import { Button } from './button.js';
import { ModalDialog } from './dialog.js';

/** Props of {@link ConfirmDialog}. */
export interface ConfirmDialogProps {
  /** i18n key of the question; default 'really_delete'. */
  message?: string;
  /** i18n key of the heading; default 'ui.confirm_title'. */
  title?: string;
  /** i18n key of the confirming button; default 'ui.confirm'. */
  confirmLabel?: string;
  /** i18n key of the cancelling button; default 'ui.cancel'. */
  cancelLabel?: string;
  /** Show the confirming button as destructive (red). */
  danger?: boolean;
  /** Interpolation values of the message key. */
  values?: Record<string, unknown>;
  onConfirm: () => void;
  onCancel: () => void;
}

/**
 * A modal question with confirm and cancel. Focus starts on cancel (the safe answer for
 * deletions); Escape cancels. Usually opened through `useConfirm()`.
 */
export function ConfirmDialog({
  message = 'really_delete',
  title = 'ui.confirm_title',
  confirmLabel = 'ui.confirm',
  cancelLabel = 'ui.cancel',
  danger = false,
  values,
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  const { t } = useTranslation('common');
  return (
    <ModalDialog
      role="alertdialog"
      title={t(title)}
      onClose={onCancel}
      initialFocus="[data-dialog-cancel]"
      tone={danger ? 'danger' : 'normal'}
      actions={
        <>
          <Button data-dialog-cancel onClick={onCancel}>
            {t(cancelLabel)}
          </Button>
          <Button variant={danger ? 'danger' : 'primary'} onClick={onConfirm}>
            {t(confirmLabel)}
          </Button>
        </>
      }
    >
      <p>{t(message, values)}</p>
    </ModalDialog>
  );
}

/** Props of {@link ErrorDialog}. */
export interface ErrorDialogProps {
  /** Error code whose text is shown; default 3 (could not delete this element). */
  code?: number;
  /** i18n key of the heading; default 'errors.error'. */
  title?: string;
  onClose: () => void;
}

/**
 * A modal error message with one close button: the spec's answer to a failed delete
 * ('errors.error' title, 'errors.3' text). Usually opened through `showErrorDialog()`.
 */
export function ErrorDialog({ code = 3, title = 'errors.error', onClose }: ErrorDialogProps) {
  const { t } = useTranslation('common');
  return (
    <ModalDialog
      role="alertdialog"
      title={t(title)}
      onClose={onClose}
      tone="danger"
      actions={
        <Button variant="primary" onClick={onClose}>
          {t('ui.close')}
        </Button>
      }
    >
      <p>{t(errorKey(code))}</p>
    </ModalDialog>
  );
}
