import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button, PageHeader, formatDate, showErrorDialog, toErrorCode, toast, useCan, useConfirm, useSchoolFilter } from 'shared-kernel';
import {
  LEAD_LIST_PAGE_SIZE,
  LEAD_STATUSES,
  LEAD_SUGGESTIONS,
  type LeadListRow,
  type LeadSuggestion,
  type LeadSuggestionCounts,
  type PagedListRequest,
} from 'shared-kernel/contracts';
import { ServerTable, useServerListController, type ServerColumn } from 'shared-kernel/table';
import { LEAD_EXPORT_URL, deleteLead, getLeadList } from '../api/leads.js';
import { NS } from '../i18n.js';
import { SuggestionCounters } from './suggestion-counters.js';
import links from '../../settings-links.module.css';
import styles from './leads.module.css';

const rowId = (row: LeadListRow) => row.lid;
const fullName = (row: LeadListRow) => [row.fn, row.ln].filter(Boolean).join(' ');

/** The suggestion code the list is filtered by (one code), or null. */
function selectedSuggestion(filtered: readonly { id: string; value: unknown }[]): LeadSuggestion | null {
  const value = filtered.find((entry) => entry.id === 'x')?.value;
  const code = Array.isArray(value) ? value[0] : value;
  return (LEAD_SUGGESTIONS as readonly unknown[]).includes(code) ? (code as LeadSuggestion) : null;
}

/**
 * /m-lead/list (spec 001 §2): the leads of the filtered schools, paged (20), sorted and
 * filtered on the server with the list state in the URL. Above the table the suggestion
 * counters (click filters by the code, resettable); columns reminder flag, school, first
 * contact (date range), name, suggestion, status, info event and trial, edit and delete
 * (lead_d and the row's delete flag). The selection (or everything the filters find)
 * exports as CSV or Excel.
 */
export function LeadListPage() {
  const { t } = useTranslation(NS);
  const canWrite = useCan('lead_w');
  const canDelete = useCan('lead_d');
  const { schools } = useSchoolFilter();
  const confirm = useConfirm();
  const [counts, setCounts] = useState<LeadSuggestionCounts | null>(null);
  const fetchPage = useCallback(async (request: PagedListRequest, signal: AbortSignal) => {
    const answer = await getLeadList(request, signal);
    setCounts(answer.sug);
    return answer;
  }, []);
  const list = useServerListController<LeadListRow>({
    fetchPage,
    defaultPageSize: LEAD_LIST_PAGE_SIZE,
    initialSort: [{ id: 'fc', desc: true }],
  });
  const { reload, setFilter } = list;
  const selected = selectedSuggestion(list.filtered);

  const remove = useCallback(
    async (row: LeadListRow) => {
      if (!(await confirm({ message: 'really_delete', danger: true, confirmLabel: 'ui.delete' }))) return;
      try {
        await deleteLead(row.lid);
      } catch (error) {
        const code = await toErrorCode(error);
        await showErrorDialog({ code: code === 72 ? 72 : 3, title: 'errors.error' });
        return;
      }
      toast.success(`${NS}:leads.deleted`, { title: `${NS}:leads.title` });
      reload();
    },
    [confirm, reload],
  );

  const columns = useMemo<ServerColumn<LeadListRow>[]>(() => {
    const step = (state: number) =>
      state === 0 ? <span className={styles.info}>–</span> : <span className={`${styles.flag} ${styles[`flag${state}`]}`}>{t(`lead_enums.step.${state}`)}</span>;
    return [
      {
        field: 'remc',
        header: t('leads.reminder'),
        width: 110,
        render: (row) =>
          row.remc > 0 ? (
            <span className={styles.reminderFlag} title={t('leads.reminders_open', { count: row.remc })}>
              <span aria-hidden="true">⚑ </span>
              <span className="sbo-visually-hidden">{t('leads.reminders_open', { count: row.remc })}</span>
              <span aria-hidden="true">{row.remc}</span>
            </span>
          ) : null,
      },
      {
        field: 'sid',
        header: t('leads.school'),
        filter: { type: 'select', options: schools.map((school) => ({ value: school.id, label: school.name })) },
        format: (_value, row) => row.sn,
      },
      { field: 'fc', header: t('leads.first_contact'), width: 130, filter: { type: 'date-range' }, format: (value) => formatDate(value as string | null) },
      {
        field: 'ln',
        header: t('leads.name'),
        filter: { type: 'text' },
        render: (row) => (
          <Link to={`/m-lead/edit/${row.lid}`}>
            {row.ln}
            {row.fn ? `, ${row.fn}` : ''}
          </Link>
        ),
      },
      { field: 'x', header: t('leads.suggestion'), minWidth: 220, format: (_value, row) => t(`lead_enums.suggestion.${row.x}`) },
      {
        field: 'ls',
        header: t('leads.status'),
        filter: { type: 'select', options: LEAD_STATUSES.map((status) => ({ value: status, label: t(`lead_enums.status.${status}`) })) },
        format: (_value, row) => t(`lead_enums.status.${row.ls}`),
      },
      { field: 'ie', header: t('leads.info_event'), sortable: false, width: 120, render: (row) => step(row.ie) },
      { field: 'tr', header: t('leads.trial'), sortable: false, width: 120, render: (row) => step(row.tr) },
      {
        field: 'actions',
        header: t('leads.actions'),
        sortable: false,
        minWidth: 190,
        render: (row) => {
          const name = fullName(row);
          return (
            <span className={styles.actions}>
              <Link to={`/m-lead/edit/${row.lid}`} className={links.smallLink} aria-label={t('leads.edit_item', { name })}>
                {t('leads.edit')}
              </Link>
              {canDelete && row.td && (
                <Button size="small" variant="danger" aria-label={t('leads.delete_item', { name })} onClick={() => void remove(row)}>
                  {t('leads.delete')}
                </Button>
              )}
              {canDelete && !row.td && <span className={styles.info}>{t('leads.not_deletable')}</span>}
            </span>
          );
        },
      },
    ];
  }, [t, schools, canDelete, remove]);

  return (
    <>
      <PageHeader
        title={t('leads.title')}
        actions={
          canWrite ? (
            <Link to="/m-lead/add" className={links.linkButton}>
              {t('leads.add')}
            </Link>
          ) : undefined
        }
      />
      <SuggestionCounters
        counts={counts}
        selected={selected}
        onSelect={(code) => setFilter('x', code === null ? null : [code], { immediate: true })}
      />
      <ServerTable
        controller={list}
        columns={columns}
        rowId={rowId}
        rowLabel={fullName}
        label={t('leads.list_label')}
        selectable
        exportUrl={LEAD_EXPORT_URL}
      />
    </>
  );
}
