import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import {
  Button, PageHeader, formatDate, showErrorDialog, toErrorCode, toast, useCan, useConfirm, useSessionStore,
} from 'shared-kernel';
import { CONTRACTS_CREATOR, type ConclusionListRow } from 'shared-kernel/contracts';
import { ROW_CLASS, ServerTable, useServerListController, type ServerColumn } from 'shared-kernel/table';
import {
  createPreStudent, deleteConclusion, downloadConclusionPdf, downloadSepaMandate, getConclusionList,
} from '../api/conclusions.js';
import { NS } from '../i18n.js';
import { conclusionEditPath } from '../conclusion-paths.js';
import { ActivateDialog } from './activate-dialog.js';
import links from '../../settings-links.module.css';
import styles from './conclusions.module.css';

/** Spec 000 §4 / §9: lists start on page 0 with 20 rows. */
const PAGE_SIZE = 20;

const fullName = (row: ConclusionListRow) => `${row.fn} ${row.ln}`.trim();

/**
 * /m-con/list (spec 000 §2): the conclusions of the filtered schools, paged, sorted and
 * filtered (first and last name) on the server. Rows with a withdrawal date are orange and
 * carry a marker; rows from the online-contracts frame are marked. Row actions by atoms and
 * state: edit and delete until activated, activate, the paper PDF, the SEPA mandate (direct debits) and the
 * pre-student. Create buttons by the installation's country.
 */
export function ConclusionListPage() {
  const { t } = useTranslation(NS);
  const canWrite = useCan('conclusion_w');
  const canDelete = useCan('conclusion_d');
  const canStudentWrite = useCan('student_w');
  const country = useSessionStore((session) => session.appState?.country ?? 'at');
  const confirm = useConfirm();
  const [activating, setActivating] = useState<ConclusionListRow | null>(null);
  const list = useServerListController<ConclusionListRow>({
    fetchPage: getConclusionList,
    defaultPageSize: PAGE_SIZE,
    initialSort: [{ id: 'dc', desc: true }],
  });
  const { reload } = list;

  const remove = useCallback(
    async (row: ConclusionListRow) => {
      if (!(await confirm({ message: 'really_delete', danger: true, confirmLabel: 'ui.delete' }))) return;
      try {
        await deleteConclusion(row.ccid);
      } catch {
        await showErrorDialog({ code: 3, title: 'errors.error' });
        return;
      }
      reload();
    },
    [confirm, reload],
  );

  const download = useCallback(async (load: () => Promise<void>) => {
    try {
      await load();
    } catch (error) {
      await showErrorDialog({ code: await toErrorCode(error), title: 'errors.error' });
    }
  }, []);

  const preStudent = useCallback(
    async (row: ConclusionListRow) => {
      try {
        await createPreStudent(row.ccid);
      } catch (error) {
        await showErrorDialog({ code: await toErrorCode(error), title: 'errors.error' });
        return;
      }
      toast.success(`${NS}:conclusions.prestudent_done`, { title: `${NS}:conclusions.title` });
      reload();
    },
    [reload],
  );

  const columns = useMemo<ServerColumn<ConclusionListRow>[]>(() => {
    const yesNo = (value: unknown) => t(value ? 'conclusions.yes' : 'conclusions.no');
    return [
      { field: 'dc', header: t('conclusions.created'), width: 110, format: (value) => formatDate(value as string) },
      { field: 'sid', header: t('conclusions.school'), format: (_value, row) => row.sn },
      { field: 'cn', header: t('conclusions.contract_no'), width: 130 },
      { field: 'fn', header: t('conclusions.firstname'), filter: { type: 'text' } },
      { field: 'ln', header: t('conclusions.lastname'), filter: { type: 'text' } },
      { field: 'po', header: t('conclusions.paper'), width: 80, format: yesNo },
      { field: 'act', header: t('conclusions.activated'), width: 90, format: yesNo },
      {
        field: 'date_withdrawal',
        header: t('conclusions.withdrawal'),
        width: 130,
        render: (row) =>
          row.date_withdrawal ? (
            <span className={styles.withdrawn} title={t('conclusions.withdrawn_marker', { date: formatDate(row.date_withdrawal) })}>
              <span aria-hidden="true">⚠ </span>
              {formatDate(row.date_withdrawal)}
            </span>
          ) : null,
      },
      { field: 'cs', header: t('conclusions.contract_start'), width: 120, format: (value) => formatDate(value as string) },
      {
        field: 'createdBy',
        header: t('conclusions.created_by'),
        render: (row) =>
          row.createdBy === CONTRACTS_CREATOR ? <span className={styles.badge}>{t('conclusions.contracts_marker')}</span> : row.createdBy,
      },
      { field: 'mno', header: t('conclusions.mno'), width: 110 },
      {
        field: 'stu',
        header: t('conclusions.student'),
        width: 90,
        render: (row) =>
          row.stu ? (
            <Link to={`/m-student/details/${row.stu}`} aria-label={t('conclusions.open_student', { name: fullName(row), id: row.stu })}>
              {row.stu}
            </Link>
          ) : null,
      },
      {
        field: 'actions',
        header: t('conclusions.actions'),
        sortable: false,
        minWidth: 320,
        render: (row) => {
          const name = fullName(row);
          return (
            <span className={styles.actions}>
              {canWrite && !row.act && (
                <Link to={conclusionEditPath(row, country)} className={links.smallLink} aria-label={t('conclusions.edit_item', { name })}>
                  {t('conclusions.edit')}
                </Link>
              )}
              {canWrite && !row.act && (
                <Button size="small" variant="primary" aria-label={t('conclusions.activate_item', { name })} onClick={() => setActivating(row)}>
                  {t('conclusions.activate')}
                </Button>
              )}
              {canWrite && row.po && (
                <Button size="small" aria-label={t('conclusions.pdf_item', { name })} onClick={() => void download(() => downloadConclusionPdf(row.ccid))}>
                  {t('conclusions.pdf')}
                </Button>
              )}
              {/* Only a direct debit has a mandate; for transfer or cash the download could only fail. */}
              {row.sepa && (
                <Button size="small" aria-label={t('conclusions.sepa_item', { name })} onClick={() => void download(() => downloadSepaMandate(row.ccid))}>
                  {t('conclusions.sepa')}
                </Button>
              )}
              {canStudentWrite && row.act && !row.mno && row.stu !== null && (
                <Button size="small" aria-label={t('conclusions.prestudent_item', { name })} onClick={() => void preStudent(row)}>
                  {t('conclusions.prestudent')}
                </Button>
              )}
              {canDelete && !row.act && (
                <Button size="small" variant="danger" aria-label={t('conclusions.delete_item', { name })} onClick={() => void remove(row)}>
                  {t('conclusions.delete')}
                </Button>
              )}
            </span>
          );
        },
      },
    ];
  }, [t, canWrite, canDelete, canStudentWrite, country, remove, download, preStudent]);

  return (
    <>
      <PageHeader
        title={t('conclusions.title')}
        actions={
          canWrite ? (
            <span className={styles.createLinks}>
              {country === 'at' && (
                <Link to="/m-con/rc/create" className={links.linkButton}>
                  {t('conclusions.create_regular')}
                </Link>
              )}
              <Link to="/m-con/lc/create" className={country === 'at' ? links.secondaryLink : links.linkButton}>
                {t('conclusions.create_paper')}
              </Link>
            </span>
          ) : undefined
        }
      />
      <ServerTable
        controller={list}
        columns={columns}
        rowId={(row) => row.ccid}
        label={t('conclusions.list_label')}
        rowClass={(row) => (row.date_withdrawal ? ROW_CLASS.warning : undefined)}
      />
      {activating && (
        <ActivateDialog
          conclusionId={activating.ccid}
          name={fullName(activating)}
          onClose={() => setActivating(null)}
          onActivated={() => {
            setActivating(null);
            toast.success(`${NS}:conclusions.activated_toast`, { title: `${NS}:conclusions.title` });
            reload();
          }}
        />
      )}
    </>
  );
}
