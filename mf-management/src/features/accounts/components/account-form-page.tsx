import { yupToFormErrors, type FormikErrors, type FormikHelpers } from 'formik';
import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useNavigate, useParams } from 'react-router';
import { PageHeader, parseRouteId, toast, toErrorCode, errorFields, ErrorPanel, Spinner, SubmitStateBox, useCan, useRequest, useSchoolFilter } from 'shared-kernel';
import { ACCOUNT_CREDITOR_MAX, ACCOUNT_NAME_MAX, PAIN_VERSIONS, accountSchema, type AccountData, type AccountForm } from 'shared-kernel/contracts';
import { CheckboxField, ConflictNotice, FormikForm, IbanBicFields, SelectField, SubmitButton, TextField, useRecordVersion, useSubmissionKey } from 'shared-kernel/forms';
import { createAccount, getAccount, lookupIban, updateAccount } from '../api/accounts.js';
import { NS } from '../i18n.js';
import links from '../../settings-links.module.css';
import styles from './accounts.module.css';

const LIST = '/m-conf/account';

const EMPTY: AccountData = { id: 0, school_id: 0, name: '', sepa_name: '', sepa_ci: '', sepa_iban: '', sepa_bic: '', sepa_bank: '', is_main: false, sepa_pain_version: 'pain.008.001.08', currency: 'EUR', version: 1 };

/** The form's values: the wire form (school null until chosen). */
type AccountValues = Omit<AccountForm, 'school_id'> & { school_id: number | null };

function toValues(account: AccountData | null, schoolId: number | null): AccountValues {
  if (!account) return { school_id: schoolId, name: '', sepa_name: '', sepa_ci: '', sepa_iban: '', sepa_bic: '', sepa_bank: '', is_main: false, sepa_pain_version: 'pain.008.001.08' };
  const { id: _id, currency: _currency, version: _version, ...form } = account;
  return form;
}

/**
 * The bank account form (spec 001 §3, §5): school (fixed once saved), name, creditor, creditor
 * id (checked), IBAN (checked; leaving it looks up the BIC and bank), BIC, bank, main flag.
 * Edit saves with the record version (409: the conflict notice). Read-only without s_account_w.
 */
function AccountFormView({ loaded }: { loaded: AccountData | null }) {
  const { t } = useTranslation(NS);
  const navigate = useNavigate();
  const canWrite = useCan('s_account_w');
  const reasonId = useId();
  const { schools, selectedIds } = useSchoolFilter();
  const [submitState, setSubmitState] = useState(-1);
  const editId = loaded?.id;
  const record = useRecordVersion<AccountData>(loaded ?? EMPTY, () => getAccount(editId ?? 0));
  // One key per submission of the same values: a second click or a retry saves one account.
  const submission = useSubmissionKey();
  const readOnly = !canWrite;
  // The schools in view (the API refuses others); the one school preselected when there is one.
  const offered = useMemo(() => schools.filter((school) => selectedIds.length === 0 || selectedIds.includes(school.id)), [schools, selectedIds]);
  // Taken once: a later school-filter switch must not reset the form.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const initialValues = useMemo(() => toValues(loaded, offered.length === 1 ? offered[0]!.id : null), [loaded]);

  const validate = async (values: AccountValues): Promise<FormikErrors<AccountValues>> => {
    try {
      await accountSchema.validate(values, { abortEarly: false });
      return {};
    } catch (error) {
      return yupToFormErrors(error);
    }
  };

  const submit = async (values: AccountValues, helpers: FormikHelpers<AccountValues>) => {
    if (readOnly) return;
    setSubmitState(-2);
    try {
      const body = accountSchema.cast(values) as AccountForm;
      if (editId !== undefined) record.saved(await updateAccount(editId, body, record.version));
      else await createAccount(body, submission.keyFor(body));
      setSubmitState(0);
      toast.success('save_succeeded', { title: `${NS}:accounts.title` });
      navigate(LIST);
    } catch (error) {
      const code = await toErrorCode(error);
      // Saved by someone else meanwhile: the conflict notice takes over, the entries stay.
      if (editId !== undefined && record.handleSaveError(code)) {
        setSubmitState(-1);
        return;
      }
      const fields = await errorFields(error);
      if (fields) helpers.setErrors(fields as FormikErrors<AccountValues>);
      setSubmitState(code);
    }
  };

  const title = t(editId !== undefined ? 'accounts.form_title_edit' : 'accounts.form_title_create');
  return (
    <FormikForm<AccountValues> initialValues={initialValues} validate={validate} onSubmit={submit} ariaLabel={title} className={styles.form}>
      <SelectField
        name="school_id"
        label={t('accounts.field.school_id')}
        required
        placeholder={t('accounts.choose_school')}
        options={(editId !== undefined ? schools : offered).map((school) => ({ value: school.id, label: school.name }))}
        hint={editId !== undefined ? t('accounts.school_fixed') : undefined}
        disabled={readOnly || editId !== undefined}
      />
      <TextField name="name" label={t('accounts.field.name')} required maxLength={ACCOUNT_NAME_MAX} disabled={readOnly} />
      <TextField name="sepa_name" label={t('accounts.field.sepa_name')} required maxLength={ACCOUNT_CREDITOR_MAX} disabled={readOnly} />
      <TextField name="sepa_ci" label={t('accounts.field.sepa_ci')} hint={t('accounts.ci_hint')} maxLength={40} autoComplete="off" disabled={readOnly} />
      <IbanBicFields
        ibanName="sepa_iban"
        ibanLabel={t('accounts.field.sepa_iban')}
        bicName="sepa_bic"
        bicLabel={t('accounts.field.sepa_bic')}
        bankName="sepa_bank"
        bankLabel={t('accounts.field.sepa_bank')}
        lookup={lookupIban}
        required
        disabled={readOnly}
      />
      <CheckboxField name="is_main" label={t('accounts.field.is_main')} hint={t('accounts.main_hint')} disabled={readOnly} />
      <SelectField
        name="sepa_pain_version"
        label={t('accounts.field.sepa_pain_version')}
        hint={t('accounts.pain_hint')}
        options={PAIN_VERSIONS.map((version) => ({ value: version, label: version }))}
        disabled={readOnly}
      />
      {editId !== undefined && (
        <ConflictNotice
          record={record}
          labels={{ name: t('accounts.field.name'), sepa_name: t('accounts.field.sepa_name'), sepa_iban: t('accounts.field.sepa_iban'), is_main: t('accounts.field.is_main') }}
        />
      )}
      <div className={styles.formActions}>
        <SubmitButton disabled={readOnly} aria-describedby={readOnly ? reasonId : undefined}>
          {t('accounts.save')}
        </SubmitButton>
        <Link to={LIST} className={links.secondaryLink}>
          {t('accounts.cancel')}
        </Link>
      </div>
      {readOnly && (
        <p id={reasonId} className={styles.reason}>
          {t('accounts.no_write_permission')}
        </p>
      )}
      <SubmitStateBox state={submitState} />
    </FormikForm>
  );
}

function LoadedAccount({ accountId }: { accountId: number }) {
  const { state, data, reload } = useRequest((signal) => getAccount(accountId, signal), [accountId]);
  if (state > 0) return <ErrorPanel code={state} onRetry={reload} />;
  if (!data) return <Spinner showLabel />;
  return <AccountFormView loaded={data} />;
}

/** /m-conf/account/create and /m-conf/account/edit/{id}; a bad id goes back to the list. */
export function AccountFormPage({ mode }: { mode: 'create' | 'edit' }) {
  const { t } = useTranslation(NS);
  const { id } = useParams();
  const accountId = parseRouteId(id) ?? 0;
  if (mode === 'edit' && accountId < 1) return <Navigate to={LIST} replace />;
  return (
    <>
      <PageHeader title={t(`accounts.form_title_${mode}`)} />
      {mode === 'create' ? <AccountFormView loaded={null} /> : <LoadedAccount key={accountId} accountId={accountId} />}
    </>
  );
}
