import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorPanel, Spinner, formatDate, useRequest, useSessionStore } from 'shared-kernel';
import { NS } from '../../../i18n.js';
import { getAssociationNews, type AssociationNewsItem } from '../api/get-association-news.js';
import { htmlToText } from '../utils/html-to-text.js';
import styles from './dashboard.module.css';

/**
 * The news block of the association dashboard (e_news_r). The association's news are only
 * for members: without a membership number linked to the account the block says so instead
 * of loading (spec 002 §2.13, §8).
 */
export function AssociationNews() {
  const { t } = useTranslation(NS);
  const titleId = useId();
  const linked = useSessionStore((s) => Boolean(s.appState?.user.mno));
  const { state, data, reload } = useRequest((signal) => getAssociationNews(signal), [], { enabled: linked });

  let body: ReactNode;
  if (!linked) body = <p role="status" className={styles.warning}>{t('dashboard.news_unlinked')}</p>;
  else if (state > 0) body = <ErrorPanel code={state} onRetry={reload} headingLevel={3} />;
  else if (state === -1 && !data) body = <Spinner showLabel />;
  else if (!data?.length) body = <p>{t('dashboard.news_empty')}</p>;
  else {
    body = (
      <ul className={styles.newsList}>
        {data.map((item) => <NewsEntry key={item.id} item={item} />)}
      </ul>
    );
  }

  return (
    <section className={styles.panel} aria-labelledby={titleId}>
      <div className={styles.panelHeader}>
        <h2 id={titleId} className={styles.panelTitle}>{t('dashboard.news')}</h2>
      </div>
      {body}
    </section>
  );
}

function NewsEntry({ item }: { item: AssociationNewsItem }) {
  const { t } = useTranslation(NS);
  // Shown as plain text (escaped by React): nothing of the stored HTML can run here.
  const text = htmlToText(item.body);
  return (
    <li className={styles.newsItem}>
      <h3 className={styles.newsTitle}>{item.title}</h3>
      <span className={styles.newsDate}>{formatDate(item.date_published)}</span>
      {item.teaser && <p className={styles.newsText}>{item.teaser}</p>}
      {text && (
        <details>
          <summary>{t('dashboard.news_read_more')}</summary>
          <p className={styles.newsText}>{text}</p>
        </details>
      )}
    </li>
  );
}
