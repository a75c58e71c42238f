import { useEffect, useId, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import styles from './dialog.module.css';

const FOCUSABLE =
  'a[href], area[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/** Props of {@link ModalDialog}. */
export interface ModalDialogProps {
  /** The dialog's heading (already translated); it labels the dialog. */
  title: ReactNode;
  /** Called on Escape (and by the caller's cancel button). */
  onClose: () => void;
  children?: ReactNode;
  /** The buttons row. */
  actions?: ReactNode;
  /** role="alertdialog" for messages that need the user's attention (confirm, error). */
  role?: 'dialog' | 'alertdialog';
  /** Selector (inside the dialog) of the element focused on open; default the first button. */
  initialFocus?: string;
  tone?: 'normal' | 'danger';
}

/**
 * A real modal dialog: rendered over the page in a portal, aria-modal and labelled by its
 * title, Tab/Shift+Tab stay inside, Escape closes, and focus returns to the element that
 * opened it. The building block of ConfirmDialog and ErrorDialog.
 */
export function ModalDialog({
  title,
  onClose,
  children,
  actions,
  role = 'dialog',
  initialFocus,
  tone = 'normal',
}: ModalDialogProps) {
  const titleId = useId();
  const bodyId = useId();
  const dialogRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const dialog = dialogRef.current;
    const first =
      (initialFocus ? dialog?.querySelector<HTMLElement>(initialFocus) : null) ??
      dialog?.querySelector<HTMLElement>(FOCUSABLE) ??
      dialog;
    first?.focus();
    return () => {
      // Give focus back to where the user was, if that element is still on the page.
      if (opener && opener.isConnected) opener.focus();
    };
  }, [initialFocus]);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape') {
      event.stopPropagation();
      event.preventDefault();
      onClose();
      return;
    }
    if (event.key !== 'Tab' || !dialogRef.current) return;
    const focusable = Array.from(dialogRef.current.querySelectorAll<HTMLElement>(FOCUSABLE));
    if (focusable.length === 0) {
      event.preventDefault();
      return;
    }
    const first = focusable[0];
    const last = focusable[focusable.length - 1];
    const active = document.activeElement;
    if (event.shiftKey && (active === first || active === dialogRef.current)) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && active === last) {
      event.preventDefault();
      first.focus();
    }
  };

  return createPortal(
    <div className={styles.overlay}>
      <div
        ref={dialogRef}
        role={role}
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={children ? bodyId : undefined}
        tabIndex={-1}
        className={`${styles.dialog} ${tone === 'danger' ? styles.danger : ''}`}
        onKeyDown={onKeyDown}
      >
        <h2 id={titleId} className={styles.title}>
          {title}
        </h2>
        {children && <div id={bodyId}>{children}</div>}
        {actions && <div className={styles.actions}>{actions}</div>}
      </div>
    </div>,
    document.body,
  );
}
