import { useTranslation } from 'react-i18next';
import { Navigate, useParams } from 'react-router';
import { PageHeader, parseRouteId, ErrorPanel, Spinner, useRequest } from 'shared-kernel';
import { NS } from '../i18n.js';
import { getSchoolSettings } from '../api/school-settings-api.js';
import { AddressWarning } from './address-warning.js';
import { SchoolSettingsForm } from './school-settings-form.js';

/** /c-settings/{mode}/{id}: the settings of one school (mode edit; others lead to the list). */
export function SchoolSettingsPage() {
  const { t } = useTranslation(NS);
  const { mode, id } = useParams();
  const schoolId = parseRouteId(id) ?? 0;
  const valid = mode === 'edit' && schoolId > 0;
  const { state, data, reload } = useRequest((signal) => getSchoolSettings(schoolId, signal), [schoolId], { enabled: valid });
  if (!valid) return <Navigate to="/c-settings" replace />;
  return (
    <>
      <PageHeader title={data ? t('settings.form_title', { name: data.address.n }) : t('settings.title')} />
      {state > 0 && !data ? (
        <ErrorPanel code={state} onRetry={reload} />
      ) : !data ? (
        <Spinner showLabel />
      ) : (
        <>
          {(!data.address.as.trim() || !data.address.ac.trim()) && <AddressWarning />}
          {/* A new version read (after a save) starts the form from what is stored. */}
          <SchoolSettingsForm key={`${schoolId}-${data.version}`} settings={data} onSaved={reload} />
        </>
      )}
    </>
  );
}
