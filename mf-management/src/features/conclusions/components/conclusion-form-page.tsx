import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { ErrorPanel, PageHeader, parseRouteId, Spinner, useRequest, useSessionStore } from 'shared-kernel';
import { getAccountOptions, getConclusionData, type ConclusionDataQuery } from '../api/conclusion-form.js';
import { NS } from '../i18n.js';
import { ConclusionForm } from './conclusion-form.js';


/**
 * The route's shape (spec 000 §2): create[/{sid}[/{lid}]] (0 = no student, to give only a lead)
 * or edit/{id}; anything else is null.
 */
export function parseConclusionRoute(mode: string | undefined, first: string | undefined, second: string | undefined): ConclusionDataQuery | null {
  if (mode === 'edit') {
    const id = parseRouteId(first);
    return id !== null && second === undefined ? { id } : null;
  }
  if (mode !== 'create') return null;
  const query: ConclusionDataQuery = {};
  if (first !== undefined && first !== '0') {
    const sid = parseRouteId(first);
    if (sid === null) return null;
    query.sid = sid;
  }
  if (second !== undefined) {
    const lid = parseRouteId(second);
    if (lid === null) return null;
    query.lid = lid;
  }
  return query;
}

function LoadedForm({ form, query }: { form: 'rc' | 'lc'; query: ConclusionDataQuery }) {
  const country = useSessionStore((session) => session.appState?.country ?? 'at');
  const data = useRequest((signal) => getConclusionData(query, signal), [query.id, query.sid, query.lid]);
  // The accounts are read apart: without them the form still opens (the account choice stays empty).
  const accounts = useRequest((signal) => getAccountOptions(signal), []);
  if (data.state > 0) return <ErrorPanel code={data.state} onRetry={data.reload} />;
  if (!data.data || accounts.state === -1) return <Spinner showLabel />;
  return (
    <>
      {accounts.state > 0 && <ErrorPanel code={accounts.state} onRetry={accounts.reload} headingLevel={3} />}
      <ConclusionForm form={form} loaded={data.data} accounts={accounts.state === 0 ? accounts.data ?? [] : null} country={country} />
    </>
  );
}

/**
 * /m-con/rc/{mode}[/{id}|/{sid}/{lid}] and /m-con/lc/...: the regular (rc) or paper (lc)
 * conclusion form. A route of another shape (`invalid`: the routes table's catch-all) shows
 * the error panel, never a broken form.
 */
export function ConclusionFormPage({ form, invalid = false }: { form: 'rc' | 'lc'; invalid?: boolean }) {
  const { t } = useTranslation(NS);
  const { mode, first, second } = useParams();
  const query = invalid ? null : parseConclusionRoute(mode, first, second);
  if (query === null) return <ErrorPanel code={3} title={`${NS}:conclusions.invalid_route`} />;
  const title = t(form === 'lc' ? 'conclusions.form.title_paper' : 'conclusions.form.title_regular');
  return (
    <>
      <PageHeader title={query.id === undefined ? title : t('conclusions.form.title_edit')} />
      <LoadedForm key={`${form}-${query.id}-${query.sid}-${query.lid}`} form={form} query={query} />
    </>
  );
}
