import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { Button, ErrorPanel, PageHeader, Spinner, formatDate, useRequest, useSessionStore } from 'shared-kernel';
import { DOCUMENT_SEARCH_MIN, ERROR, type AssociationDocumentEntry, type AssociationDocumentList } from 'shared-kernel/contracts';
import { NS } from '../../../i18n.js';
import { formatFileSize } from '../../tickets/utils/file-size.js';
import { documentFileUrl, getDocumentFolder, searchDocuments } from '../api/documents.js';
import { DocumentManagement, EntryActions } from './document-management.js';
import styles from './documents.module.css';

/** Where a folder is shown: /e-document/root or /e-document/{id}. */
export function folderPath(id: number | null): string {
  return `/e-document/${id === null ? 'root' : id}`;
}

/**
 * /e-document/{folder} (spec 002 §2.14): a folder of the association's documents with the
 * path to it, a link to the parent folder and a search across all folders (at least 2
 * characters). Needs e_document_r and an account linked with a membership number; without
 * the link the screen says so and leads to /account-link. The superadmin also maintains the
 * documents here (DocumentManagement).
 */
export function DocumentFolderPage({ folder }: { folder: string }) {
  const { t } = useTranslation(NS);
  const linked = useSessionStore((s) => Boolean(s.appState?.user.mno));
  const [search, setSearch] = useState('');
  const [query, setQuery] = useState<string | null>(null);
  const [searchError, setSearchError] = useState(false);
  const searchId = useId();
  const errorId = useId();
  const { state, data, reload } = useRequest(
    (signal) => (query !== null ? searchDocuments(query, signal) : getDocumentFolder(folder, signal)),
    [folder, query],
    { enabled: linked },
  );

  if (!linked || state === ERROR.memberNumberNotLinked) {
    return (
      <>
        <PageHeader title={t('documents.title')} />
        <p role="status" className={styles.warning}>
          {t('documents.unlinked')} <Link to="/account-link">{t('documents.link_account')}</Link>
        </p>
      </>
    );
  }

  const submitSearch = (event: FormEvent) => {
    event.preventDefault();
    const text = search.trim();
    if (text.length === 0) {
      setSearchError(false);
      setQuery(null);
      return;
    }
    if (text.length < DOCUMENT_SEARCH_MIN) {
      setSearchError(true);
      return;
    }
    setSearchError(false);
    setQuery(text);
  };

  let body: ReactNode;
  if (state > 0) body = <ErrorPanel code={state} onRetry={reload} headingLevel={2} />;
  else if (!data || state === -1) body = <Spinner showLabel />;
  else body = <FolderContent data={data} searching={query !== null} onChanged={reload} />;

  return (
    <>
      <PageHeader title={t('documents.title')} />
      <div className={styles.toolbar}>
        <form role="search" className={styles.search} onSubmit={submitSearch}>
          <label htmlFor={searchId}>
            {t('documents.search')}
            <input
              id={searchId}
              type="search"
              value={search}
              maxLength={100}
              aria-invalid={searchError || undefined}
              aria-describedby={searchError ? errorId : undefined}
              onChange={(event) => setSearch(event.target.value)}
            />
          </label>
          <Button type="submit">{t('documents.search_button')}</Button>
          {query !== null && (
            <Button
              onClick={() => {
                setSearch('');
                setQuery(null);
              }}
            >
              {t('documents.search_reset')}
            </Button>
          )}
        </form>
        {searchError && (
          <p id={errorId} role="alert">
            {t('documents.search_min', { count: DOCUMENT_SEARCH_MIN })}
          </p>
        )}
      </div>
      {body}
    </>
  );
}

function FolderContent({ data, searching, onChanged }: { data: AssociationDocumentList; searching: boolean; onChanged: () => void }) {
  const { t } = useTranslation(NS);
  const navigate = useNavigate();
  const current = data.folder;
  const parent = current ? current.p : null;
  return (
    <>
      {!searching && (
        <nav aria-label={t('documents.path')} className={styles.breadcrumb}>
          <ol>
            <li>{current ? <Link to={folderPath(null)}>{t('documents.root')}</Link> : <span aria-current="page">{t('documents.root')}</span>}</li>
            {data.path.map((item) => (
              <li key={item.id}>
                <Link to={folderPath(item.id)}>{item.n}</Link>
              </li>
            ))}
            {current && (
              <li>
                <span aria-current="page">{current.n}</span>
              </li>
            )}
          </ol>
        </nav>
      )}
      {!searching && current && (
        <p>
          <Link to={folderPath(parent)}>{t('documents.up')}</Link>
        </p>
      )}
      {searching && <h2>{t('documents.results', { count: data.rows.length })}</h2>}
      {data.rows.length === 0 ? (
        <p>{t(searching ? 'documents.no_results' : 'documents.empty')}</p>
      ) : (
        <table className={styles.table}>
          <caption className="sbo-visually-hidden">{current ? current.n : t(searching ? 'documents.results_caption' : 'documents.root')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('documents.type')}</th>
              <th scope="col">{t('documents.name')}</th>
              <th scope="col" className={styles.number}>{t('documents.size')}</th>
              <th scope="col">{t('documents.date')}</th>
              {data.manage && <th scope="col">{t('documents.actions')}</th>}
            </tr>
          </thead>
          <tbody>
            {data.rows.map((entry) => (
              <EntryRow key={entry.id} entry={entry} manage={data.manage} data={data} onChanged={onChanged} />
            ))}
          </tbody>
        </table>
      )}
      {data.manage && !searching && (
        <DocumentManagement
          folder={current?.id ?? null}
          onChanged={onChanged}
          onFolderCreated={(id) => navigate(folderPath(id))}
        />
      )}
    </>
  );
}

function EntryRow({ entry, manage, data, onChanged }: { entry: AssociationDocumentEntry; manage: boolean; data: AssociationDocumentList; onChanged: () => void }) {
  const { t, i18n } = useTranslation(NS);
  const ext = entry.ext.toUpperCase();
  return (
    <tr className={entry.h ? styles.hidden : undefined}>
      <td>
        {entry.folder ? (
          <span role="img" aria-label={t('documents.folder')} className={styles.folderIcon}>
            {t('documents.folder_short')}
          </span>
        ) : (
          <span role="img" aria-label={t('documents.file_type', { ext: ext || '?' })} className={styles.ext} data-ext={entry.ext}>
            {(ext || '?').slice(0, 4)}
          </span>
        )}
      </td>
      <td>
        <span className={styles.name}>
          {entry.folder ? (
            <Link to={folderPath(entry.id)}>{entry.n}</Link>
          ) : (
            <a href={documentFileUrl(entry.id)} download={entry.n}>
              {entry.n}
            </a>
          )}
          {entry.h && <span>({t('documents.hidden')})</span>}
        </span>
      </td>
      <td className={styles.number}>{entry.folder ? '' : formatFileSize(entry.s, i18n.language)}</td>
      <td>{formatDate(entry.dc)}</td>
      {manage && (
        <td>
          <EntryActions entry={entry} data={data} onChanged={onChanged} />
        </td>
      )}
    </tr>
  );
}
