import { useState } from 'react';
import { useFormikContext } from 'formik';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { PageHeader, parseRouteId, formatMoney, toast, toErrorCode, errorFields, ErrorPanel, Spinner, SubmitStateBox, useCan, useRequest, useSchoolFilter } from 'shared-kernel';
import {
  CONTRACT_CANCELLATION_MONTHS,
  CONTRACT_FOLLOW_MONTHS,
  CONTRACT_START_MONTHS,
  CONTRACT_TEMPLATE_NAME_MAX,
  CONTRACT_TEMPLATE_NOTES_MAX,
  COUNTRIES,
  CURRENCIES,
  PAY_INTERVALS,
  contractTemplateSchema,
  emptyContractTemplateForm,
  type ContractTemplate,
  type ContractTemplateForm,
  type Country,
} from 'shared-kernel/contracts';
import { ConflictNotice, FormikForm, MoneyField, SelectField, SubmitButton, TextAreaField, TextField, useRecordVersion, useSubmissionKey, type SelectOption } from 'shared-kernel/forms';
import { createContractTemplate, getContractTemplate, updateContractTemplate } from '../api/contract-templates.js';
import { NS } from '../i18n.js';
import links from '../../settings-links.module.css';
import styles from './contract-templates.module.css';

/** How the form was opened: a new template, a change, or a new one copied from another. */
export type ContractTemplateFormMode = 'create' | 'edit' | 'template';

/** The form's values: the contract's fields; the school may still be unchosen. */
type Values = Omit<ContractTemplateForm, 'school_id'> & { school_id: number | null };

function monthOptions(bounds: { min: number; max: number }, label: (count: number) => string): SelectOption[] {
  return Array.from({ length: bounds.max - bounds.min + 1 }, (_, i) => bounds.min + i).map((count) => ({ value: count, label: label(count) }));
}

/** The fields; the German-law hint of the minimum term follows the chosen country. */
function ContractTemplateFields({ readOnly, schoolOptions }: { readOnly: boolean; schoolOptions: SelectOption[] }) {
  const { t } = useTranslation(NS);
  const { values } = useFormikContext<Values>();
  const months = (count: number) => t('contract_templates.months', { count });
  return (
    <>
      <SelectField name="school_id" label={t('contract_templates.school')} required options={schoolOptions} disabled={readOnly} />
      <TextField name="name" label={t('contract_templates.name')} required maxLength={CONTRACT_TEMPLATE_NAME_MAX} disabled={readOnly} />
      <SelectField
        name="c_country_iso"
        label={t('contract_templates.country')}
        required
        options={COUNTRIES.map((country) => ({ value: country, label: t(`contract_templates.countries.${country}`) }))}
        disabled={readOnly}
      />
      <SelectField
        name="currency"
        label={t('contract_templates.currency')}
        required
        options={CURRENCIES.map((currency) => ({ value: currency, label: currency }))}
        disabled={readOnly}
      />
      <SelectField
        name="pay_interval"
        label={t('contract_templates.pay_interval')}
        required
        options={PAY_INTERVALS.map((interval) => ({ value: interval, label: `${t(`contract_templates.interval.${interval}`)} (${months(interval)})` }))}
        disabled={readOnly}
      />
      <MoneyField
        name="amount_gross"
        label={t('contract_templates.amount_gross')}
        hint={t('contract_templates.amount_gross_hint')}
        currency={values.currency}
        required
        disabled={readOnly}
      />
      <MoneyField
        name="activation_gross"
        label={t('contract_templates.activation_gross')}
        hint={t('contract_templates.activation_gross_hint')}
        currency={values.currency}
        disabled={readOnly}
      />
      <TextField
        name="tax_percent"
        label={t('contract_templates.tax_percent')}
        hint={t('contract_templates.tax_percent_hint')}
        required
        maxLength={6}
        disabled={readOnly}
      />
      <SelectField
        name="c_interval_start"
        label={t('contract_templates.c_interval_start')}
        hint={t(values.c_country_iso === 'de' ? 'contract_templates.c_interval_start_hint_de' : 'contract_templates.c_interval_start_hint')}
        required
        options={monthOptions(CONTRACT_START_MONTHS, months)}
        disabled={readOnly}
      />
      <SelectField
        name="c_cperiod_start"
        label={t('contract_templates.c_cperiod_start')}
        hint={t('contract_templates.cperiod_hint')}
        required
        options={monthOptions(CONTRACT_CANCELLATION_MONTHS, months)}
        disabled={readOnly}
      />
      <SelectField
        name="c_interval_follow"
        label={t('contract_templates.c_interval_follow')}
        hint={t('contract_templates.c_interval_follow_hint')}
        required
        options={monthOptions(CONTRACT_FOLLOW_MONTHS, months)}
        disabled={readOnly}
      />
      <SelectField
        name="c_cperiod_follow"
        label={t('contract_templates.c_cperiod_follow')}
        hint={t('contract_templates.cperiod_hint')}
        required
        options={monthOptions(CONTRACT_CANCELLATION_MONTHS, months)}
        disabled={readOnly}
      />
      <TextAreaField name="notes" label={t('contract_templates.notes')} maxLength={CONTRACT_TEMPLATE_NOTES_MAX} rows={3} className={styles.wide} disabled={readOnly} />
    </>
  );
}

function ContractTemplateEditor({ mode, template }: { mode: ContractTemplateFormMode; template: ContractTemplate | null }) {
  const { t } = useTranslation(NS);
  const navigate = useNavigate();
  const [state, setState] = useState(-1);
  const { schools, selectedIds } = useSchoolFilter();
  const readOnly = !useCan('s_contract_w');
  const schoolOptions = schools
    .filter((school) => selectedIds.length === 0 || selectedIds.includes(school.id) || school.id === template?.school_id)
    .map((school) => ({ value: school.id, label: school.name }));
  const firstSchool = schools.find((school) => school.id === schoolOptions[0]?.value);

  let initial: Values;
  if (template) {
    const { id: _id, version: _version, ...fields } = template;
    const { uc: _uc, ...form } = fields as typeof fields & { uc?: number };
    initial = mode === 'template' ? { ...form, name: t('contract_templates.copy_name', { name: template.name }) } : form;
  } else {
    initial = emptyContractTemplateForm(schoolOptions.length === 1 ? (firstSchool?.id ?? null) : null, (firstSchool?.country ?? 'at') as Country);
  }
  // One key per submission of the same values: a second click or a retry saves one template.
  const submission = useSubmissionKey();
  const record = useRecordVersion<Values & { version: number }>({ ...initial, version: template?.version ?? 1 }, async () => {
    const { id: _id, ...fresh } = await getContractTemplate(template!.id);
    return fresh;
  });
  const labels = {
    school_id: t('contract_templates.school'),
    name: t('contract_templates.name'),
    notes: t('contract_templates.notes'),
    pay_interval: t('contract_templates.pay_interval'),
    c_country_iso: t('contract_templates.country'),
    amount_gross: t('contract_templates.amount_gross'),
    activation_gross: t('contract_templates.activation_gross'),
    tax_percent: t('contract_templates.tax_percent'),
    c_interval_start: t('contract_templates.c_interval_start'),
    c_cperiod_start: t('contract_templates.c_cperiod_start'),
    c_interval_follow: t('contract_templates.c_interval_follow'),
    c_cperiod_follow: t('contract_templates.c_cperiod_follow'),
    currency: t('contract_templates.currency'),
  };
  const formatStored = (field: string, value: unknown) => {
    if (field === 'amount_gross' || field === 'activation_gross') return formatMoney(value as number, initial.currency);
    if (field === 'school_id') return schools.find((school) => school.id === value)?.name ?? String(value);
    if (field === 'pay_interval') return t(`contract_templates.interval.${String(value)}`);
    if (field === 'c_country_iso') return t(`contract_templates.countries.${String(value)}`);
    return String(value ?? '');
  };

  return (
    <FormikForm<Values>
      initialValues={initial}
      validationSchema={contractTemplateSchema}
      ariaLabel={t('contract_templates.form_label')}
      className={styles.form}
      onSubmit={async (values, helpers) => {
        const body = contractTemplateSchema.cast(values, { stripUnknown: true }) as ContractTemplateForm;
        setState(-2);
        try {
          if (mode === 'edit') record.saved(await updateContractTemplate(template!.id, body, record.version));
          else await createContractTemplate(body, submission.keyFor(body));
          setState(0);
          toast.success('save_succeeded');
          void navigate('/m-conf/contract');
        } catch (error) {
          const code = await toErrorCode(error);
          setState(mode === 'edit' && record.handleSaveError(code) ? -1 : code);
          const fields = await errorFields(error);
          if (fields) helpers.setErrors(fields);
        }
      }}
    >
      <ContractTemplateFields readOnly={readOnly} schoolOptions={schoolOptions} />
      <div className={styles.wide}>
        <ConflictNotice record={record} labels={labels} format={formatStored} />
        <SubmitStateBox state={state} />
      </div>
      <div className={styles.formActions}>
        {!readOnly && <SubmitButton>{t('contract_templates.save')}</SubmitButton>}
        <Link className={links.secondaryLink} to="/m-conf/contract">
          {t('contract_templates.back')}
        </Link>
      </div>
    </FormikForm>
  );
}

/**
 * /m-conf/contract/create, /m-conf/contract/edit/{id}, /m-conf/contract/template/{id} (a new
 * template starting as a copy): every field of spec 001 §3 "Contract" with the bounds of §5
 * as choices (terms and periods in months), amounts in the currency chosen.
 */
export function ContractTemplateFormPage({ mode }: { mode: ContractTemplateFormMode }) {
  const { t } = useTranslation(NS);
  const { id: idParam } = useParams();
  const id = parseRouteId(idParam) ?? 0;
  const needsTemplate = mode !== 'create';
  const validId = !needsTemplate || id > 0;
  const { state, data, reload } = useRequest((signal) => (needsTemplate ? getContractTemplate(id, signal) : Promise.resolve(null)), [mode, id], {
    enabled: validId,
  });

  let body;
  if (!validId) body = <ErrorPanel code={3} />;
  else if (state > 0) body = <ErrorPanel code={state} onRetry={reload} />;
  else if (state === -1 || (needsTemplate && !data)) body = <Spinner showLabel />;
  else body = <ContractTemplateEditor key={`${mode}-${data?.id ?? 0}`} mode={mode} template={data ?? null} />;

  return (
    <>
      <PageHeader title={t(`contract_templates.form_${mode}`)} />
      {body}
    </>
  );
}
