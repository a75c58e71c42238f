import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useParams } from 'react-router';
import { ErrorPanel, PageHeader, Spinner, useRequest, useSchoolFilter, parseRouteId } from 'shared-kernel';
import { getTemplate } from '../api/templates.js';
import { NS } from '../i18n.js';
import { emptyTemplateValues, templateToValues } from '../utils/template-form-values.js';
import { TemplateForm, type TemplateFormMode } from './template-form.js';

const LIST = '/m-template/base';

function CreateTemplate() {
  const { schools } = useSchoolFilter();
  // Taken once: a later school-filter switch must not reset the form.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const initialValues = useMemo(() => emptyTemplateValues(schools.map((school) => school.id)), []);
  return <TemplateForm mode="create" initialValues={initialValues} schools={schools} />;
}

function LoadedTemplate({ mode, templateId }: { mode: 'edit' | 'template'; templateId: number }) {
  const { t } = useTranslation(NS);
  const { schools } = useSchoolFilter();
  const { state, data, reload } = useRequest((signal) => getTemplate(templateId, signal), [templateId]);
  const initialValues = useMemo(
    () => (data ? templateToValues(data, mode === 'template' ? t('templates.copy_suffix') : undefined) : null),
    // Values are taken once per loaded template (not again on a language switch).
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [data, mode],
  );
  if (state > 0) return <ErrorPanel code={state} onRetry={reload} />;
  if (!data || !initialValues) return <Spinner showLabel />;
  return <TemplateForm mode={mode} loaded={data} initialValues={initialValues} schools={schools} />;
}

/**
 * /m-template/base/{mode}[/{id}]: create, edit, or copy (mode `template`, spec 002 §1; `copy`
 * is accepted as another name for it). Unknown modes and missing ids go back to the list.
 */
export function TemplateFormPage() {
  const { t } = useTranslation(NS);
  const { mode: given, id } = useParams();
  const mode: TemplateFormMode | null =
    given === 'copy' ? 'template' : given === 'create' || given === 'edit' || given === 'template' ? given : null;
  const templateId = parseRouteId(id);
  if (mode === null) return <Navigate to={LIST} replace />;
  if (mode !== 'create' && templateId === null) return <Navigate to={LIST} replace />;
  return (
    <>
      <PageHeader title={t(`templates.form_title_${mode}`)} />
      {mode === 'create' ? (
        <CreateTemplate />
      ) : (
        <LoadedTemplate key={`${mode}-${templateId}`} mode={mode} templateId={templateId!} />
      )}
    </>
  );
}
