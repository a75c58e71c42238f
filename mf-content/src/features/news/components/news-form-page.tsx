import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useParams } from 'react-router';
import { PageHeader, parseRouteId, ErrorPanel, Spinner, useRequest, useSchoolFilter } from 'shared-kernel';
import type { SchoolRef } from 'shared-kernel/contracts';
import { NS } from '../../../i18n.js';
import { getNews } from '../api/get-news.js';
import { emptyNewsValues, newsItemToValues } from '../utils/news-form-values.js';
import { NewsForm, type NewsFormMode } from './news-form.js';

const MODES: readonly NewsFormMode[] = ['create', 'edit', 'template'];

function isMode(value: string | undefined): value is NewsFormMode {
  return (MODES as readonly (string | undefined)[]).includes(value);
}

/** The owner school of a new item: the first school of the filter (else the first school). */
function useOwnerSchool(): { schools: SchoolRef[]; ownerSchoolId: number | null } {
  const { schools, selectedIds } = useSchoolFilter();
  const ownerSchoolId = selectedIds.find((id) => schools.some((school) => school.id === id)) ?? schools[0]?.id ?? null;
  return { schools, ownerSchoolId };
}

function CreateNews() {
  const { schools, ownerSchoolId } = useOwnerSchool();
  // The owner is fixed when the form opens: switching the school filter later must not reset it.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const initialValues = useMemo(() => emptyNewsValues(ownerSchoolId), []);
  return <NewsForm mode="create" initialValues={initialValues} editable schools={schools} />;
}

function LoadedNews({ mode, itemId }: { mode: 'edit' | 'template'; itemId: number }) {
  const { schools, ownerSchoolId } = useOwnerSchool();
  const { state, data, reload } = useRequest((signal) => getNews(itemId, signal), [itemId]);
  const initialValues = useMemo(
    () => (data ? newsItemToValues(data, ownerSchoolId, mode === 'template') : null),
    // Values are taken once per loaded item; a later school-filter switch must not reset the form.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [data, mode],
  );
  if (state > 0) return <ErrorPanel code={state} onRetry={reload} />;
  if (!data || !initialValues) return <Spinner showLabel />;
  return (
    <NewsForm
      key={`${mode}-${itemId}`}
      mode={mode}
      itemId={mode === 'edit' ? itemId : undefined}
      version={data.version}
      initialValues={initialValues}
      editable={data.editable}
      schools={schools}
    />
  );
}

/**
 * /c-news/{mode} and /c-news/{mode}/{id}: create, edit, or create from a template (the
 * loaded item saved as a new one). Unknown modes and missing ids go back to the list.
 */
export function NewsFormPage() {
  const { t } = useTranslation(NS);
  const { mode, id } = useParams();
  if (!isMode(mode)) return <Navigate to="/c-news" replace />;
  const itemId = parseRouteId(id);
  if (mode !== 'create' && itemId === null) {
    return <Navigate to="/c-news" replace />;
  }
  return (
    <>
      <PageHeader title={t(`news.form_title_${mode}`)} />
      {mode === 'create' ? <CreateNews /> : <LoadedNews key={`${mode}-${itemId}`} mode={mode} itemId={itemId!} />}
    </>
  );
}
