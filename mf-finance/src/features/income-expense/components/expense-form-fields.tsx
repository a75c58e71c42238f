import { useTranslation } from 'react-i18next';
import { useSessionStore } from 'shared-kernel';
import { DateField, MoneyField, SelectField, TextAreaField, TextField } from 'shared-kernel/forms';
import { NS } from '../../../i18n.js';
import type { CategoryOption } from '../hooks/use-category-options.js';
import { useItemFormContext } from './item-form-context.js';
import styles from './item-form-page.module.css';

/** The expense fields (spec 002 §2.6, §5): school, name, category, date, amount, tax percent, annotation. */
export function ExpenseFormFields({ categories }: { categories: CategoryOption[] }) {
  const { t } = useTranslation(NS);
  const { readOnly, schoolOptions } = useItemFormContext();
  const currency = useSessionStore((session) => session.appState?.currency ?? 'EUR');
  return (
    <>
      <SelectField name="school_id" label={t('item.school')} required options={schoolOptions} disabled={readOnly} />
      <TextField name="name" label={t('item.name')} required maxLength={200} disabled={readOnly} />
      <SelectField name="expense_cat_id" label={t('item.category')} required options={categories} disabled={readOnly} />
      <DateField name="payment_date" label={t('item.payment_date')} required disabled={readOnly} />
      <MoneyField name="amount" label={t('item.amount')} required currency={currency} disabled={readOnly} />
      <TextField name="tax_percent" label={t('item.tax_percent')} hint={t('item.tax_percent_hint')} required maxLength={6} disabled={readOnly} />
      <TextAreaField name="annotation" label={t('item.annotation')} maxLength={1000} rows={3} className={styles.wide} disabled={readOnly} />
    </>
  );
}
