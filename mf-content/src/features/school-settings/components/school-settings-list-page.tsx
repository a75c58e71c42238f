import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageHeader, PlainTable, RequestStateView, useRequest, useSchoolFilter } from 'shared-kernel';
import { NS } from '../i18n.js';
import { getSettingsSchools } from '../api/school-settings-api.js';
import { AddressWarning } from './address-warning.js';
import styles from './school-settings.module.css';

/**
 * /c-settings (spec 002 §2.19): one row per school the user may configure, with its
 * microsite state, "view microsite" (the public address, a new window) and its settings.
 * Schools with an incomplete address carry the warning with the support request link.
 */
export function SchoolSettingsListPage() {
  const { t } = useTranslation(NS);
  const { key } = useSchoolFilter();
  const { state, data, reload } = useRequest((signal) => getSettingsSchools(signal), [key]);

  return (
    <>
      <PageHeader title={t('settings.title')} actions={<Link to="/c-calendar">{t('settings.calendar')}</Link>} />
      <RequestStateView state={state} data={data} onRetry={reload} emptyText={t('settings.empty')}>
        {(rows) => (
          <PlainTable aria-label={t('settings.schools')}>
            <thead>
              <tr>
                <th scope="col">{t('settings.school')}</th>
                <th scope="col">{t('settings.microsite')}</th>
                <th scope="col">{t('settings.actions')}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((school) => (
                <tr key={school.sid}>
                  <th scope="row">
                    {school.n}
                    {!school.address_complete && <AddressWarning />}
                  </th>
                  <td>{school.microsite_on ? t('settings.on') : t('settings.off')}</td>
                  <td>
                    <span className={styles.actions}>
                      <a href={school.msu} target="_blank" rel="noopener noreferrer" aria-label={t('settings.view_of', { name: school.n })}>
                        {t('settings.view')}
                      </a>
                      <Link to={`/c-settings/edit/${school.sid}`} aria-label={t('settings.open_of', { name: school.n })}>
                        {t('settings.open')}
                      </Link>
                    </span>
                  </td>
                </tr>
              ))}
            </tbody>
          </PlainTable>
        )}
      </RequestStateView>
    </>
  );
}
