import { useFormikContext } from 'formik';
import { useTranslation } from 'react-i18next';
import { DateField, SelectField, TextField } from 'shared-kernel/forms';
import { useStudentLabels } from '../../student-detail/hooks/use-student-labels.js';
import { NS } from '../i18n.js';
import type { ConclusionFormValues } from '../utils/conclusion-form-values.js';
import styles from './conclusions.module.css';

/** Props of {@link ConclusionPersonFields}. */
export interface ConclusionPersonFieldsProps {
  /** '' for the person, 'pt_' for the payer/guardian (iva), 'pt2_' for the second guardian (iva2). */
  prefix: '' | 'pt_' | 'pt2_';
  /** Germany: the name supplement. */
  withSupplement: boolean;
  disabled: boolean;
}

/**
 * Name, address and contacts of the person or of a guardian (spec 000 §3); the person also
 * has birth date and nationality. Required marks as spec 000 §5 says (the schema decides).
 */
export function ConclusionPersonFields({ prefix, withSupplement, disabled }: ConclusionPersonFieldsProps) {
  const { t } = useTranslation(NS);
  const labels = useStudentLabels();
  const { values } = useFormikContext<ConclusionFormValues>();
  const name = (field: string) => `${prefix}${field}`;
  const label = (field: string) => t(`conclusions.field.${field}`);
  const country = (values as unknown as Record<string, string | null>)[name('country_iso')];
  return (
    <div className={styles.grid}>
      <SelectField name={name('salutation_id')} label={label('salutation_id')} required options={labels.salutationOptions} disabled={disabled} />
      <SelectField name={name('title_id')} label={label('title_id')} options={labels.titleOptions} placeholder={t('conclusions.form.none')} disabled={disabled} />
      <TextField name={name('firstname')} label={label('firstname')} required maxLength={100} autoComplete="off" disabled={disabled} />
      <TextField name={name('lastname')} label={label('lastname')} required maxLength={100} autoComplete="off" disabled={disabled} />
      {withSupplement && <TextField name={name('supplement')} label={label('supplement')} maxLength={100} autoComplete="off" disabled={disabled} />}
      <TextField name={name('street')} label={label('street')} required maxLength={120} autoComplete="off" disabled={disabled} />
      <TextField name={name('house_no')} label={label('house_no')} required maxLength={20} autoComplete="off" disabled={disabled} />
      <TextField name={name('zip')} label={label('zip')} required maxLength={12} autoComplete="off" disabled={disabled} />
      <TextField name={name('city')} label={label('city')} required maxLength={80} autoComplete="off" disabled={disabled} />
      <SelectField name={name('country_iso')} label={label('country_iso')} required options={labels.countryOptions(country)} disabled={disabled} />
      <TextField name={name('email')} label={label('email')} type="email" maxLength={200} autoComplete="off" disabled={disabled} />
      <TextField name={name('phone_regular')} label={label('phone_regular')} type="tel" maxLength={40} autoComplete="off" disabled={disabled} />
      <TextField name={name('phone_cellphone')} label={label('phone_cellphone')} type="tel" maxLength={40} autoComplete="off" disabled={disabled} />
      {prefix === '' && <DateField name="birthdate" label={label('birthdate')} required disabled={disabled} />}
      {prefix === '' && <TextField name="nationality" label={label('nationality')} maxLength={60} autoComplete="off" disabled={disabled} />}
    </div>
  );
}
