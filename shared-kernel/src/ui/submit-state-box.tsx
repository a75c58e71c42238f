import { useTranslation } from 'react-i18next';
import { errorKey } from '../contracts/errors.js';
import { Spinner } from './spinner.js';
import styles from './error-panel.module.css';

/** Props of {@link SubmitStateBox}. */
export interface SubmitStateBoxProps {
  /** Request state: -1 idle/loading, -2 submitting, 0 success, > 0 error code. */
  state: number;
  /** i18n key shown while submitting; default 'ui.saving'. */
  busyKey?: string;
}

/**
 * The request-state convention next to a form's buttons: a spinner while submitting (-2), the
 * error code's text in an alert box when the state is a code (> 0), nothing otherwise.
 * @example <SubmitStateBox state={submitState} />
 */
export function SubmitStateBox({ state, busyKey = 'ui.saving' }: SubmitStateBoxProps) {
  const { t } = useTranslation('common');
  if (state === -2) return <Spinner labelKey={busyKey} showLabel />;
  if (state > 0) {
    return (
      <div role="alert" className={styles.box}>
        {t(errorKey(state))}
      </div>
    );
  }
  return null;
}
