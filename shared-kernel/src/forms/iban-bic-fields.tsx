import { getIn, useFormikContext } from 'formik';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { IbanLookup } from 'shared-kernel/contracts';
import { IbanField, TextField } from './fields.js';
import styles from './form-field.module.css';

/** Props of {@link IbanBicFields}. */
export interface IbanBicFieldsProps {
  /** Formik field of the IBAN (stored normalised: 'DE89370400440532013000'). */
  ibanName: string;
  ibanLabel: string;
  /** Formik field of the BIC, filled by the lookup. */
  bicName: string;
  bicLabel: string;
  /** Formik field of the bank name, when the form has one; filled by the lookup too. */
  bankName?: string;
  bankLabel?: string;
  /**
   * Looks a valid IBAN up: the feature's api function for GET /api-conclusion/iban?v=
   * (components never call the server themselves).
   */
  lookup: (iban: string) => Promise<IbanLookup>;
  /** Marks the IBAN, BIC and bank as required (the form's yup schema decides validity). */
  required?: boolean;
  disabled?: boolean;
}

/**
 * IBAN, BIC (and bank) of a SEPA form: the IBAN input normalises and checks the IBAN; leaving
 * it with a valid IBAN looks the bank code up and fills the BIC and the bank. The BIC and bank
 * inputs show once a lookup ran (or when they hold a value, e.g. on edit); when the bank is not
 * found they stay editable with a hint. A value the user typed is never overwritten by an empty
 * answer; a value an earlier lookup filled in is cleared when the new IBAN's bank is unknown.
 * @example
 * <IbanBicFields ibanName="sepa_iban" ibanLabel="IBAN" bicName="sepa_bic" bicLabel="BIC"
 *   bankName="sepa_bank" bankLabel={t('bank')} lookup={lookupIban} required />
 */
export function IbanBicFields({ ibanName, ibanLabel, bicName, bicLabel, bankName, bankLabel, lookup, required, disabled }: IbanBicFieldsProps) {
  const { t } = useTranslation('common');
  const formik = useFormikContext<Record<string, unknown>>();
  // The values as of now, not of the render the blur happened in (the answer comes later).
  const values = useRef(formik.values);
  values.current = formik.values;
  const valueOf = (name: string | undefined) => (name ? String(getIn(values.current, name) ?? '') : '');
  const [looked, setLooked] = useState(false);
  const [notFound, setNotFound] = useState(false);
  const [busy, setBusy] = useState(false);
  // What the last lookup filled in, so a later one may replace it but never what the user typed.
  const filled = useRef<{ bic: string; bank: string }>({ bic: '', bank: '' });
  // Answers of an older lookup (the user left the field twice) are dropped.
  const latest = useRef(0);

  const fill = (name: string | undefined, found: string, key: 'bic' | 'bank') => {
    if (!name) return;
    const current = valueOf(name);
    if (found !== '') {
      void formik.setFieldValue(name, found, true);
      filled.current[key] = found;
    } else if (current !== '' && current === filled.current[key]) {
      void formik.setFieldValue(name, '', true);
      filled.current[key] = '';
    }
  };

  const onLookup = async (iban: string) => {
    const request = ++latest.current;
    setBusy(true);
    let answer: IbanLookup | null;
    try {
      answer = await lookup(iban);
    } catch {
      answer = null; // the hint asks for the BIC; nothing filled in is touched
    }
    if (request !== latest.current) return;
    setBusy(false);
    setLooked(true);
    if (answer) {
      fill(bicName, answer.bic, 'bic');
      fill(bankName, answer.bank, 'bank');
    }
    setNotFound(!answer || answer.bic === '');
  };

  const shown = looked || valueOf(bicName) !== '' || valueOf(bankName) !== '';
  return (
    <>
      <IbanField name={ibanName} label={ibanLabel} required={required} disabled={disabled} onLookup={(iban) => void onLookup(iban)} />
      <div aria-live="polite" aria-busy={busy || undefined}>
        {notFound && <p className={styles.hint}>{t('ui.iban_lookup_failed')}</p>}
      </div>
      {shown && (
        <>
          <TextField name={bicName} label={bicLabel} required={required} disabled={disabled} maxLength={11} autoComplete="off" />
          {bankName && <TextField name={bankName} label={bankLabel ?? bankName} required={required} disabled={disabled} maxLength={100} autoComplete="off" />}
        </>
      )}
    </>
  );
}
