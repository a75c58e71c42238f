import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate } from 'react-router';
import { ErrorPanel, PageHeader, Spinner, confirmDiscardUnsavedAsync, useRequest } from 'shared-kernel';
import type { ConfigCat } from 'shared-kernel/contracts';
import { getConfigForm, type ConfigSchool } from '../api/config-form.js';
import { useConfigScope } from '../hooks/use-config-scope.js';
import { NS } from '../i18n.js';
import { ConfigForm } from './config-form.js';
import styles from './config-fields.module.css';

const ALL = 'all';

/** The school picker: a school of the user, or all schools (users with all schools). */
function SchoolPicker({ cat, school, schools, allSchools }: { cat: ConfigCat; school: ConfigSchool; schools: { id: number; name: string }[]; allSchools: boolean }) {
  const { t } = useTranslation(NS);
  const navigate = useNavigate();
  const id = useId();
  return (
    <div className={styles.item}>
      <label htmlFor={id}>{t('config.school')}</label>
      <select
        id={id}
        className={`${styles.input} ${styles.picker}`}
        value={school === null ? ALL : String(school)}
        aria-describedby={allSchools ? `${id}-hint` : undefined}
        onChange={async (event) => {
          const next = event.target.value;
          // "Bitte erst speichern!": unsaved changes are given up only when the user says so.
          if (!(await confirmDiscardUnsavedAsync())) return;
          navigate(next === ALL ? `/m-conf/${cat}/edit` : `/m-conf/${cat}/edit/${next}`);
        }}
      >
        {allSchools && <option value={ALL}>{t('config.all_schools')}</option>}
        {schools.map((s) => (
          <option key={s.id} value={String(s.id)}>
            {s.name}
          </option>
        ))}
      </select>
      {allSchools && (
        <span id={`${id}-hint`} className={styles.itemFooter}>
          {t('config.all_schools_hint')}
        </span>
      )}
    </div>
  );
}

function LoadedForm({ cat, school, canWrite }: { cat: ConfigCat; school: ConfigSchool; canWrite: boolean }) {
  const { state, data, reload } = useRequest((signal) => getConfigForm(cat, school, signal), [cat, school]);
  if (state > 0) return <ErrorPanel code={state} onRetry={reload} />;
  // The previous school's form while another one loads is not shown.
  if (!data || data.cat !== cat || data.school !== school) return <Spinner showLabel />;
  // A new version read (after a save) starts the form afresh.
  return <ConfigForm key={`${data.cat}-${data.school}-${data.version}`} cat={cat} school={school} form={data} canWrite={canWrite} onSaved={reload} />;
}

/**
 * /m-conf/general and /m-conf/comm (+ /edit[/{schoolId}]), spec 001 §2-3: the configuration
 * form of a category for one school or for all schools.
 */
export function ConfigFormPage({ cat }: { cat: ConfigCat }) {
  const { t } = useTranslation(NS);
  const { school, schools, allSchools, canWrite } = useConfigScope(cat);
  if (school === undefined) {
    // A user without all schools edits one of his schools.
    return schools.length ? <Navigate to={`/m-conf/${cat}/edit/${schools[0]!.id}`} replace /> : <ErrorPanel code={3} />;
  }
  return (
    <>
      <PageHeader title={t(`config.title_${cat}`)} />
      <SchoolPicker cat={cat} school={school} schools={schools} allSchools={allSchools} />
      <LoadedForm cat={cat} school={school} canWrite={canWrite} />
    </>
  );
}
