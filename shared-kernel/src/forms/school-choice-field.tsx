import { getIn, useFormikContext } from 'formik';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { SchoolRef } from 'shared-kernel/contracts';
import styles from './choice-group.module.css';

/**
 * The translated error of a group of inputs (radios, checkboxes) once it was touched or the
 * form submitted; yup messages are keys of namespace common.
 */
export function useGroupError(name: string): string | null {
  const { t } = useTranslation('common');
  const formik = useFormikContext<Record<string, unknown>>();
  const error: unknown = getIn(formik.errors, name);
  const shown = Boolean(getIn(formik.touched, name)) || formik.submitCount > 0;
  return shown && typeof error === 'string' && error !== '' ? t(error) : null;
}

export interface SchoolChoiceFieldProps {
  /** The group's visible name (legend). */
  legend: string;
  /** The schools offered (the user's own). */
  schools: readonly SchoolRef[];
  /** The formik field holding the chosen school ids (number[]); default 'schools'. */
  name?: string;
  disabled?: boolean;
  /**
   * Label of a chosen school the user does not see (kept chosen and listed by number, so
   * saving does not drop another school's assignment). Without it such ids stay chosen but
   * unlisted.
   */
  unknownSchoolLabel?: (id: number) => string;
}

/** A choice of a {@link CheckboxGroupField}. */
export interface CheckboxGroupOption {
  value: number;
  label: string;
}

/** Props of {@link CheckboxGroupField}. */
export interface CheckboxGroupFieldProps {
  /** The group's visible name (legend). */
  legend: string;
  /** The formik field holding the chosen values (number[], kept sorted). */
  name: string;
  options: readonly CheckboxGroupOption[];
  /** Shows the required star (the form's yup schema decides validity). */
  required?: boolean;
  disabled?: boolean;
}

/**
 * A group of checkboxes choosing numbers (school ids, products ...): one labelled checkbox per
 * option in a fieldset named by its legend, the group's error described on it.
 */
export function CheckboxGroupField({ legend, name, options, required = false, disabled = false }: CheckboxGroupFieldProps) {
  const formik = useFormikContext<Record<string, unknown>>();
  const errorId = useId();
  const error = useGroupError(name);
  const chosen = (getIn(formik.values, name) as number[] | undefined) ?? [];
  const toggle = (value: number, checked: boolean) => {
    const next = checked ? [...chosen, value].sort((a, b) => a - b) : chosen.filter((entry) => entry !== value);
    void formik.setFieldValue(name, next, true);
    void formik.setFieldTouched(name, true, false);
  };

  return (
    // A plain group takes no aria-required/aria-invalid (ARIA): the legend's star says
    // required, the checkboxes carry aria-invalid and the message is described here.
    <fieldset className={styles.group} aria-describedby={error ? errorId : undefined}>
      <legend>
        {legend}
        {required && (
          <span className={styles.required} aria-hidden="true">
            *
          </span>
        )}
      </legend>
      {options.map((option) => (
        <label key={option.value} className={styles.choice}>
          <input
            type="checkbox"
            name={name}
            value={option.value}
            checked={chosen.includes(option.value)}
            disabled={disabled}
            aria-invalid={Boolean(error)}
            onChange={(event) => toggle(option.value, event.target.checked)}
          />
          {option.label}
        </label>
      ))}
      {error && (
        <span id={errorId} className={styles.error}>
          {error}
        </span>
      )}
    </fieldset>
  );
}

/**
 * A required choice of schools (at least one; the form's yup schema says so): one checkbox
 * per school, ids kept sorted. Used wherever a record is assigned to schools (news, albums,
 * templates, users).
 */
export function SchoolChoiceField({ legend, schools, name = 'schools', disabled = false, unknownSchoolLabel }: SchoolChoiceFieldProps) {
  const formik = useFormikContext<Record<string, unknown>>();
  const chosen = (getIn(formik.values, name) as number[] | undefined) ?? [];
  const known = new Set(schools.map((school) => school.id));
  const options = [
    ...schools.map((school) => ({ value: school.id, label: school.name })),
    ...(unknownSchoolLabel ? chosen.filter((id) => !known.has(id)).map((id) => ({ value: id, label: unknownSchoolLabel(id) })) : []),
  ];
  return <CheckboxGroupField legend={legend} name={name} options={options} required disabled={disabled} />;
}
