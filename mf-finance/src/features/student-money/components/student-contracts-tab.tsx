import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, formatDate, formatMoney, showErrorDialog, toast, useConfirm } from 'shared-kernel';
import { STUDENT_CONTRACT_STATUS, type StudentContractRow } from 'shared-kernel/contracts';
import { ServerTable, type ServerColumn } from 'shared-kernel/table';
import {
  deleteStudentContract,
  getStudentContracts,
  printCancellationConfirmation,
  skipContractFee,
  withdrawCancellation,
} from '../api/contracts.js';
import { useClientPagedList } from '../hooks/use-client-paged-list.js';
import { useMoneyAction } from '../hooks/use-money-action.js';
import { useMoneyPermissions } from '../hooks/use-money-permissions.js';
import { bumpMoneyVersion, useMoneyVersion } from '../hooks/use-money-version.js';
import { NS } from '../i18n.js';
import { ActiveContractSummary } from './active-contract-summary.js';
import { CancelContractDialog } from './cancel-contract-dialog.js';
import { ContractFormDialog } from './contract-form-dialog.js';
import type { StudentMoneySlotProps } from './slot-props.js';
import styles from './student-money.module.css';

type OpenDialog = { kind: 'form'; contractId: number | null } | { kind: 'cancel'; contract: StudentContractRow } | null;

/** A contract is cancellable while active and without a cancellation date (spec 000 §4). */
export function isCancellable(contract: StudentContractRow): boolean {
  return contract.cs === STUDENT_CONTRACT_STATUS.active && !contract.cd;
}

function useContractLabels() {
  const { t } = useTranslation(NS);
  return useMemo(() => {
    const months = (value: number | null) => (value === null ? t('money.none') : t('money.months', { count: value }));
    const terms = (c: StudentContractRow) => ({ c1: months(c.c1), c2: months(c.c2), c3: months(c.c3), c4: months(c.c4) });
    return {
      label: (contract: StudentContractRow) => t('money.contracts.row_label', { start: formatDate(contract.dcs) }),
      status: (cs: number) => t(`money.contract_status.${cs}`, { defaultValue: String(cs) }),
      method: (pmid: number) => t(`payment_method.${pmid}`, { defaultValue: String(pmid) }),
      interval: (pi: number) => t(`money.interval.${pi}`, { defaultValue: t('money.months', { count: pi }) }),
      terms: (c: StudentContractRow) => t('money.contracts.terms_short', terms(c)),
      termsLong: (c: StudentContractRow) => t('money.contracts.terms_value', terms(c)),
    };
  }, [t]);
}

interface ContractActionsProps {
  contract: StudentContractRow;
  skipOffered: boolean;
  permissions: ReturnType<typeof useMoneyPermissions>;
  onChange: () => void;
  onCancel: () => void;
  onWithdraw: () => void;
  onSkip: () => void;
  onPrint: () => void;
  onDelete: () => void;
}

function ContractActions({ contract, skipOffered, permissions, onChange, onCancel, onWithdraw, onSkip, onPrint, onDelete }: ContractActionsProps) {
  const { t } = useTranslation(NS);
  const label = useContractLabels().label(contract);
  const cancelled = Boolean(contract.cd);
  const button = (key: string, onClick: () => void, danger = false) => (
    <Button size="small" variant="ghost" className={danger ? styles.danger : undefined} onClick={onClick} aria-label={t(`money.contracts.${key}`, { label })}>
      {t(`money.contracts.${key}_short`)}
    </Button>
  );
  return (
    <span className={styles.rowActions}>
      {permissions.studentFinanceWrite && button('change', onChange)}
      {permissions.studentWrite && isCancellable(contract) && button('cancel', onCancel)}
      {permissions.studentWrite && cancelled && button('withdraw', onWithdraw)}
      {permissions.studentFinanceWrite && skipOffered && !permissions.memberDisabled && contract.cs === STUDENT_CONTRACT_STATUS.active && button('skip', onSkip)}
      {permissions.studentFinanceWrite && cancelled && button('print', onPrint)}
      {permissions.financeDelete && button('delete', onDelete, true)}
    </span>
  );
}

/**
 * The contracts tab of the student detail (slot 'finance/student-contracts', spec 000 §2-4):
 * the active contract summary and the student's contracts 10 per page with status, method,
 * dates, amounts, interval and terms; add and change (student_w + finance_w), cancel and
 * withdraw the cancellation (student_w), skip fee and the cancellation confirmation
 * (student_w + finance_w), delete (finance_d).
 */
export default function StudentContractsTab({ studentId, currency, memberStatus }: StudentMoneySlotProps) {
  const { t } = useTranslation(NS);
  const labels = useContractLabels();
  const confirm = useConfirm();
  const run = useMoneyAction(studentId);
  const permissions = useMoneyPermissions(memberStatus);
  const version = useMoneyVersion(studentId);
  const [skipOffered, setSkipOffered] = useState(false);
  const [active, setActive] = useState<StudentContractRow | null>(null);
  const [dialog, setDialog] = useState<OpenDialog>(null);

  const load = useCallback(
    async (signal: AbortSignal) => {
      const answer = await getStudentContracts(studentId, signal);
      setSkipOffered(answer.skip);
      setActive(answer.data.find((contract) => contract.cs === STUDENT_CONTRACT_STATUS.active && (!contract.dce || contract.dce >= new Date().toISOString().slice(0, 10))) ?? null);
      return answer.data;
    },
    [studentId],
  );
  const list = useClientPagedList(load, version);

  const withdraw = useCallback(
    (contract: StudentContractRow) =>
      run(() => withdrawCancellation(studentId, contract.id, contract.version), {
        confirm: { message: `${NS}:money.contracts.withdraw_confirm`, confirmLabel: `${NS}:money.contracts.withdraw_label` },
        successToast: 'save_succeeded',
      }),
    [run, studentId],
  );
  const skip = useCallback(
    async (contract: StudentContractRow) => {
      if (!(await confirm({ message: `${NS}:money.contracts.skip_confirm`, confirmLabel: `${NS}:money.contracts.skip_label` }))) return;
      try {
        const answer = await skipContractFee(studentId, contract.id, contract.version);
        toast.success(`${NS}:money.contracts.skip_done`, { values: { start: formatDate(answer.period_start), end: formatDate(answer.period_end) } });
        bumpMoneyVersion(studentId);
      } catch {
        toast.error('server_error');
      }
    },
    [confirm, studentId],
  );
  const print = useCallback(
    (contract: StudentContractRow) => run(() => printCancellationConfirmation(studentId, contract.id), { write: false }),
    [run, studentId],
  );
  const remove = useCallback(
    async (contract: StudentContractRow) => {
      if (!(await confirm({ message: 'really_delete', danger: true, confirmLabel: 'ui.delete' }))) return;
      try {
        await deleteStudentContract(studentId, contract.id);
      } catch {
        await showErrorDialog({ code: 3, title: 'errors.error' });
        return;
      }
      bumpMoneyVersion(studentId);
    },
    [confirm, studentId],
  );

  const columns = useMemo<ServerColumn<StudentContractRow>[]>(() => {
    const money = (value: unknown, row: StudentContractRow) => formatMoney(value as number, row.cur);
    return [
      { field: 'cs', header: t('money.contracts.status'), sortable: false, format: (value) => labels.status(value as number) },
      { field: 'pmid', header: t('money.contracts.method'), sortable: false, format: (value) => labels.method(value as number) },
      { field: 'dd', header: t('money.contracts.due_date'), sortable: false, format: (value) => formatDate(value as string | null) },
      { field: 'dcs', header: t('money.contracts.start'), sortable: false, format: (value) => formatDate(value as string) },
      { field: 'dce', header: t('money.contracts.end'), sortable: false, format: (value) => formatDate(value as string | null) },
      { field: 'cd', header: t('money.contracts.cancel_date'), sortable: false, format: (value) => formatDate(value as string | null) },
      { field: 'ag', header: t('money.contracts.gross'), sortable: false, align: 'end', format: money },
      { field: 'acg', header: t('money.contracts.activation_gross'), sortable: false, align: 'end', format: money },
      { field: 'cur', header: t('money.contracts.currency'), sortable: false },
      { field: 'pi', header: t('money.contracts.interval'), sortable: false, format: (value) => labels.interval(value as number) },
      {
        field: 'terms',
        header: t('money.contracts.terms'),
        sortable: false,
        render: (row) => <span title={labels.termsLong(row)} aria-label={labels.termsLong(row)}>{labels.terms(row)}</span>,
      },
      {
        field: 'actions',
        header: t('money.actions'),
        sortable: false,
        minWidth: 200,
        render: (row) => (
          <ContractActions
            contract={row}
            skipOffered={skipOffered}
            permissions={permissions}
            onChange={() => setDialog({ kind: 'form', contractId: row.id })}
            onCancel={() => setDialog({ kind: 'cancel', contract: row })}
            onWithdraw={() => void withdraw(row)}
            onSkip={() => void skip(row)}
            onPrint={() => void print(row)}
            onDelete={() => void remove(row)}
          />
        ),
      },
    ];
  }, [t, labels, skipOffered, permissions, withdraw, skip, print, remove]);

  return (
    <div className={styles.tab}>
      <ActiveContractSummary contract={list.state === 0 ? active : null} loaded={list.state === 0} />
      <section className={styles.section} aria-labelledby={`contracts-${studentId}`}>
        <div className={styles.sectionHeader}>
          <h3 id={`contracts-${studentId}`} className={styles.heading}>{t('money.contracts.title')}</h3>
          {permissions.studentFinanceWrite && (
            <Button variant="primary" onClick={() => setDialog({ kind: 'form', contractId: null })}>
              {t('money.contracts.add')}
            </Button>
          )}
        </div>
        <ServerTable<StudentContractRow> controller={list} columns={columns} rowId={(row) => row.id} label={t('money.contracts.table')} />
      </section>
      {dialog?.kind === 'form' && (
        <ContractFormDialog
          studentId={studentId}
          contractId={dialog.contractId}
          currency={currency}
          onClose={() => setDialog(null)}
          onSaved={() => {
            setDialog(null);
            bumpMoneyVersion(studentId);
          }}
        />
      )}
      {dialog?.kind === 'cancel' && (
        <CancelContractDialog
          studentId={studentId}
          contract={dialog.contract}
          onClose={() => setDialog(null)}
          onCancelled={() => {
            setDialog(null);
            bumpMoneyVersion(studentId);
          }}
        />
      )}
    </div>
  );
}
