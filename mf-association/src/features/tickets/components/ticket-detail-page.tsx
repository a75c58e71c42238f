import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ErrorPanel, PageHeader, Spinner, formatDateTime, useCan, useRequest } from 'shared-kernel';
import { NS } from '../../../i18n.js';
import type { TicketMode } from '../api/create-ticket.js';
import { getTicket, type TicketDetail } from '../api/get-ticket.js';
import { TicketReplyBox } from './ticket-reply-box.js';
import { TicketThread } from './ticket-thread.js';
import styles from './tickets.module.css';

/**
 * /e-ticket/edit/{mode}/{id} (spec 002 §2.16): request date, status, subject and the message
 * thread; with e_ticket_s a reply box that reloads the thread after sending.
 */
export function TicketDetailPage({ mode, id }: { mode: TicketMode; id: number }) {
  const { t } = useTranslation(NS);
  const canReply = useCan('e_ticket_s');
  const { state, data, reload } = useRequest((signal) => getTicket(mode, id, signal), [mode, id]);
  const title = t(mode === 2 ? 'tickets.technical_title' : 'tickets.support_title');

  let body;
  if (state > 0) body = <ErrorPanel code={state} onRetry={reload} />;
  else if (!data) body = <Spinner showLabel />;
  else body = <TicketView ticket={data} mode={mode} canReply={canReply} onReplySent={reload} />;

  return (
    <>
      <PageHeader title={title} actions={<Link to="/e-dash" className={styles.backLink}>{t('tickets.back')}</Link>} />
      {body}
    </>
  );
}

function TicketView({ ticket, mode, canReply, onReplySent }: {
  ticket: TicketDetail;
  mode: TicketMode;
  canReply: boolean;
  onReplySent: () => void;
}) {
  const { t } = useTranslation(NS);
  const threadId = useId();
  const replyId = useId();
  return (
    <>
      <dl className={styles.facts}>
        <dt>{t('tickets.request_date')}</dt>
        <dd>{formatDateTime(ticket.dc)}</dd>
        <dt>{t('tickets.status')}</dt>
        <dd>{t(`ticket_status.${ticket.tsid}`, { defaultValue: String(ticket.tsid) })}</dd>
        {ticket.cat && (
          <>
            <dt>{t('tickets.category')}</dt>
            <dd>{t(`ticket_category.${ticket.cat}`, { defaultValue: ticket.cat })}</dd>
          </>
        )}
        <dt>{t('tickets.subject')}</dt>
        <dd>{ticket.pay.subject}</dd>
      </dl>
      <section className={styles.section} aria-labelledby={threadId}>
        <h2 id={threadId} className={styles.sectionTitle}>{t('tickets.thread')}</h2>
        <TicketThread messages={ticket.messages} />
      </section>
      {canReply && (
        <section className={styles.section} aria-labelledby={replyId}>
          <h2 id={replyId} className={styles.sectionTitle}>{t('tickets.reply')}</h2>
          <TicketReplyBox mode={mode} ticketId={ticket.id} onSent={onReplySent} />
        </section>
      )}
    </>
  );
}
