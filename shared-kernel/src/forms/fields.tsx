import { getIn, useFormikContext } from 'formik';
import type { HTMLInputTypeAttribute } from 'react';
import { useTranslation } from 'react-i18next';
import {
  centsToInputText,
  formatDate,
  formatDateTime,
  parseDisplayDate,
  parseDisplayDateTime,
  parseMoney,
} from 'shared-kernel';
import { BANKING_MSG, MSG, formatIban, normaliseIban, validateIban } from 'shared-kernel/contracts';
import { FieldFrame, type BaseFieldProps } from './field-frame.js';
import { useFieldA11y } from './use-field-a11y.js';
import { useParsedInput, type ParseResult } from './use-parsed-input.js';
import styles from './form-field.module.css';

function inputClass(extra?: string) {
  return [styles.input, extra].filter(Boolean).join(' ');
}

/** Props of {@link TextField}. */
export interface TextFieldProps extends BaseFieldProps {
  type?: Extract<HTMLInputTypeAttribute, 'text' | 'email' | 'tel' | 'url' | 'password' | 'search'>;
  autoComplete?: string;
  maxLength?: number;
  placeholder?: string;
}

/**
 * A labelled text input bound to a formik string field; shows the translated yup message.
 * @example <TextField name="ln" label={t('last_name')} required autoComplete="family-name" />
 */
export function TextField({ name, label, required, hint, disabled, className, type = 'text', ...rest }: TextFieldProps) {
  const formik = useFormikContext<Record<string, unknown>>();
  const a11y = useFieldA11y(name, Boolean(hint));
  const value = getIn(formik.values, name) as unknown;
  return (
    <FieldFrame a11y={a11y} label={label} required={required} hint={hint} className={className}>
      <input
        id={a11y.id}
        name={name}
        type={type}
        className={inputClass()}
        value={value === null || value === undefined ? '' : String(value)}
        onChange={formik.handleChange}
        onBlur={formik.handleBlur}
        disabled={disabled}
        aria-required={required || undefined}
        aria-invalid={Boolean(a11y.errorText)}
        aria-describedby={a11y.describedBy}
        {...rest}
      />
    </FieldFrame>
  );
}

/** Props of {@link TextAreaField}. */
export interface TextAreaFieldProps extends BaseFieldProps {
  rows?: number;
  maxLength?: number;
}

/** A labelled multi-line text input bound to a formik string field. */
export function TextAreaField({ name, label, required, hint, disabled, className, rows = 4, maxLength }: TextAreaFieldProps) {
  const formik = useFormikContext<Record<string, unknown>>();
  const a11y = useFieldA11y(name, Boolean(hint));
  const value = getIn(formik.values, name) as unknown;
  return (
    <FieldFrame a11y={a11y} label={label} required={required} hint={hint} className={className}>
      <textarea
        id={a11y.id}
        name={name}
        rows={rows}
        maxLength={maxLength}
        className={inputClass()}
        value={value === null || value === undefined ? '' : String(value)}
        onChange={formik.handleChange}
        onBlur={formik.handleBlur}
        disabled={disabled}
        aria-required={required || undefined}
        aria-invalid={Boolean(a11y.errorText)}
        aria-describedby={a11y.describedBy}
      />
    </FieldFrame>
  );
}

/** A choice of a {@link SelectField}; the value is stored as is (number, string, boolean). */
export interface SelectOption {
  value: string | number | boolean;
  label: string;
  disabled?: boolean;
}

/** Props of {@link SelectField}. */
export interface SelectFieldProps extends BaseFieldProps {
  options: SelectOption[];
  /** Text of the empty choice (value null); without it an empty choice shows only while nothing is chosen. */
  placeholder?: string;
}

/**
 * A labelled native select bound to a formik field; keeps number values numbers.
 * @example <SelectField name="status" label={t('status')} options={[{ value: 1, label: t('status_1') }]} />
 */
export function SelectField({ name, label, required, hint, disabled, className, options, placeholder }: SelectFieldProps) {
  const formik = useFormikContext<Record<string, unknown>>();
  const a11y = useFieldA11y(name, Boolean(hint));
  const value = getIn(formik.values, name) as unknown;
  const index = options.findIndex((option) => option.value === value);
  const showEmpty = placeholder !== undefined || index < 0;
  return (
    <FieldFrame a11y={a11y} label={label} required={required} hint={hint} className={className}>
      <select
        id={a11y.id}
        name={name}
        className={inputClass()}
        value={index < 0 ? '' : String(index)}
        onChange={(event) => {
          const chosen = event.target.value === '' ? null : options[Number(event.target.value)].value;
          void formik.setFieldValue(name, chosen, true);
        }}
        onBlur={() => void formik.setFieldTouched(name, true, true)}
        disabled={disabled}
        aria-required={required || undefined}
        aria-invalid={Boolean(a11y.errorText)}
        aria-describedby={a11y.describedBy}
      >
        {showEmpty && <option value="">{placeholder ?? ''}</option>}
        {options.map((option, optionIndex) => (
          <option key={String(option.value)} value={String(optionIndex)} disabled={option.disabled}>
            {option.label}
          </option>
        ))}
      </select>
    </FieldFrame>
  );
}

/** Props of {@link CheckboxField}. */
export interface CheckboxFieldProps extends BaseFieldProps {
  /** Stored when ticked (default true); e.g. 1 for wire flags. */
  checkedValue?: unknown;
  /** Stored when not ticked (default false); e.g. 0. */
  uncheckedValue?: unknown;
}

/** A labelled checkbox bound to a formik field (boolean, or the given values). */
export function CheckboxField({
  name,
  label,
  required,
  hint,
  disabled,
  className,
  checkedValue = true,
  uncheckedValue = false,
}: CheckboxFieldProps) {
  const formik = useFormikContext<Record<string, unknown>>();
  const a11y = useFieldA11y(name, Boolean(hint));
  const value = getIn(formik.values, name) as unknown;
  return (
    <div className={`${styles.field} ${className ?? ''}`}>
      <div className={styles.checkboxRow}>
        <input
          id={a11y.id}
          name={name}
          type="checkbox"
          className={styles.checkbox}
          checked={value === checkedValue}
          onChange={(event) => void formik.setFieldValue(name, event.target.checked ? checkedValue : uncheckedValue, true)}
          onBlur={() => void formik.setFieldTouched(name, true, true)}
          disabled={disabled}
          aria-required={required || undefined}
          aria-invalid={Boolean(a11y.errorText)}
          aria-describedby={a11y.describedBy}
        />
        <label htmlFor={a11y.id} className={styles.label}>
          {label}
        </label>
      </div>
      {hint && (
        <span id={a11y.hintId} className={styles.hint}>
          {hint}
        </span>
      )}
      {a11y.errorText && (
        <span id={a11y.errorId} className={styles.error}>
          {a11y.errorText}
        </span>
      )}
    </div>
  );
}

interface ParsedFieldProps extends BaseFieldProps {
  text: string;
  onText: (text: string) => void;
  onBlur: () => void;
  inputMode?: 'numeric' | 'decimal' | 'text';
  placeholder?: string;
  inputClassName?: string;
  autoComplete?: string;
}

function ParsedField({
  name,
  label,
  required,
  hint,
  disabled,
  className,
  text,
  onText,
  onBlur,
  inputMode,
  placeholder,
  inputClassName,
  autoComplete,
}: ParsedFieldProps) {
  const a11y = useFieldA11y(name, Boolean(hint));
  return (
    <FieldFrame a11y={a11y} label={label} required={required} hint={hint} className={className}>
      <input
        id={a11y.id}
        name={name}
        type="text"
        inputMode={inputMode}
        placeholder={placeholder}
        autoComplete={autoComplete ?? 'off'}
        className={inputClass(inputClassName)}
        value={text}
        onChange={(event) => onText(event.target.value)}
        onBlur={onBlur}
        disabled={disabled}
        aria-required={required || undefined}
        aria-invalid={Boolean(a11y.errorText)}
        aria-describedby={a11y.describedBy}
      />
    </FieldFrame>
  );
}

const parseDate = (text: string): ParseResult<string> => {
  if (text.trim() === '') return { ok: true, value: null };
  const iso = parseDisplayDate(text);
  return iso ? { ok: true, value: iso } : { ok: false, message: MSG.date };
};

/**
 * A date typed as DD.MM.YYYY; formik holds the wire date 'YYYY-MM-DD' (null when empty).
 * Impossible dates (31.02.) show 'form.invalid_date'.
 * @example <DateField name="dob" label={t('birthday')} required />
 */
export function DateField(props: BaseFieldProps) {
  const { t } = useTranslation('common');
  const input = useParsedInput<string>(props.name, (value) => formatDate(value), parseDate);
  return (
    <ParsedField
      {...props}
      hint={props.hint ?? t('ui.date_format_hint')}
      text={input.text}
      onText={input.onChange}
      onBlur={input.onBlur}
      inputMode="numeric"
      placeholder="TT.MM.JJJJ"
    />
  );
}

/** Props of {@link DateTimeField}. */
export interface DateTimeFieldProps extends BaseFieldProps {
  /** Show and accept seconds (DD.MM.YYYY HH:mm:ss). */
  withSeconds?: boolean;
}

/**
 * A date-time typed as DD.MM.YYYY HH:mm(:ss) in local time; formik holds an ISO 8601
 * timestamp with offset (null when empty).
 */
export function DateTimeField({ withSeconds = false, ...props }: DateTimeFieldProps) {
  const { t } = useTranslation('common');
  const input = useParsedInput<string>(
    props.name,
    (value) => formatDateTime(value, withSeconds),
    (text) => {
      if (text.trim() === '') return { ok: true, value: null };
      const iso = parseDisplayDateTime(text);
      return iso ? { ok: true, value: iso } : { ok: false, message: MSG.date };
    },
  );
  return (
    <ParsedField
      {...props}
      hint={props.hint ?? t('ui.date_time_format_hint')}
      text={input.text}
      onText={input.onChange}
      onBlur={input.onBlur}
      placeholder={withSeconds ? 'TT.MM.JJJJ HH:MM:SS' : 'TT.MM.JJJJ HH:MM'}
    />
  );
}

/** Props of {@link MoneyField}. */
export interface MoneyFieldProps extends BaseFieldProps {
  /** Currency shown in the label hint (default EUR). */
  currency?: string;
}

/**
 * An amount typed in euros ('1.234,56'); formik holds integer cents (null when empty).
 * More than two decimals or garbage show 'form.invalid_amount'.
 * @example <MoneyField name="amt" label={t('amount')} required />
 */
export function MoneyField({ currency = 'EUR', ...props }: MoneyFieldProps) {
  const { t } = useTranslation('common');
  const input = useParsedInput<number>(
    props.name,
    (cents) => centsToInputText(cents),
    (text) => {
      if (text.trim() === '') return { ok: true, value: null };
      const cents = parseMoney(text);
      return cents === null ? { ok: false, message: MSG.amount } : { ok: true, value: cents };
    },
  );
  return (
    <ParsedField
      {...props}
      label={`${props.label} (${currency === 'EUR' ? '€' : currency})`}
      hint={props.hint ?? t('ui.amount_hint')}
      text={input.text}
      onText={input.onChange}
      onBlur={input.onBlur}
      inputMode="decimal"
      inputClassName={styles.money}
    />
  );
}

/** Props of {@link IbanField}. */
export interface IbanFieldProps extends BaseFieldProps {
  /**
   * Called when the user leaves the field with a valid IBAN (normalised, no spaces): look up
   * the bank and fill the BIC (GET /api-conclusion/iban?v=… in the feature's api file).
   */
  onLookup?: (iban: string) => void;
}

/**
 * An IBAN input: shown in groups of four, stored normalised ('DE89370400440532013000'),
 * checked with mod 97 ('ui.invalid_iban'); a valid IBAN triggers `onLookup` on blur.
 * @example <IbanField name="sepa_iban" label="IBAN" onLookup={(iban) => lookupBic(iban).then((bic) => setFieldValue('sepa_bic', bic))} />
 */
export function IbanField({ onLookup, ...props }: IbanFieldProps) {
  const input = useParsedInput<string>(
    props.name,
    (value) => formatIban(value),
    (text) => {
      const iban = normaliseIban(text);
      if (iban === '') return { ok: true, value: null };
      return validateIban(iban) ? { ok: true, value: iban } : { ok: false, message: BANKING_MSG.iban, value: iban };
    },
  );
  return (
    <ParsedField
      {...props}
      text={input.text}
      onText={input.onChange}
      onBlur={() => {
        input.onBlur();
        const iban = normaliseIban(input.text);
        if (onLookup && iban !== '' && validateIban(iban)) onLookup(iban);
      }}
      inputClassName={styles.iban}
      autoComplete="off"
    />
  );
}
