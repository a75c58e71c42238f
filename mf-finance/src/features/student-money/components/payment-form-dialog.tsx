import { useTranslation } from 'react-i18next';
import { Button, ErrorPanel, ModalDialog, Spinner, SubmitStateBox, todayIso } from 'shared-kernel';
import { paymentFormSchema, type PaymentForm, type PaymentRow } from 'shared-kernel/contracts';
import { DateField, FormikForm, MoneyField, SubmitButton, TextAreaField, useSubmissionKey } from 'shared-kernel/forms';
import { createPayment, updatePayment } from '../api/payments.js';
import { useMoneySubmit } from '../hooks/use-money-submit.js';
import { useSchoolAccounts } from '../hooks/use-school-accounts.js';
import { NS } from '../i18n.js';
import { PaymentMethodFields } from './payment-method-fields.js';
import styles from './student-money.module.css';

type PaymentFormValues = Omit<PaymentForm, 'am' | 'pm'> & { am: number | null; pm: number | null };

export interface PaymentFormDialogProps {
  studentId: number;
  schoolId?: number;
  currency: string;
  /** null: a new payment. */
  payment: PaymentRow | null;
  onClose: () => void;
  onSaved: () => void;
}

/**
 * Add or change a payment (student_w + finance_w): date, amount, method, account (SEPA and
 * transfer; the school's accounts) and annotation. A new payment goes with an Idempotency-Key
 * per attempt, a change with the version read.
 */
export function PaymentFormDialog({ studentId, schoolId, currency, payment, onClose, onSaved }: PaymentFormDialogProps) {
  const { t } = useTranslation(NS);
  const { state: submitState, submit } = useMoneySubmit();
  const submission = useSubmissionKey();
  const { state, data: accounts, reload } = useSchoolAccounts(schoolId);
  const title = t(payment ? 'money.payments.form_change' : 'money.payments.form_add');
  const initialValues: PaymentFormValues = payment
    ? { pd: payment.pd, am: payment.am, pm: payment.pm, aid: payment.aid, an: payment.an }
    : { pd: todayIso(), am: null, pm: 3, aid: null, an: '' };

  return (
    <ModalDialog title={title} onClose={onClose}>
      {state > 0 ? (
        <ErrorPanel code={state} onRetry={reload} headingLevel={3} />
      ) : !accounts ? (
        <Spinner showLabel />
      ) : (
        <FormikForm<PaymentFormValues>
          initialValues={initialValues}
          validationSchema={paymentFormSchema}
          ariaLabel={title}
          className={styles.form}
          onSubmit={async (values, helpers) => {
            const body = paymentFormSchema.cast(values, { stripUnknown: true }) as PaymentForm;
            const outcome = await submit(() =>
              payment ? updatePayment(studentId, payment.id, body, payment.version) : createPayment(studentId, body, submission.keyFor(body)),
            );
            if (outcome.ok) {
              submission.reset();
              onSaved();
            } else if (Object.keys(outcome.fields).length > 0) helpers.setErrors(outcome.fields);
          }}
        >
          <DateField name="pd" label={t('money.payment_date')} required />
          <MoneyField name="am" label={t('money.amount')} currency={payment?.cur ?? currency} required />
          <PaymentMethodFields accounts={accounts} noAccountHint={t('money.payments.no_account')} />
          <TextAreaField name="an" label={t('money.annotation')} rows={3} />
          <SubmitStateBox state={submitState} />
          <div className={styles.formActions}>
            <SubmitButton>{t('money.save')}</SubmitButton>
            <Button onClick={onClose}>{t('money.cancel')}</Button>
          </div>
        </FormikForm>
      )}
    </ModalDialog>
  );
}
