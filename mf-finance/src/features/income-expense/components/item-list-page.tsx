import { useCallback, useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { Button, PageHeader, Spinner, formatDate, useCan } from 'shared-kernel';
import type { SortEntry } from 'shared-kernel/contracts';
import { ServerTable, useServerListController, type FetchPage, type ServerColumn } from 'shared-kernel/table';
import { NS } from '../../../i18n.js';
import { useDeleteItem } from '../hooks/use-delete-item.js';
import { formPath, type FormMode, type ItemKind, type ListReturnState } from '../utils/item-kind.js';
import { RowActions } from './row-actions.js';
import styles from './item-list-page.module.css';

/** What every income and expense row has. */
export interface ItemRow {
  id: number;
  /** payment date (ISO) */
  pd: string;
  /** annotation */
  an: string;
}

export interface ItemListPageProps<Row extends ItemRow> {
  kind: ItemKind;
  fetchPage: FetchPage<Row>;
  /** The kind's columns; the actions column is added here. */
  columns: ServerColumn<Row>[];
  exportUrl: string;
  remove: (id: number) => Promise<void>;
  /** Rows without edit, copy and delete (an income that came from a student payment). */
  isLocked?: (row: Row) => boolean;
  /**
   * False while lookups the cells show (category names) are loading: the list shows once the
   * names are known instead of drawing ids first.
   */
  ready?: boolean;
}

const NEWEST_FIRST: SortEntry[] = [{ id: 'pd', desc: true }];

/**
 * The list screen income and expense share (spec 002 §2.4/2.5): paged, sorted and filtered on
 * the server with the state in the URL, a payment date range, row actions by permission, the
 * export (the selection, or all filtered rows) once there are rows, the add button and the
 * total.
 */
export function ItemListPage<Row extends ItemRow>({
  kind, fetchPage, columns, exportUrl, remove, isLocked, ready = true,
}: ItemListPageProps<Row>) {
  const { t } = useTranslation(NS);
  const navigate = useNavigate();
  const location = useLocation();
  const canWrite = useCan('finance_w');
  const canDelete = useCan('finance_d');
  const list = useServerListController<Row>({ fetchPage, initialSort: NEWEST_FIRST });
  const { reload, setSelection } = list;

  // The row buttons read the latest URL query and selection through refs, so the table's
  // columns stay the same while the user filters and selects.
  const latest = useRef({ search: location.search, selection: list.selection });
  useEffect(() => {
    latest.current = { search: location.search, selection: list.selection };
  });

  const openForm = useCallback(
    (mode: FormMode, id?: number) => {
      const state: ListReturnState = { listSearch: latest.current.search };
      navigate(formPath(kind, mode, id), { state });
    },
    [navigate, kind],
  );

  const onDeleted = useCallback(
    (id: number) => {
      const { selection } = latest.current;
      if (selection.includes(id)) setSelection(selection.filter((selected) => selected !== id));
      reload();
    },
    [reload, setSelection],
  );
  const deleteItem = useDeleteItem(remove, onDeleted);

  const allColumns = useMemo<ServerColumn<Row>[]>(
    () => [
      ...columns,
      {
        field: 'actions',
        header: t('list.actions'),
        sortable: false,
        minWidth: 200,
        render: (row) =>
          isLocked?.(row) ? null : (
            <RowActions
              label={row.an.trim() || formatDate(row.pd)}
              canWrite={canWrite}
              canDelete={canDelete}
              onEdit={() => openForm('edit', row.id)}
              onCopy={() => openForm('template', row.id)}
              onDelete={() => void deleteItem(row.id)}
            />
          ),
      },
    ],
    [columns, t, isLocked, canWrite, canDelete, openForm, deleteItem],
  );

  // Checkboxes only when there is something to export (spec 002 §2.4; ServerTable shows the
  // export itself from a total above 0); the total of the last answer is kept while the next
  // page loads, so the checkboxes do not flicker.
  const hasRows = list.total > 0;
  return (
    <>
      <PageHeader
        title={t(`${kind}.title`)}
        actions={
          canWrite && (
            <Button variant="primary" onClick={() => openForm('create')}>
              {t(`${kind}.add`)}
            </Button>
          )
        }
      >
        {list.state === 0 && <p className={styles.total}>{t('ui.total', { ns: 'common', count: list.total })}</p>}
      </PageHeader>
      <div className={styles.list}>
        {ready ? (
          <ServerTable<Row>
            controller={list}
            columns={allColumns}
            rowId={(row) => row.id}
            rowLabel={(row) => row.an.trim() || formatDate(row.pd)}
            label={t(`${kind}.title`)}
            selectable={hasRows}
            exportUrl={exportUrl}
          />
        ) : (
          <Spinner showLabel />
        )}
      </div>
    </>
  );
}
