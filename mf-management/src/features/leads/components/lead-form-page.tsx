import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useParams } from 'react-router';
import { PageHeader, parseRouteId, todayIso, ErrorPanel, Spinner, useRequest, useSchoolFilter } from 'shared-kernel';
import { LeadFlowPanel } from '../../lead-flow/components/lead-flow-panel.js';
import { getLead } from '../api/leads.js';
import { NS } from '../i18n.js';
import { emptyLeadValues, leadToValues } from '../utils/lead-form-values.js';
import { LeadForm } from './lead-form.js';
import styles from './leads.module.css';

const LIST = '/m-lead/list';

/** /m-lead/add: the empty form (the first school of the filter, today as first contact). */
export function LeadAddPage() {
  const { t } = useTranslation(NS);
  const { schools, selectedIds } = useSchoolFilter();
  // Taken once: a later school-filter switch must not reset the form.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const initialValues = useMemo(() => emptyLeadValues(selectedIds[0] ?? schools[0]?.id ?? null, todayIso()), []);
  return (
    <>
      <PageHeader title={t('leads.add_title')} />
      <LeadForm initialValues={initialValues} />
    </>
  );
}

function LoadedLead({ leadId }: { leadId: number }) {
  const { state, data, reload } = useRequest((signal) => getLead(leadId, signal), [leadId]);
  // Values are taken once per loaded lead: a reload after a save must not reset the form.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const initialValues = useMemo(() => (data ? leadToValues(data.data) : null), [data?.data.id]);
  if (state > 0) return <ErrorPanel code={state} onRetry={reload} />;
  if (!data || !initialValues) return <Spinner showLabel />;
  return (
    <div className={styles.editLayout}>
      <LeadForm loaded={data.data} member={data.mi} initialValues={initialValues} onSaved={reload} />
      {/* The lead's flow beside the form: boxes, no interest, reminders, timeline (features/lead-flow). */}
      <LeadFlowPanel lead={data.data} onChanged={reload} />
    </div>
  );
}

/** /m-lead/edit/{id}: the stored lead's form; a bad id goes back to the list. */
export function LeadEditPage() {
  const { t } = useTranslation(NS);
  const { id } = useParams();
  const leadId = parseRouteId(id);
  if (leadId === null) return <Navigate to={LIST} replace />;
  return (
    <>
      <PageHeader title={t('leads.edit_title')} />
      <LoadedLead key={leadId} leadId={leadId} />
    </>
  );
}
