import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, formatDate, formatDateTime, formatMoney, showErrorDialog, useConfirm } from 'shared-kernel';
import type { PaymentRow } from 'shared-kernel/contracts';
import { ROW_CLASS, ServerTable, type ServerColumn } from 'shared-kernel/table';
import { deletePayment, getPayments } from '../api/payments.js';
import { useClientPagedList } from '../hooks/use-client-paged-list.js';
import { useMoneyPermissions } from '../hooks/use-money-permissions.js';
import { bumpMoneyVersion, useMoneyVersion } from '../hooks/use-money-version.js';
import { NS } from '../i18n.js';
import { AssignmentDialog } from './assignment-dialog.js';
import { PaymentFormDialog } from './payment-form-dialog.js';
import type { StudentMoneySlotProps } from './slot-props.js';
import styles from './student-money.module.css';

type OpenDialog = { kind: 'form'; payment: PaymentRow | null } | { kind: 'assign'; payment: PaymentRow } | null;

/** A booked payment (bd set) can no longer be changed, assigned or deleted (spec 000 §4). */
export function isBooked(payment: PaymentRow): boolean {
  return Boolean(payment.bd);
}

/**
 * The payments tab of the student detail (slot 'finance/student-payments', spec 000 §2-4): the
 * student's payments 10 per page; unbooked rows are red and say so in words; add and change
 * (student_w + finance_w), assign to receipts and delete (finance_d) on unbooked rows only.
 */
export default function StudentPaymentsTab({ studentId, schoolId, currency, memberStatus }: StudentMoneySlotProps) {
  const { t } = useTranslation(NS);
  const confirm = useConfirm();
  const permissions = useMoneyPermissions(memberStatus);
  const version = useMoneyVersion(studentId);
  const [dialog, setDialog] = useState<OpenDialog>(null);
  const load = useCallback(async (signal: AbortSignal) => (await getPayments(studentId, signal)).rows, [studentId]);
  const list = useClientPagedList(load, version);

  const remove = useCallback(
    async (payment: PaymentRow) => {
      if (!(await confirm({ message: 'really_delete', danger: true, confirmLabel: 'ui.delete' }))) return;
      try {
        await deletePayment(studentId, payment.id);
      } catch {
        await showErrorDialog({ code: 3, title: 'errors.error' });
        return;
      }
      bumpMoneyVersion(studentId);
    },
    [confirm, studentId],
  );

  const columns = useMemo<ServerColumn<PaymentRow>[]>(() => {
    const label = (row: PaymentRow) => t('money.payments.row_label', { date: formatDate(row.pd), amount: formatMoney(row.am, row.cur) });
    const action = (key: string, row: PaymentRow, onClick: () => void, danger = false) => (
      <Button size="small" variant="ghost" className={danger ? styles.danger : undefined} onClick={onClick} aria-label={t(`money.payments.${key}`, { label: label(row) })}>
        {t(`money.payments.${key}_short`)}
      </Button>
    );
    return [
      { field: 'pd', header: t('money.payment_date'), sortable: false, format: (value) => formatDate(value as string) },
      { field: 'am', header: t('money.amount'), sortable: false, align: 'end', format: (value, row) => formatMoney(value as number, row.cur) },
      { field: 'aa', header: t('money.payments.assigned'), sortable: false, align: 'end', format: (value, row) => formatMoney(value as number, row.cur) },
      {
        field: 'bd',
        header: t('money.payments.booked'),
        sortable: false,
        // Not only red: the word says it too (WCAG 1.4.1).
        render: (row) =>
          isBooked(row) ? (
            <span>{t('money.payments.booked_on', { date: formatDate(row.bd) })}</span>
          ) : (
            <strong className={styles.unbooked}>{t('money.payments.unbooked')}</strong>
          ),
      },
      { field: 'pm', header: t('money.method'), sortable: false, format: (value) => t(`payment_method.${String(value)}`, { defaultValue: String(value) }) },
      { field: 'acn', header: t('money.account'), sortable: false, format: (value) => (value as string | null) ?? '' },
      { field: 'an', header: t('money.annotation'), sortable: false },
      { field: 'dc', header: t('money.payments.registered'), sortable: false, format: (value) => formatDateTime(value as string) },
      { field: 'cur', header: t('money.currency'), sortable: false },
      {
        field: 'actions',
        header: t('money.actions'),
        sortable: false,
        minWidth: 180,
        render: (row) =>
          isBooked(row) ? null : (
            <span className={styles.rowActions}>
              {permissions.studentFinanceWrite && action('change', row, () => setDialog({ kind: 'form', payment: row }))}
              {permissions.financeDelete && action('assign', row, () => setDialog({ kind: 'assign', payment: row }))}
              {permissions.financeDelete && action('delete', row, () => void remove(row), true)}
            </span>
          ),
      },
    ];
  }, [t, permissions, remove]);

  const saved = () => {
    setDialog(null);
    bumpMoneyVersion(studentId);
  };

  return (
    <div className={styles.tab}>
      <section className={styles.section} aria-labelledby={`payments-${studentId}`}>
        <div className={styles.sectionHeader}>
          <h3 id={`payments-${studentId}`} className={styles.heading}>{t('money.payments.title')}</h3>
          {permissions.studentFinanceWrite && (
            <Button variant="primary" onClick={() => setDialog({ kind: 'form', payment: null })}>
              {t('money.payments.add')}
            </Button>
          )}
        </div>
        <ServerTable<PaymentRow>
          controller={list}
          columns={columns}
          rowId={(row) => row.id}
          label={t('money.payments.table')}
          rowClass={(row) => (isBooked(row) ? undefined : ROW_CLASS.danger)}
        />
      </section>
      {dialog?.kind === 'form' && (
        <PaymentFormDialog studentId={studentId} schoolId={schoolId} currency={currency} payment={dialog.payment} onClose={() => setDialog(null)} onSaved={saved} />
      )}
      {dialog?.kind === 'assign' && (
        <AssignmentDialog studentId={studentId} paymentId={dialog.payment.id} onClose={() => setDialog(null)} onSaved={saved} />
      )}
    </div>
  );
}
