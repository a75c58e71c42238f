import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button, PageHeader, formatDate, formatDateTime, showErrorDialog, todayIso, toast, toErrorCode, useCan, useConfirm } from 'shared-kernel';
import { ROW_CLASS, ServerTable, useServerListController, type ServerColumn } from 'shared-kernel/table';
import { DONE_FILTER, deleteReminder, getReminderList, markReminderDone, type ReminderRow } from '../api/reminders.js';
import { NS } from '../i18n.js';
import { reminderUrgency } from '../utils/reminder-urgency.js';
import { ReminderFormDialog } from './reminder-form-dialog.js';
import styles from './reminders.module.css';

/** The dialog shown: none, a new reminder, or the edit of one. */
type Dialog = { kind: 'none' } | { kind: 'create' } | { kind: 'edit'; reminder: ReminderRow };

/**
 * /m-reminder/list (spec 001 §2): the reminders of the filtered schools, paged, sorted and
 * filtered on the server; open ones first (the open / done filter); overdue deadlines red, due
 * today orange, each with a word. New and edit (dialog) and done with reminder_w, delete with
 * reminder_d after 'really_delete'. The reference links to the student or the lead.
 */
export function ReminderListPage() {
  const { t } = useTranslation(NS);
  const canWrite = useCan('reminder_w');
  const canDelete = useCan('reminder_d');
  const confirm = useConfirm();
  const [dialog, setDialog] = useState<Dialog>({ kind: 'none' });
  const list = useServerListController<ReminderRow>({
    fetchPage: getReminderList,
    initialSort: [{ id: 'date_deadline', desc: false }],
    initialFilters: [{ id: DONE_FILTER, value: false }],
  });
  const { reload } = list;
  const today = todayIso();

  const remove = useCallback(
    async (row: ReminderRow) => {
      if (!(await confirm({ message: 'really_delete', danger: true, confirmLabel: 'ui.delete' }))) return;
      try {
        await deleteReminder(row.reminder_id);
      } catch {
        await showErrorDialog({ code: 3, title: 'errors.error' });
        return;
      }
      reload();
    },
    [confirm, reload],
  );

  const done = useCallback(
    async (row: ReminderRow) => {
      try {
        await markReminderDone(row);
        toast.success('save_succeeded');
      } catch (error) {
        await showErrorDialog({ code: await toErrorCode(error), title: 'errors.error' });
      }
      reload();
    },
    [reload],
  );

  const columns = useMemo<ServerColumn<ReminderRow>[]>(
    () => [
      { field: 'date_created', header: t('reminders.created'), width: 120, format: (value) => formatDate(value as string) },
      {
        field: 'date_deadline',
        header: t('reminders.deadline'),
        width: 170,
        render: (row) => {
          const urgency = row.date_done === null ? reminderUrgency(row.date_deadline, today) : null;
          if (!urgency) return formatDate(row.date_deadline);
          return (
            <span className={styles[urgency]} data-urgency={urgency}>
              {formatDate(row.date_deadline)}{' '}
              <span className={styles.marker}>({t(urgency === 'overdue' ? 'reminders.overdue' : 'reminders.due_today')})</span>
            </span>
          );
        },
      },
      { field: 'subject', header: t('reminders.subject'), filter: { type: 'text' }, flex: 2 },
      { field: 'username', header: t('reminders.creator'), sortable: false, width: 120 },
      { field: 'notes', header: t('reminders.notes'), sortable: false, flex: 2, render: (row) => <span className={styles.notes}>{row.notes}</span> },
      {
        field: 'ref_name',
        header: t('reminders.reference'),
        sortable: false,
        minWidth: 160,
        render: (row) => {
          if (row.student_id)
            return <Link to={`/m-student/details/${row.student_id}`}>{`${t('reminders.student')}: ${row.ref_name ?? `#${row.student_id}`}`}</Link>;
          if (row.lead_id) return <Link to={`/m-lead/edit/${row.lead_id}`}>{`${t('reminders.lead')}: ${row.ref_name ?? `#${row.lead_id}`}`}</Link>;
          return '';
        },
      },
      { field: 'delegated_username', header: t('reminders.delegated_to'), sortable: false, width: 120 },
      {
        field: 'date_done',
        header: t('reminders.date_done'),
        width: 150,
        format: (value) => formatDateTime(value as string | null),
        filterId: DONE_FILTER,
        filter: {
          type: 'select',
          options: [
            { value: false, label: t('reminders.state_open') },
            { value: true, label: t('reminders.state_done') },
          ],
        },
      },
      { field: 'user_done', header: t('reminders.user_done'), sortable: false, width: 120 },
      {
        field: 'actions',
        header: t('reminders.actions'),
        sortable: false,
        minWidth: 260,
        render: (row) => (
          <span className={styles.actions}>
            {canWrite && (
              <Button size="small" aria-label={t('reminders.edit_item', { subject: row.subject })} onClick={() => setDialog({ kind: 'edit', reminder: row })}>
                {t('reminders.edit')}
              </Button>
            )}
            {canWrite && row.date_done === null && (
              <Button size="small" variant="primary" aria-label={t('reminders.done_item', { subject: row.subject })} onClick={() => void done(row)}>
                {t('reminders.mark_done')}
              </Button>
            )}
            {canDelete && (
              <Button size="small" variant="danger" aria-label={t('reminders.delete_item', { subject: row.subject })} onClick={() => void remove(row)}>
                {t('reminders.delete')}
              </Button>
            )}
          </span>
        ),
      },
    ],
    [t, today, canWrite, canDelete, done, remove],
  );

  const rowClass = useCallback(
    (row: ReminderRow) => {
      if (row.date_done !== null) return undefined;
      const urgency = reminderUrgency(row.date_deadline, today);
      return urgency === 'overdue' ? ROW_CLASS.danger : urgency === 'today' ? ROW_CLASS.warning : undefined;
    },
    [today],
  );

  const closeDialog = () => setDialog({ kind: 'none' });
  return (
    <>
      <PageHeader
        title={t('reminders.title')}
        actions={
          canWrite ? (
            <Button variant="primary" onClick={() => setDialog({ kind: 'create' })}>
              {t('reminders.add')}
            </Button>
          ) : undefined
        }
      />
      <ServerTable
        controller={list}
        columns={columns}
        rowId={(row) => row.reminder_id}
        rowClass={rowClass}
        label={t('reminders.title')}
      />
      {dialog.kind !== 'none' && (
        <ReminderFormDialog
          reminder={dialog.kind === 'edit' ? dialog.reminder : null}
          onClose={closeDialog}
          onSaved={() => {
            closeDialog();
            reload();
          }}
        />
      )}
    </>
  );
}
