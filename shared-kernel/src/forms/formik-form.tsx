import { Form, Formik, useFormikContext, type FormikConfig, type FormikProps, type FormikValues } from 'formik';
import { useEffect, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, useUnsavedChangesGuard, type ButtonProps } from 'shared-kernel';
import { InputErrorsContext, type InputErrorRegistry } from './input-errors.js';

/** Props of {@link FormikForm}. */
export interface FormikFormProps<Values extends FormikValues>
  extends Omit<FormikConfig<Values>, 'children' | 'render' | 'component'> {
  children: ReactNode | ((formik: FormikProps<Values>) => ReactNode);
  /** Register unsaved changes with the kernel guard (default true). */
  guardUnsaved?: boolean;
  /** Accessible name of the form, when the page has more than one. */
  ariaLabel?: string;
  className?: string;
}

function FormBehaviour({ guardUnsaved }: { guardUnsaved: boolean }) {
  const formik = useFormikContext<FormikValues>();
  useUnsavedChangesGuard(guardUnsaved && formik.dirty && !formik.isSubmitting);

  // After a submit the schema refused, move focus to the first invalid field so keyboard and
  // screen-reader users land on the problem.
  const handledSubmit = useRef(0);
  const formRef = useRef<HTMLSpanElement>(null);
  useEffect(() => {
    if (formik.isSubmitting || formik.isValidating || formik.submitCount === handledSubmit.current) return;
    handledSubmit.current = formik.submitCount;
    if (formik.isValid) return;
    const form = formRef.current?.closest('form');
    const first = form?.querySelector<HTMLElement>('[aria-invalid="true"]');
    first?.focus();
  }, [formik.submitCount, formik.isSubmitting, formik.isValidating, formik.isValid]);
  return <span ref={formRef} hidden />;
}

/**
 * A formik form with the kernel's conventions: `noValidate` (the yup schema from
 * shared-kernel/contracts validates, messages are i18n keys), parse errors of date, money and
 * IBAN inputs, the unsaved-changes guard while dirty, focus on the first invalid field
 * after a refused submit, and one submission at a time (a double click submits once; the
 * SubmitButton is disabled while it runs).
 * @example
 * <FormikForm initialValues={lead} validationSchema={leadSchema} onSubmit={save}>
 *   <TextField name="ln" label={t('last_name')} required />
 *   <SubmitButton>{t('save')}</SubmitButton>
 * </FormikForm>
 */
export function FormikForm<Values extends FormikValues>({
  children,
  guardUnsaved = true,
  ariaLabel,
  className,
  validate,
  onSubmit,
  ...config
}: FormikFormProps<Values>) {
  const registry = useRef<InputErrorRegistry>(new Map());
  // One submission at a time: a second click (or Enter) before the button is disabled by the
  // re-render must not send the request twice.
  const submitting = useRef(false);
  const submitOnce: FormikConfig<Values>['onSubmit'] = async (values, helpers) => {
    if (submitting.current) return;
    submitting.current = true;
    try {
      await onSubmit(values, helpers);
    } finally {
      submitting.current = false;
    }
  };
  const validateWithInputErrors = async (values: Values) => {
    const own = validate ? ((await validate(values)) ?? {}) : {};
    const inputErrors = Object.fromEntries(registry.current.entries());
    return { ...(own as Record<string, unknown>), ...inputErrors };
  };
  return (
    <InputErrorsContext.Provider value={registry.current}>
      <Formik<Values> {...config} onSubmit={submitOnce} validate={validateWithInputErrors}>
        {(formik) => (
          <Form noValidate aria-label={ariaLabel} className={className}>
            <FormBehaviour guardUnsaved={guardUnsaved} />
            {typeof children === 'function' ? children(formik) : children}
          </Form>
        )}
      </Formik>
    </InputErrorsContext.Provider>
  );
}

/**
 * The form's submit button: disabled while submitting.
 * @example <SubmitButton>{t('save')}</SubmitButton>
 */
export function SubmitButton({ children, disabled, variant = 'primary', ...rest }: ButtonProps) {
  const { t } = useTranslation('common');
  const formik = useFormikContext<FormikValues>();
  return (
    <Button type="submit" variant={variant} disabled={disabled || formik.isSubmitting} {...rest}>
      {children ?? t('ui.confirm')}
    </Button>
  );
}
