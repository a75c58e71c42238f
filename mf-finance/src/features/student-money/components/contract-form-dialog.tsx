import { useFormikContext } from 'formik';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, ErrorPanel, ModalDialog, Spinner, SubmitStateBox, todayIso, useRequest } from 'shared-kernel';
import {
  CONTRACT_CANCELLATION_MONTHS,
  CONTRACT_FOLLOW_MONTHS,
  CONTRACT_START_MONTHS,
  CURRENCIES,
  PAYMENT_METHOD,
  PAYMENT_METHODS,
  PAY_INTERVALS,
  STUDENT_CONTRACT_STATUSES,
  studentContractSchema,
  type StudentContract,
  type StudentContractForm,
  type StudentContractOptions,
} from 'shared-kernel/contracts';
import {
  DateField,
  FormikForm,
  IbanField,
  MoneyField,
  SelectField,
  SubmitButton,
  TextField,
  useSubmissionKey,
  type SelectOption,
} from 'shared-kernel/forms';
import { createStudentContract, getStudentContract, getStudentContractOptions, updateStudentContract } from '../api/contracts.js';
import { useMoneySubmit } from '../hooks/use-money-submit.js';
import { NS } from '../i18n.js';
import styles from './student-money.module.css';

/** The form's values: numbers the user has not chosen yet are null, the tax rate is typed text. */
type ContractFormValues = Omit<StudentContractForm, 'payment_method_id' | 'amount_gross' | 'tax_percent' | 'currency'> & {
  currency: string;
  payment_method_id: number | null;
  amount_gross: number | null;
  tax_percent: string | number;
};

function monthOptions(bounds: { min: number; max: number }): SelectOption[] {
  return Array.from({ length: bounds.max - bounds.min + 1 }, (_, i) => ({ value: bounds.min + i, label: String(bounds.min + i) }));
}

function emptyValues(currency: string, options: StudentContractOptions): ContractFormValues {
  return {
    contract_template_id: null,
    account_id: options.accounts.find((account) => account.is_main)?.id ?? null,
    contract_no: null,
    status: 1,
    payment_method_id: null,
    due_date: null,
    contract_start: todayIso(),
    amount_gross: null,
    activation_gross: 0,
    tax_percent: '0',
    currency,
    pay_interval: 1,
    c_interval_start: null,
    c_cperiod_start: null,
    c_interval_follow: null,
    c_cperiod_follow: null,
    sepa_name: null,
    sepa_iban: null,
    sepa_bic: null,
    sepa_bank: null,
    sepa_mandate_ref: null,
    sepa_date_mandate: null,
  };
}

function valuesOf(contract: StudentContract): ContractFormValues {
  const fields = Object.keys(studentContractSchema.fields) as (keyof StudentContractForm)[];
  const values = Object.fromEntries(fields.map((field) => [field, contract[field] ?? null])) as unknown as ContractFormValues;
  return { ...values, tax_percent: String(contract.tax_percent ?? 0).replace('.', ',') };
}

/** Choosing a contract template fills amounts, interval and terms from it (the user may change them). */
function TemplateFiller({ options }: { options: StudentContractOptions }) {
  const { values, setValues } = useFormikContext<ContractFormValues>();
  const previous = useRef(values.contract_template_id);
  useEffect(() => {
    if (previous.current === values.contract_template_id) return;
    previous.current = values.contract_template_id;
    const template = options.contracts.find((c) => c.id === values.contract_template_id);
    if (!template) return;
    void setValues((current) => ({
      ...current,
      amount_gross: template.amount_gross,
      activation_gross: template.activation_gross,
      tax_percent: String(template.tax_percent).replace('.', ','),
      currency: template.currency,
      pay_interval: template.pay_interval,
      c_interval_start: template.c_interval_start,
      c_cperiod_start: template.c_cperiod_start,
      c_interval_follow: template.c_interval_follow,
      c_cperiod_follow: template.c_cperiod_follow,
    }));
  }, [values.contract_template_id, options, setValues]);
  return null;
}

function SepaFields() {
  const { t } = useTranslation(NS);
  const { values } = useFormikContext<ContractFormValues>();
  if (values.payment_method_id !== PAYMENT_METHOD.sepa) return null;
  return (
    <fieldset className={styles.fieldset}>
      <legend>{t('money.contracts.sepa')}</legend>
      <div className={styles.formGrid}>
        <TextField name="sepa_name" label={t('money.contracts.sepa_name')} required />
        <IbanField name="sepa_iban" label={t('money.contracts.sepa_iban')} required />
        <TextField name="sepa_bic" label={t('money.contracts.sepa_bic')} required />
        <TextField name="sepa_bank" label={t('money.contracts.sepa_bank')} required />
        <TextField name="sepa_mandate_ref" label={t('money.contracts.sepa_mandate_ref')} required />
        <DateField name="sepa_date_mandate" label={t('money.contracts.sepa_date_mandate')} required />
      </div>
    </fieldset>
  );
}


/**
 * Payments are always in the installation's currency, so a contract can only be billed in it:
 * the field offers that currency, plus the one the form holds when it differs (a contract
 * imported in another currency, or a template's), which the API then refuses on the field.
 */
function ContractCurrencyField({ installationCurrency, label }: { installationCurrency: string; label: string }) {
  const { values } = useFormikContext<ContractFormValues>();
  const offered = [...new Set([installationCurrency, values.currency].filter((c) => (CURRENCIES as readonly string[]).includes(c)))];
  return <SelectField name="currency" label={label} required options={offered.map((c) => ({ value: c, label: c }))} />;
}

export interface ContractFormDialogProps {
  studentId: number;
  /** null: add a contract. */
  contractId: number | null;
  currency?: string;
  onClose: () => void;
  onSaved: () => void;
}

/** Add or change a contract of the student (student_w + finance_w) in a dialog. */
export function ContractFormDialog({ studentId, contractId, currency = 'EUR', onClose, onSaved }: ContractFormDialogProps) {
  const { t } = useTranslation(NS);
  const { state: submitState, submit } = useMoneySubmit();
  const submission = useSubmissionKey();
  const { state, data, reload } = useRequest(
    async (signal) => {
      const [options, single] = await Promise.all([
        getStudentContractOptions(studentId, signal),
        contractId === null ? Promise.resolve(null) : getStudentContract(studentId, contractId, signal),
      ]);
      return { options, single };
    },
    [studentId, contractId],
  );
  const title = t(contractId === null ? 'money.contracts.form_add' : 'money.contracts.form_change');

  let body;
  if (state > 0) body = <ErrorPanel code={state} onRetry={reload} headingLevel={3} />;
  else if (!data) body = <Spinner showLabel />;
  else {
    const { options, single } = data;
    const initialValues = single ? valuesOf(single.data) : emptyValues(currency, options);
    const methodOptions = PAYMENT_METHODS.map((id) => ({ value: id, label: t(`payment_method.${id}`) }));
    body = (
      <FormikForm<ContractFormValues>
        initialValues={initialValues}
        validationSchema={studentContractSchema}
        ariaLabel={title}
        className={styles.form}
        onSubmit={async (values, helpers) => {
          const form = studentContractSchema.cast(values, { stripUnknown: true }) as StudentContractForm;
          const outcome = await submit(() =>
            single ? updateStudentContract(studentId, single.data.id, form, single.data.version) : createStudentContract(studentId, form, submission.keyFor(form)),
          );
          if (outcome.ok) {
            submission.reset();
            onSaved();
          } else if (Object.keys(outcome.fields).length > 0) helpers.setErrors(outcome.fields);
        }}
      >
        <TemplateFiller options={options} />
        <div className={styles.formGrid}>
          <SelectField
            name="contract_template_id"
            label={t('money.contracts.template')}
            placeholder={t('money.contracts.template_none')}
            options={options.contracts.map((c) => ({ value: c.id, label: c.name }))}
          />
          <TextField name="contract_no" label={t('money.contracts.contract_no')} autoComplete="off" />
          <SelectField
            name="status"
            label={t('money.contracts.status')}
            required
            options={STUDENT_CONTRACT_STATUSES.map((cs) => ({ value: cs, label: t(`money.contract_status.${cs}`) }))}
          />
          <SelectField name="payment_method_id" label={t('money.contracts.method')} required options={methodOptions} />
          <SelectField
            name="account_id"
            label={t('money.account')}
            placeholder={t('money.none')}
            options={options.accounts.map((account) => ({ value: account.id, label: account.name }))}
          />
          <DateField name="contract_start" label={t('money.contracts.start')} required />
          <DateField name="due_date" label={t('money.contracts.due_date')} />
          <MoneyField name="amount_gross" label={t('money.contracts.gross')} required />
          <MoneyField name="activation_gross" label={t('money.contracts.activation_gross')} />
          <TextField name="tax_percent" label={t('money.contracts.tax_percent')} autoComplete="off" />
          <ContractCurrencyField installationCurrency={currency} label={t('money.contracts.currency')} />
          <SelectField
            name="pay_interval"
            label={t('money.contracts.interval')}
            required
            options={PAY_INTERVALS.map((pi) => ({ value: pi, label: t(`money.interval.${pi}`) }))}
          />
          <SelectField name="c_interval_start" label={t('money.contracts.c_interval_start')} placeholder={t('money.none')} options={monthOptions(CONTRACT_START_MONTHS)} />
          <SelectField name="c_cperiod_start" label={t('money.contracts.c_cperiod_start')} placeholder={t('money.none')} options={monthOptions(CONTRACT_CANCELLATION_MONTHS)} />
          <SelectField name="c_interval_follow" label={t('money.contracts.c_interval_follow')} placeholder={t('money.none')} options={monthOptions(CONTRACT_FOLLOW_MONTHS)} />
          <SelectField name="c_cperiod_follow" label={t('money.contracts.c_cperiod_follow')} placeholder={t('money.none')} options={monthOptions(CONTRACT_CANCELLATION_MONTHS)} />
        </div>
        <SepaFields />
        <SubmitStateBox state={submitState} />
        <div className={styles.formActions}>
          <SubmitButton>{t('money.save')}</SubmitButton>
          <Button onClick={onClose}>{t('money.cancel')}</Button>
        </div>
      </FormikForm>
    );
  }

  return (
    <ModalDialog title={title} onClose={onClose}>
      {body}
    </ModalDialog>
  );
}
