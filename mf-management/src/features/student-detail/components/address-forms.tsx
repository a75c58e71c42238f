import { useFormikContext } from 'formik';
import { useTranslation } from 'react-i18next';
import { Button, SubmitStateBox } from 'shared-kernel';
import {
  invoiceAddressSchema,
  mainAddressSchema,
  type InvoiceAddress,
  type MainAddress,
  type Versioned,
} from 'shared-kernel/contracts';
import { ConflictNotice, FormikForm, SelectField, SubmitButton, TextField, type RecordVersion } from 'shared-kernel/forms';
import { getInvoiceAddress, getMainAddress, saveInvoiceAddress, saveMainAddress } from '../api/addresses.js';
import { useStudentLabels } from '../hooks/use-student-labels.js';
import { useVersionedSave } from '../hooks/use-versioned-save.js';
import { NS } from '../i18n.js';
import { pickSchemaFields } from '../utils/form-values.js';
import styles from './student-detail.module.css';

function AddressFields() {
  const { t } = useTranslation(NS);
  const labels = useStudentLabels();
  const { values } = useFormikContext<{ country_iso?: string | null }>();
  const label = (key: string) => t(`student_detail.address.${key}`);
  return (
    <>
      <TextField name="street" label={label('street')} required autoComplete="off" />
      <TextField name="house_no" label={label('house_no')} required autoComplete="off" />
      <TextField name="zip" label={label('zip')} required autoComplete="off" />
      <TextField name="city" label={label('city')} required autoComplete="off" />
      <SelectField name="country_iso" label={label('country')} required options={labels.countryOptions(values.country_iso)} />
    </>
  );
}

function FormButtons<R extends Versioned>({ state, record, onCancel }: { state: number; record: RecordVersion<R>; onCancel: () => void }) {
  const { t } = useTranslation(NS);
  const label = (key: string) => t(`student_detail.address.${key}`);
  const labels: Record<string, string> = {
    street: label('street'), house_no: label('house_no'), zip: label('zip'), city: label('city'), country_iso: label('country'),
    salutation_id: t('student_detail.personal.salutation'), title_id: t('student_detail.personal.title_field'),
    firstname: t('student_detail.personal.firstname'), lastname: t('student_detail.personal.lastname'), company: label('company'), email: label('email'),
  };
  return (
    <>
      <ConflictNotice record={record} labels={labels as Partial<Record<keyof R & string, string>>} />
      <SubmitStateBox state={state} />
      <div className={styles.formActions}>
        <SubmitButton>{t('student_detail.save')}</SubmitButton>
        <Button onClick={onCancel}>{t('common:ui.cancel')}</Button>
      </div>
    </>
  );
}

/** Props of the address forms. */
export interface AddressFormProps<T> {
  studentId: number;
  /** The address on file with its version, or null (a new invoice address). */
  initial: (T & Versioned) | null;
  /** Values a new address starts with (e.g. the main address's country). */
  defaults?: Partial<T>;
  onCancel: () => void;
  onSaved: () => void;
}

/** Edits the main address (type 1) with mainAddressSchema. */
export function MainAddressForm({ studentId, initial, defaults, onCancel, onSaved }: AddressFormProps<MainAddress>) {
  const { t } = useTranslation(NS);
  const { record, state, save } = useVersionedSave<Partial<MainAddress> & Versioned>(initial ?? { version: 1 }, async () => {
    const current = await getMainAddress(studentId);
    if (!current) throw new Error('student gone');
    return current;
  });
  return (
    <FormikForm<MainAddress>
      initialValues={pickSchemaFields<MainAddress>(mainAddressSchema, initial, defaults)}
      validationSchema={mainAddressSchema}
      ariaLabel={t('student_detail.address.main')}
      className={styles.form}
      onSubmit={async (values, helpers) => {
        const body = mainAddressSchema.cast(values, { stripUnknown: true }) as MainAddress;
        const outcome = await save((version) => saveMainAddress(studentId, body, version));
        if (outcome.ok) onSaved();
        else if (outcome.fields) helpers.setErrors(outcome.fields);
      }}
    >
      <div className={styles.formGrid}>
        <AddressFields />
      </div>
      <FormButtons state={state} record={record} onCancel={onCancel} />
    </FormikForm>
  );
}

/** Adds or edits the separate invoice address (type 2) with invoiceAddressSchema. */
export function InvoiceAddressForm({ studentId, initial, defaults, onCancel, onSaved }: AddressFormProps<InvoiceAddress>) {
  const { t } = useTranslation(NS);
  const labels = useStudentLabels();
  // No invoice address read: version 0 (the save creates it; 409 when someone else did meanwhile).
  const { record, state, save } = useVersionedSave<Partial<InvoiceAddress> & Versioned>(
    initial ?? { version: 0 },
    async () => (await getInvoiceAddress(studentId)) ?? { version: 0 },
  );
  const label = (key: string) => t(`student_detail.address.${key}`);
  return (
    <FormikForm<InvoiceAddress>
      initialValues={pickSchemaFields<InvoiceAddress>(invoiceAddressSchema, initial, defaults)}
      validationSchema={invoiceAddressSchema}
      ariaLabel={t('student_detail.address.invoice')}
      className={styles.form}
      onSubmit={async (values, helpers) => {
        const body = invoiceAddressSchema.cast(values, { stripUnknown: true }) as InvoiceAddress;
        const outcome = await save((version) => saveInvoiceAddress(studentId, body, version));
        if (outcome.ok) onSaved();
        else if (outcome.fields) helpers.setErrors(outcome.fields);
      }}
    >
      <div className={styles.formGrid}>
        <SelectField name="salutation_id" label={t('student_detail.personal.salutation')} required options={labels.salutationOptions} />
        <SelectField
          name="title_id"
          label={t('student_detail.personal.title_field')}
          options={labels.titleOptions}
          placeholder={t('student_detail.none')}
        />
        <TextField name="firstname" label={t('student_detail.personal.firstname')} autoComplete="off" />
        <TextField name="lastname" label={t('student_detail.personal.lastname')} required autoComplete="off" />
        <TextField name="company" label={label('company')} autoComplete="off" />
        <AddressFields />
        <TextField name="email" type="email" label={label('email')} autoComplete="off" />
      </div>
      <FormButtons state={state} record={record} onCancel={onCancel} />
    </FormikForm>
  );
}
