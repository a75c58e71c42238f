import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  Button, ErrorPanel, ModalDialog, PlainTable, Spinner, SubmitStateBox, centsToInputText, formatDate, formatMoney, parseMoney, useRequest,
} from 'shared-kernel';
import type { AssignableReceipt, AssignmentLine, PaymentAssignmentResponse } from 'shared-kernel/contracts';
import { getPaymentAssignment, savePaymentAssignment } from '../api/payments.js';
import { useMoneySubmit } from '../hooks/use-money-submit.js';
import { NS } from '../i18n.js';
import styles from './student-money.module.css';

/** Cents per receipt number as typed (text), from the current assignment lines. */
function initialTexts(answer: PaymentAssignmentResponse): Record<number, string> {
  const texts: Record<number, string> = {};
  for (const receipt of answer.receipts) {
    const line = answer.pr.find((l) => l.rno === receipt.rno);
    texts[receipt.rno] = line ? centsToInputText(line.am) : '';
  }
  return texts;
}

/** Oldest due first, each receipt up to its open amount, until the payment is used up. */
export function distribute(amount: number, receipts: AssignableReceipt[]): Record<number, number> {
  let left = amount;
  const result: Record<number, number> = {};
  for (const receipt of [...receipts].sort((a, b) => a.ddue.localeCompare(b.ddue) || a.rno - b.rno)) {
    const take = Math.max(0, Math.min(left, receipt.bal));
    result[receipt.rno] = take;
    left -= take;
  }
  return result;
}

function AssignmentForm({ studentId, answer, onClose, onSaved }: { studentId: number; answer: PaymentAssignmentResponse; onClose: () => void; onSaved: () => void }) {
  const { t } = useTranslation(NS);
  const { state, submit } = useMoneySubmit();
  const [texts, setTexts] = useState<Record<number, string>>(() => initialTexts(answer));
  const payment = answer.data;
  const parsed = answer.receipts.map((receipt) => ({ receipt, text: texts[receipt.rno] ?? '', cents: (texts[receipt.rno] ?? '').trim() === '' ? 0 : parseMoney(texts[receipt.rno]) }));
  const invalid = parsed.filter((p) => p.cents === null || p.cents < 0);
  const overReceipt = parsed.filter((p) => p.cents !== null && p.cents > p.receipt.bal);
  const sum = parsed.reduce((total, p) => total + (p.cents ?? 0), 0);
  const tooMuch = sum > payment.am;
  const problems = invalid.length > 0 || overReceipt.length > 0 || tooMuch;

  const save = async () => {
    if (problems) return;
    const lines: AssignmentLine[] = parsed.filter((p) => (p.cents ?? 0) > 0).map((p) => ({ rno: p.receipt.rno, am: p.cents! }));
    const outcome = await submit(() => savePaymentAssignment(studentId, payment.id, { pr: lines, version: payment.version }));
    if (outcome.ok) onSaved();
  };

  return (
    <form
      className={styles.form}
      aria-label={t('money.payments.assign_title')}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
    >
      <p>
        {t('money.payments.assign_summary', {
          date: formatDate(payment.pd),
          amount: formatMoney(payment.am, payment.cur),
          assigned: formatMoney(sum, payment.cur),
          free: formatMoney(payment.am - sum, payment.cur),
        })}
      </p>
      {answer.receipts.length === 0 ? (
        <p className={styles.notice}>{t('money.payments.assign_none')}</p>
      ) : (
        <div className={styles.scroller} tabIndex={0} role="region" aria-label={t('money.payments.assign_table')}>
          <PlainTable alignTop dense className={styles.table}>
            <caption>{t('money.payments.assign_table')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('money.receipts.rno')}</th>
                <th scope="col">{t('money.due_date')}</th>
                <th scope="col">{t('money.receipts.text')}</th>
                <th scope="col" className={styles.number}>{t('money.amount')}</th>
                <th scope="col" className={styles.number}>{t('money.receipts.open')}</th>
                <th scope="col" className={styles.number}>{t('money.payments.assigned')}</th>
              </tr>
            </thead>
            <tbody>
              {parsed.map(({ receipt, text, cents }) => {
                const wrong = cents === null || cents < 0 || (cents ?? 0) > receipt.bal;
                const errorId = `assign-error-${receipt.rno}`;
                return (
                  <tr key={receipt.rno}>
                    <td>{receipt.rno}</td>
                    <td>{formatDate(receipt.ddue)}</td>
                    <td>{receipt.txt}</td>
                    <td className={styles.number}>{formatMoney(receipt.amt, receipt.cur)}</td>
                    <td className={styles.number}>{formatMoney(receipt.bal, receipt.cur)}</td>
                    <td className={styles.number}>
                      <input
                        className={styles.amountInput}
                        inputMode="decimal"
                        aria-label={t('money.payments.assign_amount', { rno: receipt.rno })}
                        aria-invalid={wrong}
                        aria-describedby={wrong ? errorId : undefined}
                        value={text}
                        onChange={(event) => setTexts((current) => ({ ...current, [receipt.rno]: event.target.value }))}
                      />
                      {wrong && (
                        <span id={errorId} className={styles.error}>
                          {cents === null || cents < 0 ? t('common:form.invalid_amount') : t('money.payments.assign_over_receipt', { rno: receipt.rno })}
                        </span>
                      )}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </PlainTable>
        </div>
      )}
      {tooMuch && <p role="alert" className={styles.error}>{t('money.payments.assign_too_much')}</p>}
      <SubmitStateBox state={state} />
      <div className={styles.formActions}>
        <Button type="submit" variant="primary" disabled={problems || state === -2}>{t('money.save')}</Button>
        {answer.receipts.length > 0 && (
          <Button
            onClick={() => {
              const shares = distribute(payment.am, answer.receipts);
              setTexts(Object.fromEntries(answer.receipts.map((r) => [r.rno, shares[r.rno] ? centsToInputText(shares[r.rno]) : ''])));
            }}
          >
            {t('money.payments.assign_fill')}
          </Button>
        )}
        <Button onClick={onClose}>{t('money.cancel')}</Button>
      </div>
    </form>
  );
}

export interface AssignmentDialogProps {
  studentId: number;
  paymentId: number;
  onClose: () => void;
  onSaved: () => void;
}

/** Assigns a payment to the student's open receipts (finance_d): an amount per receipt, at most its open amount, together at most the payment. */
export function AssignmentDialog({ studentId, paymentId, onClose, onSaved }: AssignmentDialogProps) {
  const { t } = useTranslation(NS);
  const { state, data, reload } = useRequest((signal) => getPaymentAssignment(studentId, paymentId, signal), [studentId, paymentId]);
  return (
    <ModalDialog title={t('money.payments.assign_title')} onClose={onClose}>
      {state > 0 ? (
        <ErrorPanel code={state} onRetry={reload} headingLevel={3} />
      ) : !data ? (
        <Spinner showLabel />
      ) : (
        <AssignmentForm studentId={studentId} answer={data} onClose={onClose} onSaved={onSaved} />
      )}
    </ModalDialog>
  );
}
