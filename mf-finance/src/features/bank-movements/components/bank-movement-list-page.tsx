import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { Button, PageHeader, formatDate, formatMoney, showErrorDialog, toErrorCode, useCan, useConfirm } from 'shared-kernel';
import type { BankMovementRow, SortEntry } from 'shared-kernel/contracts';
import { ServerTable, useServerListController, type ServerColumn } from 'shared-kernel/table';
import { BANK_MOVEMENT_EXPORT_URL, deleteMovement, getMovementPage } from '../api/bank-movements.js';
import { BANK_NS } from '../i18n.js';
import { BankImportDialog } from './bank-import-dialog.js';
import styles from './bank.module.css';

const NEWEST_FIRST: SortEntry[] = [{ id: 'bd', desc: true }];

/** What names a row for screen readers: sender and booking date. */
const rowLabel = (row: BankMovementRow) => [row.sname.trim(), formatDate(row.bd)].filter(Boolean).join(', ');

/**
 * /m-fin/bamove (spec 002 §2.7): the bank movements of the filtered schools, newest first,
 * with the done filter; edit/view and delete (only without a student, finance_d), assign
 * (/m-fin/bamassign), import a statement, export the selection; the note on collective
 * transfers.
 */
export function BankMovementListPage() {
  const { t } = useTranslation(BANK_NS);
  const navigate = useNavigate();
  const confirm = useConfirm();
  const canWrite = useCan('finance_w');
  const canDelete = useCan('finance_d');
  const list = useServerListController<BankMovementRow>({ fetchPage: getMovementPage, initialSort: NEWEST_FIRST });
  const { reload } = list;
  const [importing, setImporting] = useState(false);

  const remove = useCallback(
    async (row: BankMovementRow) => {
      if (!(await confirm({ message: 'really_delete', danger: true, confirmLabel: 'ui.delete' }))) return;
      try {
        await deleteMovement(row.id);
      } catch (error) {
        await showErrorDialog({ code: await toErrorCode(error), title: 'errors.error' });
        return;
      }
      reload();
    },
    [confirm, reload],
  );

  const columns = useMemo<ServerColumn<BankMovementRow>[]>(
    () => [
      { field: 'bd', header: t('list.bd'), format: (value) => formatDate(value as string), minWidth: 120, filter: { type: 'date-range' } },
      { field: 'riban', header: t('list.riban'), minWidth: 200 },
      { field: 'sname', header: t('list.sname'), filter: { type: 'text' }, minWidth: 160 },
      { field: 'siban', header: t('list.siban'), minWidth: 200 },
      { field: 'mdid', header: t('list.mdid'), format: (value) => (typeof value === 'string' && value ? value : '-') },
      { field: 'ssvwz', header: t('list.ssvwz'), filter: { type: 'text' }, flex: 2 },
      { field: 'amt', header: t('list.amt'), align: 'end', format: (value, row) => formatMoney(value as number, row.cur), minWidth: 110 },
      {
        field: 'isd',
        header: t('list.isd'),
        filter: { type: 'select', options: [{ value: true, label: t('list.done_yes') }, { value: false, label: t('list.done_no') }] },
        render: (row) =>
          row.stid === null ? t('list.done_no') : <Link to={`/m-student/details/${row.stid}`}>{row.stn ?? t('list.done_yes')}</Link>,
      },
      {
        field: 'actions',
        header: t('list.actions'),
        sortable: false,
        minWidth: 180,
        render: (row) => {
          const label = rowLabel(row);
          const editable = canWrite && row.man && row.stid === null;
          return (
            <span className={styles.rowActions}>
              <Button size="small" variant="ghost" onClick={() => navigate(`/m-fin/bamove/${editable ? 'edit' : 'view'}/${row.id}`)} aria-label={t(editable ? 'list.edit' : 'list.view', { label })}>
                {t(editable ? 'list.edit_short' : 'list.view_short')}
              </Button>
              {canDelete && row.stid === null && (
                <Button size="small" variant="ghost" className={styles.danger} onClick={() => void remove(row)} aria-label={t('list.delete', { label })}>
                  {t('list.delete_short')}
                </Button>
              )}
            </span>
          );
        },
      },
    ],
    [t, canWrite, canDelete, navigate, remove],
  );

  return (
    <>
      <PageHeader
        title={t('list.title')}
        actions={
          canWrite && (
            <span className={styles.actions}>
              <Button onClick={() => navigate('/m-fin/bamassign')}>{t('list.assign')}</Button>
              <Button onClick={() => setImporting(true)}>{t('list.import')}</Button>
              <Button variant="primary" onClick={() => navigate('/m-fin/bamove/create')}>{t('list.add')}</Button>
            </span>
          )
        }
      >
        {list.state === 0 && <p className={styles.hint}>{t('ui.total', { ns: 'common', count: list.total })}</p>}
      </PageHeader>
      <div className={styles.list}>
        <p className={styles.note}>{t('list.collective_note')}</p>
        <ServerTable<BankMovementRow>
          controller={list}
          columns={columns}
          rowId={(row) => row.id}
          rowLabel={rowLabel}
          label={t('list.label')}
          selectable={list.total > 0}
          exportUrl={BANK_MOVEMENT_EXPORT_URL}
        />
      </div>
      {importing && <BankImportDialog onClose={() => setImporting(false)} onImported={() => reload()} />}
    </>
  );
}
