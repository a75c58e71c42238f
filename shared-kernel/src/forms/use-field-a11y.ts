import { getIn, useFormikContext } from 'formik';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';

/** Ids and the translated error of one form field, for label/aria wiring. */
export interface FieldA11y {
  id: string;
  hintId: string;
  errorId: string;
  /** Translated message, shown once the field was touched or the form submitted. */
  errorText: string | null;
  describedBy: string | undefined;
}

/**
 * Wires a field to its label, hint and error text: the error shows after the user left the
 * field or tried to submit; the yup message (an i18n key such as 'form.required') is
 * translated in namespace 'common'.
 */
export function useFieldA11y(name: string, hasHint: boolean): FieldA11y {
  const { t } = useTranslation('common');
  const formik = useFormikContext<Record<string, unknown>>();
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const error: unknown = getIn(formik.errors, name);
  const touched = Boolean(getIn(formik.touched, name)) || formik.submitCount > 0;
  const errorText = touched && typeof error === 'string' && error !== '' ? t(error) : null;
  const describedBy = [hasHint ? hintId : null, errorText ? errorId : null].filter(Boolean).join(' ') || undefined;
  return { id, hintId, errorId, errorText, describedBy };
}
