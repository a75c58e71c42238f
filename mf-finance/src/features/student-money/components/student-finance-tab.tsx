import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, RequestStateView, formatDate, formatMoney, toast, useConfirm, useRequest } from 'shared-kernel';
import { STUDENT_CONTRACT_STATUS, type ReceiptRow, type ReceiptType } from 'shared-kernel/contracts';
import { getStudentContracts, skipContractFee } from '../api/contracts.js';
import {
  closeReceipt, generateInvoices, getReceipts, printReceipt, reopenReceipt, revertPaymentAssignment, undoCreditNote,
} from '../api/receipts.js';
import { useMoneyAction } from '../hooks/use-money-action.js';
import { useMoneyPermissions } from '../hooks/use-money-permissions.js';
import { bumpMoneyVersion, useMoneyVersion } from '../hooks/use-money-version.js';
import { NS } from '../i18n.js';
import { DunningList } from './dunning-list.js';
import { CreditNoteDialog, ReceiptPaymentDialog, ReceiptPaymentsDialog } from './receipt-dialogs.js';
import { ReceiptsTable, type ReceiptActionHandlers } from './receipts-table.js';
import type { StudentMoneySlotProps } from './slot-props.js';
import styles from './student-money.module.css';

type OpenDialog =
  | { kind: 'pay' | 'setpaid' | 'credit-note' | 'payments'; receipt: ReceiptRow }
  | null;

function ReceiptsSection({ studentId, type, handlers, onBalance }: {
  studentId: number;
  type: ReceiptType;
  handlers: ReceiptActionHandlers;
  onBalance?: (balance: { amount: number; currency: string }) => void;
}) {
  const { t } = useTranslation(NS);
  const version = useMoneyVersion(studentId);
  const { state, data, reload } = useRequest(
    async (signal) => {
      const answer = await getReceipts(studentId, type, signal);
      onBalance?.({ amount: answer.balance, currency: answer.cur });
      return answer;
    },
    [studentId, type, version],
  );
  const title = t(type === 1 ? 'money.receipts.open_title' : 'money.receipts.archive_title');
  const headingId = `receipts-${type}-${studentId}`;
  return (
    <section className={styles.section} aria-labelledby={headingId}>
      <h3 id={headingId} className={styles.heading}>{title}</h3>
      <RequestStateView
        state={state}
        data={data?.rows}
        onRetry={reload}
        emptyText={t(type === 1 ? 'money.receipts.empty_open' : 'money.receipts.empty_archive')}
        errorHeadingLevel={4}
      >
        {(rows) => <ReceiptsTable caption={title} rows={rows} handlers={handlers} />}
      </RequestStateView>
    </section>
  );
}

/**
 * The finance tab of the student detail (slot 'finance/student-finance', spec 000 §2-4, §8):
 * the balance, generate invoices and skip fee (finance_w; hidden for members in a disabled
 * network status), the open items and the archive of receipts with their sub-receipts and
 * actions (print; finance_w: pay, credit note, set paid, close, reopen, undo, revert a
 * payment), and the student's dunning letters. Failed actions toast 'server_error'.
 */
export default function StudentFinanceTab({ studentId, schoolId, memberStatus }: StudentMoneySlotProps) {
  const { t } = useTranslation(NS);
  const confirm = useConfirm();
  const run = useMoneyAction(studentId);
  const permissions = useMoneyPermissions(memberStatus);
  const [balance, setBalance] = useState<{ amount: number; currency: string } | null>(null);
  const [dialog, setDialog] = useState<OpenDialog>(null);
  const [generating, setGenerating] = useState(false);

  const generate = async () => {
    setGenerating(true);
    await run(() => generateInvoices(studentId), { successToast: 'op_succeeded', failureToast: 'op_failed' });
    setGenerating(false);
  };

  const skipFee = async () => {
    let contracts;
    try {
      contracts = await getStudentContracts(studentId);
    } catch {
      toast.error('server_error');
      return;
    }
    const contract = contracts.data.find((c) => c.cs === STUDENT_CONTRACT_STATUS.active && !c.cd);
    if (!contract) {
      toast.warning(`${NS}:money.receipts.skip_none`);
      return;
    }
    if (!(await confirm({ message: `${NS}:money.contracts.skip_confirm`, confirmLabel: `${NS}:money.contracts.skip_label` }))) return;
    try {
      const answer = await skipContractFee(studentId, contract.id, contract.version);
      toast.success(`${NS}:money.contracts.skip_done`, { values: { start: formatDate(answer.period_start), end: formatDate(answer.period_end) } });
      bumpMoneyVersion(studentId);
    } catch {
      toast.error('server_error');
    }
  };

  const revert = useCallback(
    (rno: number) => (paymentId: number, date: string, amount: number) =>
      run(() => revertPaymentAssignment(studentId, rno, paymentId), {
        confirm: { message: `${NS}:money.receipts.revert_confirm`, values: { date: formatDate(date), amount: formatMoney(amount) } },
      }),
    [run, studentId],
  );

  const handlers: ReceiptActionHandlers = {
    print: (receipt) => void run(() => printReceipt(receipt.rno), { write: false }),
  };
  if (permissions.financeWrite) {
    handlers.pay = (receipt) => setDialog({ kind: 'pay', receipt });
    handlers.setPaid = (receipt) => setDialog({ kind: 'setpaid', receipt });
    handlers.creditNote = (receipt) => setDialog({ kind: 'credit-note', receipt });
    handlers.editCreditNote = (receipt) => setDialog({ kind: 'credit-note', receipt });
    handlers.payments = (receipt) => setDialog({ kind: 'payments', receipt });
    handlers.close = (receipt) =>
      void run(() => closeReceipt(studentId, receipt.rno), { confirm: { message: `${NS}:money.receipts.close_confirm`, values: { rno: receipt.rno } } });
    handlers.reopen = (receipt) =>
      void run(() => reopenReceipt(studentId, receipt.rno), { confirm: { message: `${NS}:money.receipts.reopen_confirm`, values: { rno: receipt.rno } } });
    handlers.undo = (receipt) =>
      void run(() => undoCreditNote(studentId, receipt.rno, receipt.rrno ?? receipt.rno), {
        // The spec's German warning: deleting receipts may have unwanted bookkeeping effects.
        confirm: { message: `${NS}:money.receipts.undo_warning`, danger: true, confirmLabel: `${NS}:money.receipts.undo_label` },
      });
  } else if (permissions.financeDelete) {
    handlers.payments = (receipt) => setDialog({ kind: 'payments', receipt });
  }

  const saved = () => {
    setDialog(null);
    bumpMoneyVersion(studentId);
  };
  const showWriteTools = permissions.financeWrite && !permissions.memberDisabled;

  return (
    <div className={styles.tab}>
      <div className={styles.sectionHeader}>
        <p className={styles.balance} role="status" data-sign={balance && balance.amount > 0 ? 'owes' : undefined}>
          {balance ? t('money.receipts.balance_value', { amount: formatMoney(balance.amount, balance.currency) }) : t('money.receipts.balance')}
        </p>
        {showWriteTools && (
          <div className={styles.toolbar}>
            <Button variant="primary" disabled={generating} onClick={() => void generate()}>
              {t('money.receipts.generate')}
            </Button>
            {permissions.studentWrite && <Button onClick={() => void skipFee()}>{t('money.receipts.skip')}</Button>}
          </div>
        )}
        {permissions.financeWrite && permissions.memberDisabled && <p className={styles.muted}>{t('money.receipts.generate_disabled')}</p>}
      </div>
      <ReceiptsSection studentId={studentId} type={1} handlers={handlers} onBalance={setBalance} />
      <ReceiptsSection studentId={studentId} type={2} handlers={handlers} />
      <DunningList studentId={studentId} />
      {(dialog?.kind === 'pay' || dialog?.kind === 'setpaid') && (
        <ReceiptPaymentDialog studentId={studentId} schoolId={schoolId} receipt={dialog.receipt} mode={dialog.kind} onClose={() => setDialog(null)} onSaved={saved} />
      )}
      {dialog?.kind === 'credit-note' && <CreditNoteDialog studentId={studentId} receipt={dialog.receipt} onClose={() => setDialog(null)} onSaved={saved} />}
      {dialog?.kind === 'payments' && (
        <ReceiptPaymentsDialog
          studentId={studentId}
          receipt={dialog.receipt}
          canRevert={permissions.financeWrite}
          onRevert={revert(dialog.receipt.rno)}
          onClose={() => setDialog(null)}
        />
      )}
    </div>
  );
}
