import { useFormikContext } from 'formik';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useSessionStore } from 'shared-kernel';
import { CUSTOM_PAYMENT_CATEGORY, PAYMENT_METHODS, type AccountOption } from 'shared-kernel/contracts';
import { DateField, MoneyField, SelectField, TextAreaField, TextField, formatIban } from 'shared-kernel/forms';
import { NS } from '../../../i18n.js';
import type { CategoryOption } from '../hooks/use-category-options.js';
import { needsAccount, type IncomeFormValues } from '../utils/income-form-values.js';
import { useItemFormContext } from './item-form-context.js';
import styles from './item-form-page.module.css';

/**
 * The income fields (spec 002 §2.6, §5): school, category (a custom name for category 1),
 * method, the account only for methods 1 and 2 (accounts of the chosen school), date, amount,
 * optional tax percent, annotation.
 */
export function IncomeFormFields({ categories, accounts }: { categories: CategoryOption[]; accounts: AccountOption[] }) {
  const { t } = useTranslation(NS);
  const { readOnly, schoolOptions } = useItemFormContext();
  const currency = useSessionStore((session) => session.appState?.currency ?? 'EUR');
  const { values, setFieldValue } = useFormikContext<IncomeFormValues>();
  const withAccount = needsAccount(values.payment_method_id);

  const schoolAccounts = useMemo(
    () => accounts.filter((account) => account.school_id === values.school_id),
    [accounts, values.school_id],
  );

  // The account belongs to the school: after a change of school or method, an account of
  // another school gives way to the school's main (or only) account.
  useEffect(() => {
    if (readOnly || !withAccount) return;
    const current = values.account_id;
    if (current !== null && schoolAccounts.some((account) => account.id === current)) return;
    const preferred = schoolAccounts.find((account) => account.is_main) ?? (schoolAccounts.length === 1 ? schoolAccounts[0] : undefined);
    const next = preferred?.id ?? null;
    if (next !== current) void setFieldValue('account_id', next, false);
  }, [readOnly, withAccount, values.account_id, schoolAccounts, setFieldValue]);

  const methodOptions = useMemo(
    () => PAYMENT_METHODS.map((id) => ({ value: id, label: t(`payment_method.${id}`) })),
    [t],
  );
  const accountOptions = useMemo(
    () => schoolAccounts.map((account) => ({ value: account.id, label: `${account.name} (${formatIban(account.sepa_iban)})` })),
    [schoolAccounts],
  );

  return (
    <>
      <SelectField name="school_id" label={t('item.school')} required options={schoolOptions} disabled={readOnly} />
      <SelectField name="payment_cat_id" label={t('item.category')} required options={categories} disabled={readOnly} />
      {values.payment_cat_id === CUSTOM_PAYMENT_CATEGORY && (
        <TextField
          name="custom_category"
          label={t('item.custom_category')}
          hint={t('item.custom_category_hint')}
          maxLength={100}
          disabled={readOnly}
        />
      )}
      <SelectField name="payment_method_id" label={t('item.method')} required options={methodOptions} disabled={readOnly} />
      {withAccount && (
        <SelectField
          name="account_id"
          label={t('item.account')}
          required
          options={accountOptions}
          hint={values.school_id !== null && accountOptions.length === 0 ? t('item.no_accounts') : undefined}
          disabled={readOnly}
        />
      )}
      <DateField name="payment_date" label={t('item.payment_date')} required disabled={readOnly} />
      <MoneyField name="amount" label={t('item.amount')} required currency={currency} disabled={readOnly} />
      <TextField name="tax_percent" label={t('item.tax_percent')} hint={t('item.tax_percent_hint')} maxLength={6} disabled={readOnly} />
      <TextAreaField name="annotation" label={t('item.annotation')} maxLength={1000} rows={3} className={styles.wide} disabled={readOnly} />
    </>
  );
}
