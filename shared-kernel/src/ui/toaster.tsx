import { useEffect, useState } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { useToastStore, type ToastItem } from './toast-store.js';
import { DialogHost } from './dialog-host.js';
import styles from './toaster.module.css';

function Toast({ item }: { item: ToastItem }) {
  const { t } = useTranslation('common');
  const dismiss = useToastStore((state) => state.dismiss);
  // Hovering or focusing a toast stops its clock, so nobody loses a message while reading it
  // (WCAG 2.2.1); it then gets its full time again.
  const [paused, setPaused] = useState(false);
  useEffect(() => {
    if (paused || item.durationMs <= 0) return undefined;
    const timer = setTimeout(() => dismiss(item.id), item.durationMs);
    return () => clearTimeout(timer);
  }, [paused, item.id, item.durationMs, dismiss]);

  const isError = item.kind === 'error';
  return (
    <div
      className={`${styles.toast} ${styles[item.kind]}`}
      role={isError ? 'alert' : 'status'}
      aria-live={isError ? 'assertive' : 'polite'}
      aria-atomic="true"
      data-kind={item.kind}
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={() => setPaused(false)}
    >
      <div className={styles.body}>
        {item.title && <strong className={styles.title}>{t(item.title)}</strong>}
        <span>{t(item.messageKey, item.values)}</span>
      </div>
      <button type="button" className={styles.dismiss} aria-label={t('ui.dismiss')} onClick={() => dismiss(item.id)}>
        <span aria-hidden="true">×</span>
      </button>
    </div>
  );
}

/**
 * Renders the toasts (top right) and the dialogs opened by `confirmDialog`/`useConfirm`/
 * `showErrorDialog`. Mount exactly once, in the host (shell or standalone host).
 * @example <Toaster />
 */
export function Toaster() {
  const { t } = useTranslation('common');
  const toasts = useToastStore((state) => state.toasts);
  const region = (
    <section className={styles.region} aria-label={t('ui.notifications')}>
      {toasts.map((item) => (
        <Toast key={item.id} item={item} />
      ))}
    </section>
  );
  return (
    <>
      {createPortal(region, document.body)}
      <DialogHost />
    </>
  );
}
