import { useEffect, useRef } from 'react';
import { useFormikContext, type FormikHelpers } from 'formik';
import { useTranslation } from 'react-i18next';
import { SubmitStateBox } from 'shared-kernel';
import {
  CONTRACT_PACK_SIZE,
  SHIPPING_COUNTRIES,
  contractRequestSchema,
  type ContractRequestForm,
  type ShippingAddress,
} from 'shared-kernel/contracts';
import { CheckboxField, FormikForm, SelectField, SubmitButton, TextField } from 'shared-kernel/forms';
import { NS } from '../../../i18n.js';
import styles from '../../../app/request-pages.module.css';

/** The form's values: numbers as typed (text) until the schema casts them, no school chosen yet as null. */
export interface ContractRequestValues extends ShippingAddress {
  amount: string;
  kid_cert_amount: string;
  school: number | null;
  save_shipping: boolean;
}

const EMPTY_ADDRESS: ShippingAddress = {
  firstname: '',
  lastname: '',
  supplement: '',
  street: '',
  house_no: '',
  zip: '',
  city: '',
  supplement_location: '',
  country_iso: '' as ShippingAddress['country_iso'],
};

/** Fresh values for `school`, its saved shipping address filled in. */
export function startValues(school: number | null, shipping: Record<string, ShippingAddress>): ContractRequestValues {
  const saved = school === null ? undefined : shipping[String(school)];
  return { amount: '', kid_cert_amount: '0', school, ...EMPTY_ADDRESS, ...saved, save_shipping: false };
}

/** The wire form of the values (numbers cast, texts trimmed as the server stores them). */
export function toContractRequest(values: ContractRequestValues): ContractRequestForm {
  return contractRequestSchema.cast(values) as ContractRequestForm;
}

/** When another school is chosen, its saved shipping address replaces the address fields. */
function ShippingDefaults({ shipping }: { shipping: Record<string, ShippingAddress> }) {
  const { values, setValues } = useFormikContext<ContractRequestValues>();
  const school = useRef(values.school);
  useEffect(() => {
    if (values.school === school.current) return;
    school.current = values.school;
    const saved = values.school === null ? undefined : shipping[String(values.school)];
    if (saved) void setValues({ ...values, ...saved }, false);
  }, [values, shipping, setValues]);
  return null;
}

export interface ContractRequestFormProps {
  initialValues: ContractRequestValues;
  schools: { id: number; name: string }[];
  shipping: Record<string, ShippingAddress>;
  submitState: number;
  onSubmit: (values: ContractRequestValues, helpers: FormikHelpers<ContractRequestValues>) => Promise<void>;
}

/**
 * The contract request (spec 002 §2.15, §5): packs of 20, children's certificates, school and
 * shipping address (all required but the supplements); "save as default" stores the address
 * for the school, and choosing a school fills in the address saved for it.
 */
export function ContractRequestFormView({ initialValues, schools, shipping, submitState, onSubmit }: ContractRequestFormProps) {
  const { t } = useTranslation(NS);
  const sending = submitState === -2;
  return (
    <FormikForm<ContractRequestValues>
      initialValues={initialValues}
      validationSchema={contractRequestSchema}
      onSubmit={onSubmit}
      enableReinitialize
      ariaLabel={t('contract_request.form')}
      className={styles.form}
    >
      <ShippingDefaults shipping={shipping} />
      <h2 className={styles.sectionTitle}>{t('contract_request.form')}</h2>
      <div className={styles.grid}>
        <TextField name="amount" label={t('contract_request.amount')} hint={t('contract_request.amount_hint', { size: CONTRACT_PACK_SIZE })} required disabled={sending} />
        <TextField name="kid_cert_amount" label={t('contract_request.kid_cert_amount')} required disabled={sending} />
        <SelectField
          name="school"
          label={t('contract_request.school')}
          required
          placeholder={t('contract_request.choose')}
          options={schools.map((school) => ({ value: school.id, label: school.name }))}
          disabled={sending}
        />
      </div>
      <fieldset className={styles.fieldset}>
        <legend>{t('contract_request.shipping')}</legend>
        <div className={styles.grid}>
          <TextField name="firstname" label={t('contract_request.firstname')} required maxLength={100} autoComplete="given-name" disabled={sending} />
          <TextField name="lastname" label={t('contract_request.lastname')} required maxLength={100} autoComplete="family-name" disabled={sending} />
          <TextField name="supplement" label={t('contract_request.supplement')} maxLength={200} disabled={sending} />
          <TextField name="street" label={t('contract_request.street')} required maxLength={200} autoComplete="address-line1" disabled={sending} />
          <TextField name="house_no" label={t('contract_request.house_no')} required maxLength={30} disabled={sending} />
          <TextField name="supplement_location" label={t('contract_request.supplement_location')} maxLength={200} disabled={sending} />
          <TextField name="zip" label={t('contract_request.zip')} required maxLength={10} autoComplete="postal-code" disabled={sending} />
          <TextField name="city" label={t('contract_request.city')} required maxLength={100} autoComplete="address-level2" disabled={sending} />
          <SelectField
            name="country_iso"
            label={t('contract_request.country_iso')}
            required
            placeholder={t('contract_request.choose')}
            options={SHIPPING_COUNTRIES.map((code) => ({ value: code, label: t(`contract_request.country.${code}`) }))}
            disabled={sending}
          />
        </div>
        <CheckboxField name="save_shipping" label={t('contract_request.save_shipping')} disabled={sending} />
      </fieldset>
      <SubmitStateBox state={submitState} busyKey={`${NS}:contract_request.sending`} />
      <div className={styles.buttons}>
        <SubmitButton>{t('contract_request.send')}</SubmitButton>
      </div>
    </FormikForm>
  );
}
