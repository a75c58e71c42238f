import { useTranslation } from 'react-i18next';
import {
  Button, ErrorPanel, ModalDialog, PlainTable, Spinner, SubmitStateBox, formatDate, formatMoney, todayIso, useRequest,
} from 'shared-kernel';
import {
  creditNoteSchema,
  payReceiptSchema,
  setPaidSchema,
  type CreditNoteForm,
  type PayReceiptForm,
  type ReceiptRow,
  type SetPaidForm,
} from 'shared-kernel/contracts';
import { DateField, FormikForm, MoneyField, SubmitButton, TextAreaField, TextField, useSubmissionKey } from 'shared-kernel/forms';
import { createCreditNote, getReceiptDetail, payReceipt, setReceiptPaid, updateCreditNote } from '../api/receipts.js';
import { useMoneySubmit } from '../hooks/use-money-submit.js';
import { useSchoolAccounts } from '../hooks/use-school-accounts.js';
import { NS } from '../i18n.js';
import { PaymentMethodFields } from './payment-method-fields.js';
import styles from './student-money.module.css';

interface ReceiptDialogProps {
  studentId: number;
  receipt: ReceiptRow;
  onClose: () => void;
  onSaved: () => void;
}

type PaymentValues = { pd: string; am: number | null; pm: number | null; aid: number | null; an: string };

/**
 * Pay a receipt (POST /spr: a payment created and assigned to it) or mark it paid (PUT
 * /setpaid: the open rest paid and the receipt archived): payment date, method, account and,
 * when paying, the amount (default the open amount).
 */
export function ReceiptPaymentDialog({ studentId, schoolId, receipt, mode, onClose, onSaved }: ReceiptDialogProps & { mode: 'pay' | 'setpaid'; schoolId?: number }) {
  const { t } = useTranslation(NS);
  const { state: submitState, submit } = useMoneySubmit();
  const submission = useSubmissionKey();
  const { state, data: accounts, reload } = useSchoolAccounts(schoolId);
  const title = t(mode === 'pay' ? 'money.receipts.pay_title' : 'money.receipts.set_paid_title', { rno: receipt.rno });
  const schema = mode === 'pay' ? payReceiptSchema : setPaidSchema;
  const initialValues: PaymentValues = { pd: todayIso(), am: receipt.bal, pm: 3, aid: null, an: '' };
  return (
    <ModalDialog title={title} onClose={onClose}>
      {state > 0 ? (
        <ErrorPanel code={state} onRetry={reload} headingLevel={3} />
      ) : !accounts ? (
        <Spinner showLabel />
      ) : (
        <FormikForm<PaymentValues>
          initialValues={initialValues}
          validationSchema={schema}
          ariaLabel={title}
          className={styles.form}
          onSubmit={async (values, helpers) => {
            const outcome = await submit(() => {
              if (mode === 'pay') {
                const body = payReceiptSchema.cast(values, { stripUnknown: true }) as PayReceiptForm;
                return payReceipt(studentId, receipt.rno, body, submission.keyFor(body));
              }
              const body = setPaidSchema.cast(values, { stripUnknown: true }) as SetPaidForm;
              return setReceiptPaid(studentId, receipt.rno, body, receipt.version, submission.keyFor(body));
            });
            if (outcome.ok) onSaved();
            else if (Object.keys(outcome.fields).length > 0) helpers.setErrors(outcome.fields);
          }}
        >
          <p className={styles.muted}>
            {t(mode === 'pay' ? 'money.receipts.pay_hint' : 'money.receipts.set_paid_hint', { amount: formatMoney(receipt.bal, receipt.cur) })}
          </p>
          <DateField name="pd" label={t('money.payment_date')} required />
          {mode === 'pay' && <MoneyField name="am" label={t('money.amount')} currency={receipt.cur} />}
          <PaymentMethodFields accounts={accounts} />
          {mode === 'pay' && <TextAreaField name="an" label={t('money.annotation')} rows={2} />}
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

type CreditNoteValues = { am: number | null; txt: string };

/**
 * A credit note on a receipt (POST /api-receipt/cn, `receipt` = the credited receipt) or the
 * change of one (PUT, `receipt` = the credit note): amount (positive, at most the open amount)
 * and reason.
 */
export function CreditNoteDialog({ studentId, receipt, onClose, onSaved }: ReceiptDialogProps) {
  const { t } = useTranslation(NS);
  const { state: submitState, submit } = useMoneySubmit();
  const submission = useSubmissionKey();
  const editing = receipt.kind === 'CN';
  const title = t(editing ? 'money.receipts.cn_edit_title' : 'money.receipts.cn_title', { rno: receipt.rno });
  const initialValues: CreditNoteValues = editing ? { am: Math.abs(receipt.amt), txt: receipt.txt } : { am: receipt.bal > 0 ? receipt.bal : null, txt: '' };
  return (
    <ModalDialog title={title} onClose={onClose}>
      <FormikForm<CreditNoteValues>
        initialValues={initialValues}
        validationSchema={creditNoteSchema}
        ariaLabel={title}
        className={styles.form}
        onSubmit={async (values, helpers) => {
          const body = creditNoteSchema.cast(values, { stripUnknown: true }) as CreditNoteForm;
          const outcome = await submit(() =>
            editing ? updateCreditNote(studentId, receipt.rno, body, receipt.version) : createCreditNote(studentId, receipt.rno, body, submission.keyFor(body)),
          );
          if (outcome.ok) onSaved();
          else if (Object.keys(outcome.fields).length > 0) helpers.setErrors(outcome.fields);
        }}
      >
        <MoneyField name="am" label={t('money.amount')} currency={receipt.cur} required />
        <TextField name="txt" label={t('money.receipts.cn_reason')} autoComplete="off" />
        <SubmitStateBox state={submitState} />
        <div className={styles.formActions}>
          <SubmitButton>{t('money.save')}</SubmitButton>
          <Button onClick={onClose}>{t('money.cancel')}</Button>
        </div>
      </FormikForm>
    </ModalDialog>
  );
}

/** The payments assigned to a receipt (GET /api-receipt/data), each unbooked one with 'revert' (finance_w). */
export function ReceiptPaymentsDialog({
  studentId, receipt, canRevert, onRevert, onClose,
}: { studentId: number; receipt: ReceiptRow; canRevert: boolean; onRevert: (paymentId: number, date: string, amount: number) => Promise<boolean>; onClose: () => void }) {
  const { t } = useTranslation(NS);
  const { state, data, reload } = useRequest((signal) => getReceiptDetail(studentId, receipt.rno, signal), [studentId, receipt.rno]);
  const label = t('money.receipts.receipt_label', { rno: receipt.rno });
  return (
    <ModalDialog title={t('money.receipts.payments_of', { label })} onClose={onClose} actions={<Button onClick={onClose}>{t('money.close')}</Button>}>
      {state > 0 ? (
        <ErrorPanel code={state} onRetry={reload} headingLevel={3} />
      ) : !data ? (
        <Spinner showLabel />
      ) : data.pa.length === 0 ? (
        <p className={styles.notice}>{t('money.receipts.no_payments')}</p>
      ) : (
        <PlainTable dense className={styles.table}>
          <caption>{t('money.receipts.assigned_payments')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('money.payment_date')}</th>
              <th scope="col" className={styles.number}>{t('money.amount')}</th>
              <th scope="col">{t('money.payments.booked')}</th>
              {canRevert && <th scope="col">{t('money.actions')}</th>}
            </tr>
          </thead>
          <tbody>
            {data.pa.map((assignment) => (
              <tr key={assignment.prid}>
                <td>{formatDate(assignment.pd)}</td>
                <td className={styles.number}>{formatMoney(assignment.am, receipt.cur)}</td>
                <td>{assignment.booked ? t('money.payments.booked') : t('money.payments.unbooked')}</td>
                {canRevert && (
                  <td>
                    {!assignment.booked && (
                      <Button
                        size="small"
                        variant="ghost"
                        aria-label={t('money.receipts.revert', { date: formatDate(assignment.pd) })}
                        onClick={() => void onRevert(assignment.prid, assignment.pd, assignment.am).then((done) => done && reload())}
                      >
                        {t('money.receipts.revert_short')}
                      </Button>
                    )}
                  </td>
                )}
              </tr>
            ))}
          </tbody>
        </PlainTable>
      )}
    </ModalDialog>
  );
}
