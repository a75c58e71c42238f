import { yupToFormErrors, useFormikContext, type FormikErrors, type FormikHelpers } from 'formik';
import { useCallback, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { SubmitStateBox, confirmDialog, errorFields, toErrorCode, toast, useCan, useSchoolFilter } from 'shared-kernel';
import {
  CONTRACT_NUMBER_TYPES, ERROR, PAYMENT_METHOD, PAYMENT_METHODS, conclusionSchema,
  type AccountOption, type ConclusionCountry, type ConclusionDataResponse, type ConclusionForm as ConclusionBody,
} from 'shared-kernel/contracts';
import {
  CheckboxField, CheckboxGroupField, ConflictNotice, DateField, FormikForm, IbanBicFields, SelectField, SubmitButton, TextAreaField,
  TextField, useRecordVersion, useSubmissionKey,
} from 'shared-kernel/forms';
import { createConclusion, getConclusionData, lookupIban, updateConclusion } from '../api/conclusion-form.js';
import { CONCLUSION_LIST } from '../conclusion-paths.js';
import { useConclusionRules } from '../hooks/use-conclusion-rules.js';
import { useContractNumberCheck } from '../hooks/use-contract-number-check.js';
import { NS } from '../i18n.js';
import { toConclusionBody, type ConclusionFormValues } from '../utils/conclusion-form-values.js';
import { useStudentLabels } from '../../student-detail/hooks/use-student-labels.js';
import { ConclusionPersonFields } from './conclusion-person-fields.js';
import links from '../../settings-links.module.css';
import styles from './conclusions.module.css';

/** Props of {@link ConclusionForm}. */
export interface ConclusionFormProps {
  /** 'rc' the regular form, 'lc' the paper form (the route's). */
  form: 'rc' | 'lc';
  loaded: ConclusionDataResponse;
  /** The bank accounts of the user's schools; null when they could not be read. */
  accounts: AccountOption[] | null;
  country: ConclusionCountry;
}

/** Spec 000 §8: a save that fails for another reason shows error 3. */
const SAVE_FAILED = 3;
const SHOWN_CODES: readonly number[] = [ERROR.communication, ERROR.studentExists, ERROR.contractNumberInUse];

function Section({ legend, children }: { legend: string; children: ReactNode }) {
  return (
    <fieldset className={styles.section}>
      <legend>{legend}</legend>
      {children}
    </fieldset>
  );
}

interface RulesProps {
  templates: ConclusionDataResponse['contracts'];
  accounts: AccountOption[];
}

function Rules({ templates, accounts }: RulesProps) {
  const templateSchool = useCallback((id: number) => templates.find((entry) => entry.id === id)?.sid, [templates]);
  const accountSchool = useCallback((id: number) => accounts.find((entry) => entry.id === id)?.school_id, [accounts]);
  useConclusionRules({ templateSchool, accountSchool });
  return null;
}

interface ContractSectionProps {
  loaded: ConclusionDataResponse;
  accounts: AccountOption[];
  country: ConclusionCountry;
  paper: boolean;
  disabled: boolean;
  contractNoHint?: string;
}

function ContractSection({ loaded, accounts, country, paper, disabled, contractNoHint }: ContractSectionProps) {
  const { t } = useTranslation(NS);
  const { schools } = useSchoolFilter();
  const { values } = useFormikContext<ConclusionFormValues>();
  const label = (field: string) => t(`conclusions.field.${field}`);
  const schoolCountry = schools.find((school) => school.id === values.school_id)?.country;
  const withContractNo = paper || (country === 'de' && values.cno_type_id === 1);
  const noneChosen = t('conclusions.form.choose');
  return (
    <Section legend={t('conclusions.form.contract')}>
      <div className={styles.grid}>
        {country === 'de' && (
          <SelectField
            name="cno_type_id"
            label={label('cno_type_id')}
            required
            options={CONTRACT_NUMBER_TYPES.map((type) => ({ value: type, label: t(`conclusions.form.cno_type_${type}`) }))}
            placeholder={noneChosen}
            disabled={disabled}
          />
        )}
        {withContractNo && (
          <TextField name="contract_no" label={label('contract_no')} required maxLength={20} autoComplete="off" hint={contractNoHint} disabled={disabled} />
        )}
        <SelectField
          name="school_id"
          label={label('school_id')}
          required
          options={schools.map((school) => ({ value: school.id, label: school.name }))}
          placeholder={noneChosen}
          disabled={disabled}
        />
        <SelectField
          name="ec_contract_id"
          label={label('ec_contract_id')}
          required
          options={loaded.network_contracts
            .filter((contract) => schoolCountry !== undefined && contract.country_iso === schoolCountry)
            .map((contract) => ({ value: contract.id, label: contract.name }))}
          placeholder={noneChosen}
          hint={schoolCountry === undefined ? t('conclusions.form.school_first') : undefined}
          disabled={disabled}
        />
        <SelectField
          name="c_contract_id"
          label={label('c_contract_id')}
          required
          options={loaded.contracts.filter((contract) => contract.sid === values.school_id).map((contract) => ({ value: contract.id, label: contract.name }))}
          placeholder={noneChosen}
          disabled={disabled}
        />
        <SelectField
          name="account_id"
          label={label('account_id')}
          required
          options={accounts.filter((account) => account.school_id === values.school_id).map((account) => ({ value: account.id, label: account.name }))}
          placeholder={noneChosen}
          disabled={disabled}
        />
        <DateField name="contract_start" label={label('contract_start')} required disabled={disabled} />
        <SelectField
          name="payment_method_id"
          label={label('payment_method_id')}
          required
          options={PAYMENT_METHODS.map((method) => ({ value: method, label: t(`conclusions.form.payment_method_${method}`) }))}
          placeholder={noneChosen}
          disabled={disabled}
        />
      </div>
      <CheckboxGroupField
        legend={label('products')}
        name="products"
        required
        options={loaded.products.map((product) => ({ value: product, label: t(`student_enums.division.${product}`) }))}
        disabled={disabled}
      />
      <div className={styles.grid}>
        <CheckboxField name="new_app" label={label('new_app')} disabled={disabled} />
        <CheckboxField name="school_change" label={label('school_change')} disabled={disabled} />
        <CheckboxField name="reentry" label={label('reentry')} disabled={disabled} />
      </div>
      <TextAreaField name="annotation" label={label('annotation')} maxLength={2000} rows={3} disabled={disabled} />
    </Section>
  );
}

function SepaSection({ disabled }: { disabled: boolean }) {
  const { t } = useTranslation(NS);
  const countries = useStudentLabels();
  const { values } = useFormikContext<ConclusionFormValues>();
  const label = (field: string) => t(`conclusions.field.${field}`);
  return (
    <Section legend={t('conclusions.form.sepa')}>
      <div className={styles.grid}>
        <TextField name="sepa_name" label={label('sepa_name')} required maxLength={70} autoComplete="off" disabled={disabled} />
        <TextField name="co_street" label={label('street')} required maxLength={120} autoComplete="off" disabled={disabled} />
        <TextField name="co_house_no" label={label('house_no')} required maxLength={20} autoComplete="off" disabled={disabled} />
        <TextField name="co_zip" label={label('zip')} required maxLength={12} autoComplete="off" disabled={disabled} />
        <TextField name="co_city" label={label('city')} required maxLength={80} autoComplete="off" disabled={disabled} />
        <SelectField name="co_country_iso" label={label('co_country_iso')} required options={countries.countryOptions(values.co_country_iso)} placeholder={t('conclusions.form.choose')} disabled={disabled} />
        <IbanBicFields
          ibanName="sepa_iban"
          ibanLabel={label('sepa_iban')}
          bicName="sepa_bic"
          bicLabel={label('sepa_bic')}
          bankName="sepa_bank"
          bankLabel={label('sepa_bank')}
          lookup={lookupIban}
          required
          disabled={disabled}
        />
        <TextField name="sepa_mandate_ref" label={label('sepa_mandate_ref')} required maxLength={35} autoComplete="off" disabled={disabled} />
        <DateField name="sepa_date_mandate" label={label('sepa_date_mandate')} required disabled={disabled} />
      </div>
    </Section>
  );
}

function FormBody({ loaded, accounts, country, paper, disabled, contractNoHint }: ContractSectionProps) {
  const { t } = useTranslation(NS);
  const { values } = useFormikContext<ConclusionFormValues>();
  const label = (field: string) => t(`conclusions.field.${field}`);
  return (
    <>
      <Rules templates={loaded.contracts} accounts={accounts} />
      <ContractSection loaded={loaded} accounts={accounts} country={country} paper={paper} disabled={disabled} contractNoHint={contractNoHint} />
      <Section legend={t('conclusions.form.person')}>
        <ConclusionPersonFields prefix="" withSupplement={country === 'de'} disabled={disabled} />
      </Section>
      <Section legend={t('conclusions.form.sibling')}>
        <CheckboxField name="sibling" label={label('sibling')} disabled={disabled} />
        {values.sibling && (
          <div className={styles.grid}>
            <TextField name="sibling_firstname" label={label('sibling_firstname')} required maxLength={100} autoComplete="off" disabled={disabled} />
            <TextField name="sibling_lastname" label={label('sibling_lastname')} required maxLength={100} autoComplete="off" disabled={disabled} />
          </div>
        )}
      </Section>
      <Section legend={t('conclusions.form.guardian')}>
        <CheckboxField name="under_age" label={label('under_age')} disabled={disabled} />
        <CheckboxField name="iva" label={label('iva')} disabled={disabled} />
        {values.iva && <ConclusionPersonFields prefix="pt_" withSupplement={country === 'de'} disabled={disabled} />}
      </Section>
      <Section legend={t('conclusions.form.guardian2')}>
        <CheckboxField name="iva2" label={label('iva2')} disabled={disabled} />
        {values.iva2 && <ConclusionPersonFields prefix="pt2_" withSupplement={country === 'de'} disabled={disabled} />}
      </Section>
      {values.payment_method_id === PAYMENT_METHOD.sepa && <SepaSection disabled={disabled} />}
    </>
  );
}

/**
 * The "no bank account" and "no contract template" warnings with their buttons (spec 000 §2,
 * §5): for the chosen school, or for all the user's schools while none is chosen.
 */
function MissingSetup({ accounts, templates }: { accounts: AccountOption[] | null; templates: ConclusionDataResponse['contracts'] }) {
  const { t } = useTranslation(NS);
  const { values } = useFormikContext<ConclusionFormValues>();
  const ofSchool = <T,>(entries: T[], school: (entry: T) => number) =>
    values.school_id === null ? entries : entries.filter((entry) => school(entry) === values.school_id);
  return (
    <>
      {accounts !== null && ofSchool(accounts, (account) => account.school_id).length === 0 && (
        <div role="alert" className={styles.warning}>
          <span>{t('conclusions.form.no_account')}</span>
          <Link to="/m-conf/account/create" className={links.secondaryLink}>
            {t('conclusions.form.create_account')}
          </Link>
        </div>
      )}
      {ofSchool(templates, (template) => template.sid).length === 0 && (
        <div role="alert" className={styles.warning}>
          <span>{t('conclusions.form.no_template')}</span>
          <Link to="/m-conf/contract" className={links.secondaryLink}>
            {t('conclusions.form.create_template')}
          </Link>
        </div>
      )}
    </>
  );
}

/**
 * The regular and the paper conclusion form (spec 000 §2-5): contract, person, sibling,
 * guardian (iva), second guardian (iva2) and SEPA sections, validated with the shared
 * `conclusionSchema({ country, paper })` and the asynchronous contract-number check; the
 * rules of §4 apply while typing. Create posts once per submission (Idempotency-Key), edit
 * sends the version (409: the conflict notice). A person who is already a student (1005)
 * is saved after the user confirms it. Success: back to the list with 'save_succeeded'.
 */
export function ConclusionForm({ form, loaded, accounts, country }: ConclusionFormProps) {
  const { t } = useTranslation(NS);
  const navigate = useNavigate();
  const canWrite = useCan('conclusion_w');
  const submission = useSubmissionKey();
  const [submitState, setSubmitState] = useState(-1);
  const data = loaded.data;
  const editId = data.id ?? undefined;
  // A saved conclusion keeps its kind (Germany edits paper ones in the regular form).
  const paper = editId !== undefined ? data.po : form === 'lc';
  const schema = useMemo(() => conclusionSchema({ country, paper }), [country, paper]);
  const activated = data.activated_at !== null;
  const readOnly = !canWrite || activated;
  const contractNoCheck = useContractNumberCheck(editId !== undefined ? data.contract_no : null);
  const record = useRecordVersion<ConclusionFormValues & { version: number }>({ ...data, version: data.version ?? 1 }, async () => {
    const fresh = await getConclusionData({ id: editId ?? 0 });
    return { ...fresh.data, version: fresh.data.version ?? 1 };
  });
  const title = t(paper ? 'conclusions.form.title_paper' : 'conclusions.form.title_regular');

  const validate = async (values: ConclusionFormValues): Promise<FormikErrors<ConclusionFormValues>> => {
    let errors: FormikErrors<ConclusionFormValues> = {};
    try {
      await schema.validate(values, { abortEarly: false, stripUnknown: true });
    } catch (error) {
      errors = yupToFormErrors(error);
    }
    const checked = paper || (country === 'de' && values.cno_type_id === 1);
    if (checked && !errors.contract_no) {
      const message = await contractNoCheck.validate(values.contract_no);
      if (message) errors.contract_no = message;
    }
    return errors;
  };

  const save = async (body: ConclusionBody) => {
    if (editId !== undefined) record.saved(await updateConclusion(editId, body, record.version, paper));
    else await createConclusion(body, paper, submission.keyFor(body));
  };

  const submit = async (values: ConclusionFormValues, helpers: FormikHelpers<ConclusionFormValues>) => {
    if (readOnly) return;
    setSubmitState(-2);
    let body = toConclusionBody(values, schema);
    for (;;) {
      try {
        await save(body);
        break;
      } catch (error) {
        const code = await toErrorCode(error);
        if (editId !== undefined && record.handleSaveError(code)) {
          setSubmitState(-1);
          return;
        }
        if (code === ERROR.studentExists && !body.confirm_existing) {
          // The same person is a student of the school already: save only when the user says so.
          const confirmed = await confirmDialog({ message: 'errors.1005', title: `${NS}:conclusions.form.student_exists_title`, confirmLabel: `${NS}:conclusions.form.save_anyway` });
          if (confirmed) {
            body = { ...body, confirm_existing: true };
            continue;
          }
          setSubmitState(code);
          return;
        }
        const fields = await errorFields(error);
        if (fields) helpers.setErrors(fields as FormikErrors<ConclusionFormValues>);
        if (code === ERROR.contractNumberInUse) helpers.setFieldError('contract_no', `errors.${ERROR.contractNumberInUse}`);
        setSubmitState(SHOWN_CODES.includes(code) ? code : SAVE_FAILED);
        return;
      }
    }
    submission.reset();
    setSubmitState(0);
    toast.success('save_succeeded', { title: `${NS}:conclusions.title` });
    navigate(CONCLUSION_LIST);
  };

  const contractNoHint =
    contractNoCheck.status === 'checking' ? t('conclusions.form.cno_checking') : contractNoCheck.status === 'free' ? t('conclusions.form.cno_free') : undefined;

  return (
    <>
      {activated && (
        <p role="status" className={styles.warning}>
          {t('conclusions.form.activated_read_only')}
        </p>
      )}
      <FormikForm<ConclusionFormValues> initialValues={data} validate={validate} onSubmit={submit} ariaLabel={title} className={styles.form}>
        {!readOnly && <MissingSetup accounts={accounts} templates={loaded.contracts} />}
        <FormBody loaded={loaded} accounts={accounts ?? []} country={country} paper={paper} disabled={readOnly} contractNoHint={contractNoHint} />
        {editId !== undefined && (
          <ConflictNotice
            record={record}
            labels={{ firstname: t('conclusions.field.firstname'), lastname: t('conclusions.field.lastname'), contract_no: t('conclusions.field.contract_no') }}
          />
        )}
        <SubmitStateBox state={submitState} />
        <div className={styles.formActions}>
          <SubmitButton disabled={readOnly}>{t('conclusions.form.save')}</SubmitButton>
          <Link to={CONCLUSION_LIST} className={links.secondaryLink}>
            {t('conclusions.cancel')}
          </Link>
        </div>
      </FormikForm>
    </>
  );
}
