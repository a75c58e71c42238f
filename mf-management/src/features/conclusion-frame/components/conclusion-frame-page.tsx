import { useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ErrorPanel, PageHeader, Spinner, useRequest } from 'shared-kernel';
import { ERROR, errorKey } from 'shared-kernel/contracts';
import { getOnlineContractsFrame } from '../api/frame-token.js';
import { NS } from '../i18n.js';
import styles from './conclusion-frame-page.module.css';

/** Where the screen goes when the page reports a saved conclusion. */
const CONCLUSION_LIST = '/m-con/list';

/** The page's message for "conclusion created" (spec 000 §2: a message with status 201). */
function isCreated(data: unknown): boolean {
  return typeof data === 'object' && data !== null && (data as { status?: unknown }).status === 201;
}

/**
 * The new-conclusion screen with the beta flag new_conclusion_frame (spec 000 §2, issue 12):
 * the configured online-contracts page in a frame, its address carrying a signed token (active
 * schools, 300000 ms). When the page posts `{status: 201}` the screen returns to the list;
 * messages from any other origin than the configured page's (another frame, a page the frame
 * navigated to, this window) are ignored. Not configured (error 65): a notice instead.
 */
export function ConclusionFramePage() {
  const { t } = useTranslation(NS);
  const { t: tc } = useTranslation('common');
  const navigate = useNavigate();
  const { state, data, reload } = useRequest((signal) => getOnlineContractsFrame(signal), []);
  const origin = data?.origin;

  useEffect(() => {
    if (!origin) return undefined;
    const onMessage = (event: MessageEvent) => {
      if (event.origin !== origin || !isCreated(event.data)) return;
      void navigate(CONCLUSION_LIST);
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, [origin, navigate]);

  let body: ReactNode;
  if (state === ERROR.onlineContractsNotConfigured) {
    body = (
      <p role="status" className={styles.notice}>
        {tc(errorKey(ERROR.onlineContractsNotConfigured))}
      </p>
    );
  } else if (state > 0) body = <ErrorPanel code={state} onRetry={reload} />;
  else if (!data) body = <Spinner showLabel />;
  else {
    body = <iframe className={styles.frame} title={t('conclusion_frame.frame_title')} src={data.url} referrerPolicy="strict-origin-when-cross-origin" />;
  }

  return (
    <>
      <PageHeader title={t('conclusion_frame.title')} />
      {body}
    </>
  );
}
