import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from 'shared-kernel';
import { NS } from '../../../i18n.js';
import { ticketFileUrl, type TicketMessage } from '../api/get-ticket.js';
import { formatFileSize } from '../utils/file-size.js';
import styles from './tickets.module.css';

/**
 * The messages of a ticket, oldest first: sender, date, message and attachments as download
 * links. Messages are stored as sent (anyone may type markup into them), so they are shown as
 * plain text: React escapes it, nothing in a message is ever parsed as HTML, and `white-space:
 * pre-wrap` keeps the line breaks. No script, event handler or javascript: link can run.
 */
export function TicketThread({ messages }: { messages: TicketMessage[] }) {
  const { t } = useTranslation(NS);
  if (messages.length === 0) return <p>{t('tickets.thread_empty')}</p>;
  return (
    <ol className={styles.thread}>
      {messages.map((message) => <ThreadMessage key={message.id} message={message} />)}
    </ol>
  );
}

function ThreadMessage({ message }: { message: TicketMessage }) {
  const { t, i18n } = useTranslation(NS);
  const headId = useId();
  const date = formatDateTime(message.dc);
  return (
    <li className={styles.message}>
      <article aria-labelledby={headId}>
        <h3 id={headId} className={styles.messageHead}>
          <span>{message.spay.name}</span>
          <time dateTime={message.dc} className={styles.messageDate}>{date}</time>
        </h3>
        <p className={styles.messageText}>{message.pay.message}</p>
        {message.pay.files.length > 0 && (
          <ul className={styles.messageFiles} aria-label={t('tickets.files_of_message')}>
            {message.pay.files.map((file) => (
              <li key={file.id}>
                <a href={ticketFileUrl(file.id)} download={file.name}>
                  {file.name}
                </a>{' '}
                ({formatFileSize(file.size, i18n.language)})
              </li>
            ))}
          </ul>
        )}
      </article>
    </li>
  );
}
