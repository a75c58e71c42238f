import { useTranslation } from 'react-i18next';
import styles from './spinner.module.css';
import { VisuallyHidden } from './visually-hidden.js';

/** Props of {@link Spinner}. */
export interface SpinnerProps {
  /** i18n key of the label screen readers announce; default 'ui.loading'. */
  labelKey?: string;
  /** Show the label as visible text next to the wheel (default: screen readers only). */
  showLabel?: boolean;
  size?: 'normal' | 'large';
}

/**
 * A busy indicator: role="status" with a label ('Wird geladen …'), so screen readers hear it.
 * @example {state === -1 && <Spinner />}
 */
export function Spinner({ labelKey = 'ui.loading', showLabel = false, size = 'normal' }: SpinnerProps) {
  const { t } = useTranslation('common');
  const label = t(labelKey);
  return (
    <span role="status" aria-live="polite" className={`${styles.spinner} ${size === 'large' ? styles.large : ''}`}>
      <span className={styles.wheel} aria-hidden="true" />
      {showLabel ? <span>{label}</span> : <VisuallyHidden>{label}</VisuallyHidden>}
    </span>
  );
}
