import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { Button, ErrorPanel, Spinner, formatDate, formatDateTime, useRequest, useSchoolFilter } from 'shared-kernel';
import { NS } from '../../../i18n.js';
import { getTickets, type TicketListRow, type TicketMode } from '../api/get-tickets.js';
import styles from './dashboard.module.css';

/** Props of {@link TicketListPanel}. */
export interface TicketListPanelProps {
  mode: TicketMode;
  /** Show the list (e_ticket_r). */
  canRead: boolean;
  /** Show the add button (e_ticket_s). */
  canSend: boolean;
  /** More buttons in the panel's header (the 'last changes' dialog of the technical list). */
  extraActions?: ReactNode;
}

/**
 * One ticket list of the association dashboard (mode 1 support requests, mode 2 technical
 * feedback): date, subject (opens the thread), status, sender and last message, plus the add
 * button to /e-ticket/{mode}.
 */
export function TicketListPanel({ mode, canRead, canSend, extraActions }: TicketListPanelProps) {
  const { t } = useTranslation(NS);
  const navigate = useNavigate();
  const titleId = useId();
  const { key } = useSchoolFilter();
  const { state, data, reload } = useRequest((signal) => getTickets(mode, signal), [mode, key], { enabled: canRead });
  const technical = mode === 2;

  let body: ReactNode = null;
  if (canRead) {
    if (state > 0) body = <ErrorPanel code={state} onRetry={reload} headingLevel={3} />;
    else if (state === -1 && !data) body = <Spinner showLabel />;
    else if (!data?.length) body = <p>{t(technical ? 'dashboard.tech_tickets_empty' : 'dashboard.tickets_empty')}</p>;
    else body = <TicketTable mode={mode} rows={data} />;
  }

  return (
    <section className={styles.panel} aria-labelledby={titleId}>
      <div className={styles.panelHeader}>
        <h2 id={titleId} className={styles.panelTitle}>
          {t(technical ? 'dashboard.tech_tickets' : 'dashboard.tickets')}
        </h2>
        <div className={styles.actions}>
          {extraActions}
          {canSend && (
            <Button variant="primary" onClick={() => navigate(`/e-ticket/${mode}`)}>
              {t(technical ? 'dashboard.add_tech_ticket' : 'dashboard.add_ticket')}
            </Button>
          )}
        </div>
      </div>
      {body}
    </section>
  );
}

function TicketTable({ mode, rows }: { mode: TicketMode; rows: TicketListRow[] }) {
  const { t } = useTranslation(NS);
  const technical = mode === 2;
  return (
    <table className={styles.table}>
      <thead>
        <tr>
          <th scope="col">{t('dashboard.date')}</th>
          <th scope="col">{t('dashboard.subject')}</th>
          {technical && <th scope="col">{t('dashboard.category')}</th>}
          <th scope="col">{t('dashboard.status')}</th>
          <th scope="col">{t('dashboard.sender')}</th>
          <th scope="col">{t('dashboard.last_message')}</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((ticket) => (
          <tr key={ticket.id}>
            <td>{formatDate(ticket.dc)}</td>
            <td>
              <Link to={`/e-ticket/edit/${mode}/${ticket.id}`}>{ticket.subject}</Link>
            </td>
            {technical && <td>{ticket.cat ? t(`ticket_category.${ticket.cat}`, { defaultValue: ticket.cat }) : ''}</td>}
            <td>{t(`ticket_status.${ticket.tsid}`, { defaultValue: String(ticket.tsid) })}</td>
            <td>{ticket.sender}</td>
            <td>{formatDateTime(ticket.dlm)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
