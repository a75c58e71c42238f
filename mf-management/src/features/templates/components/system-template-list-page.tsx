import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ErrorPanel, PageHeader, PlainTable, Spinner, useRequest } from 'shared-kernel';
import type { SystemTemplateRow } from 'shared-kernel/contracts';
import { getSystemTemplates } from '../api/system-templates.js';
import { NS } from '../i18n.js';
import { localName } from '../utils/local-name.js';
import links from '../../settings-links.module.css';
import styles from './templates.module.css';

/** Whether a row matches the search text (German or English name, or the key; case-insensitive). */
function matches(row: SystemTemplateRow, search: string): boolean {
  const needle = search.trim().toLocaleLowerCase('de');
  if (!needle) return true;
  return [row.name.de, row.name.en, row.key].some((text) => text.toLocaleLowerCase('de').includes(needle));
}

/**
 * /m-conf/template (spec 001 §2, s_template_r): the fixed system templates (invitations,
 * cancellation confirmation, invoices, reminder, dunning, credit note) with a search filter;
 * each opens /m-conf/template/edit/{key}. The set is small and fixed, so it is filtered here as
 * the user types.
 */
export function SystemTemplateListPage() {
  const { t, i18n } = useTranslation(NS);
  const searchId = useId();
  const [search, setSearch] = useState('');
  const { state, data, reload } = useRequest((signal) => getSystemTemplates('', signal), []);
  const rows = (data ?? []).filter((row) => matches(row, search));

  return (
    <>
      <PageHeader title={t('templates.system_title')} />
      <div className={styles.search}>
        <label htmlFor={searchId}>{t('templates.system_search')}</label>{' '}
        <input id={searchId} type="search" value={search} onChange={(event) => setSearch(event.target.value)} />
      </div>
      {state > 0 && <ErrorPanel code={state} onRetry={reload} />}
      {state === -1 && !data && <Spinner showLabel />}
      {data && (
        <PlainTable aria-label={t('templates.system_title')}>
          <thead>
            <tr>
              <th scope="col">{t('templates.name')}</th>
              <th scope="col">{t('templates.system_key')}</th>
              <th scope="col">{t('templates.type')}</th>
              <th scope="col">{t('templates.actions')}</th>
            </tr>
          </thead>
          <tbody>
            {rows.length === 0 && (
              <tr>
                <td colSpan={4}>{t('templates.system_empty')}</td>
              </tr>
            )}
            {rows.map((row) => {
              const name = localName(row.name, i18n.language);
              return (
                <tr key={row.key}>
                  <td>
                    {name}
                    {row.overridden && <span className={styles.badge}>{t('templates.system_overridden')}</span>}
                  </td>
                  <td>
                    <code>{row.key}</code>
                  </td>
                  <td>{t(`templates.type_${row.type}`)}</td>
                  <td>
                    <Link to={`/m-conf/template/edit/${row.key}`} className={links.smallLink} aria-label={t('templates.system_edit_item', { name })}>
                      {t('templates.edit')}
                    </Link>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </PlainTable>
      )}
    </>
  );
}
