import { useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorPanel, PageHeader, Spinner, useRequest } from 'shared-kernel';
import { ERROR, errorKey } from 'shared-kernel/contracts';
import { NS } from '../../../i18n.js';
import { getSeminarToken } from '../api/seminar-token.js';
import styles from './seminar-page.module.css';

/** What the events page receives after it loaded (spec 002 §2.21: "an authentication message"). */
export const SEMINAR_MESSAGE_TYPE = 'sbo-seminar-token';

/**
 * /c-seminar (spec 002 §2.21): the events page the installation configures (SEMINAR_URL) in a
 * 1000 px frame. After each load of the frame a fresh token is fetched and posted to the frame
 * with the configured page's origin as targetOrigin (never '*'): if the frame has navigated
 * elsewhere, the browser drops the message instead of handing the token to another site.
 * Not configured (error 34): a notice instead of the frame.
 */
export function SeminarPage() {
  const { t } = useTranslation(NS);
  const { t: tc } = useTranslation('common');
  const frame = useRef<HTMLIFrameElement>(null);
  // The first answer names the page (configuration); its token is not used.
  const { state, data, reload } = useRequest((signal) => getSeminarToken(signal), []);

  const postToken = async () => {
    const target = frame.current?.contentWindow;
    if (!data || !target) return;
    const origin = new URL(data.url).origin;
    try {
      const fresh = await getSeminarToken();
      // The configured page's origin as the server computed it must agree with the frame's address.
      if (fresh.origin !== origin) return;
      target.postMessage({ type: SEMINAR_MESSAGE_TYPE, token: fresh.token, exp: fresh.exp }, origin);
    } catch {
      // Without a token the page shows its public view; the frame itself stays usable.
    }
  };

  let body: ReactNode;
  if (state === ERROR.seminarNotConfigured) {
    body = (
      <p role="status" className={styles.notice}>
        {tc(errorKey(ERROR.seminarNotConfigured))}
      </p>
    );
  } else if (state > 0) body = <ErrorPanel code={state} onRetry={reload} />;
  else if (!data) body = <Spinner showLabel />;
  else {
    body = (
      <iframe
        ref={frame}
        className={styles.frame}
        title={t('seminar.frame_title')}
        src={data.url}
        height={1000}
        referrerPolicy="strict-origin-when-cross-origin"
        onLoad={() => void postToken()}
      />
    );
  }

  return (
    <>
      <PageHeader title={t('seminar.title')} />
      {body}
    </>
  );
}
