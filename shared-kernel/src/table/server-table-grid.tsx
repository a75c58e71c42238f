import { useEffect, useRef, type KeyboardEvent, type MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { SortEntry } from 'shared-kernel/contracts';
import { isFromCellControl, useCellKeyboardAccess } from './cell-keyboard-access.js';
import type { ServerColumn } from './server-column.js';
import type { RowId, ServerListController } from './use-server-list-controller.js';
import styles from './server-table.module.css';

/** Props of {@link ServerTableGrid}: the table part of a `ServerTable`. */
export interface ServerTableGridProps<Row> {
  controller: ServerListController<Row>;
  columns: ServerColumn<Row>[];
  rowId: (row: Row) => RowId;
  label: string;
  rowLabel?: (row: Row) => string;
  selectable: boolean | ((row: Row) => boolean);
  rowClass?: (row: Row) => string | undefined;
  onRowClick?: (row: Row) => void;
}

const sortIdOf = <Row,>(column: ServerColumn<Row>) => column.sortId ?? column.field;

/**
 * The sort after a click on a column's sort button: ascending, descending, none (like the
 * usual grids). A plain click sorts by this column alone, Shift+click adds it to the sort.
 */
export function nextSort(sorted: readonly SortEntry[], id: string, add: boolean): SortEntry[] {
  const current = sorted.find((entry) => entry.id === id);
  const next: SortEntry | null = !current ? { id, desc: false } : current.desc ? null : { id, desc: true };
  if (!add) return next ? [next] : [];
  if (!current) return [...sorted, next!];
  return sorted.flatMap((entry) => (entry.id !== id ? [entry] : next ? [next] : []));
}

/** Text of a cell without a `render`: `format`, else the value as text. */
function cellText<Row>(column: ServerColumn<Row>, row: Row): string {
  const value = (row as Record<string, unknown>)[column.field];
  if (column.format) return column.format(value, row);
  return value === null || value === undefined ? '' : String(value);
}

function SelectAllCheckbox({ checked, mixed, disabled, label, onChange }: {
  checked: boolean;
  mixed: boolean;
  disabled: boolean;
  label: string;
  onChange: () => void;
}) {
  const ref = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (ref.current) ref.current.indeterminate = mixed;
  }, [mixed]);
  return <input ref={ref} type="checkbox" className={styles.checkbox} checked={checked} disabled={disabled} aria-label={label} onChange={onChange} />;
}

/**
 * The current page as a native table: a caption with the list's name, `th scope="col"`
 * headers whose sort buttons sort on the server (`aria-sort` on the header of the first sort),
 * row checkboxes keeping the controller's selection across pages and 'select all' for the
 * page's rows, cells from `format` or `render`. Scrolls sideways on narrow screens, the header
 * stays in view.
 */
export function ServerTableGrid<Row>({
  controller,
  columns,
  rowId,
  label,
  rowLabel,
  selectable,
  rowClass,
  onRowClick,
}: ServerTableGridProps<Row>) {
  const { t } = useTranslation('common');
  const tableRef = useRef<HTMLTableElement>(null);
  useCellKeyboardAccess(tableRef);
  const { rows, sorted, selection, setSorted, setSelection } = controller;

  const canSelect = (row: Row) => (typeof selectable === 'function' ? selectable(row) : selectable);
  const selected = new Set(selection.map(String));
  const pageIds = rows.filter(canSelect).map((row) => String(rowId(row)));
  const pickedOnPage = pageIds.filter((id) => selected.has(id)).length;
  const allPicked = pageIds.length > 0 && pickedOnPage === pageIds.length;

  const toggleRow = (row: Row) => {
    const id = rowId(row);
    setSelection(selected.has(String(id)) ? selection.filter((entry) => String(entry) !== String(id)) : [...selection, id]);
  };
  const toggleAll = () => {
    if (allPicked) setSelection(selection.filter((entry) => !pageIds.includes(String(entry))));
    else setSelection([...selection, ...rows.filter((row) => canSelect(row) && !selected.has(String(rowId(row)))).map(rowId)]);
  };

  const rowClick = onRowClick
    ? (row: Row) => (event: MouseEvent<HTMLTableRowElement>) => {
        if (!isFromCellControl(event.nativeEvent)) onRowClick(row);
      }
    : undefined;
  const cellKey = onRowClick
    ? (row: Row) => (event: KeyboardEvent<HTMLTableCellElement>) => {
        if (event.key === 'Enter' && event.target === event.currentTarget) onRowClick(row);
      }
    : undefined;

  return (
    // Keyboard users scroll a wide table with the focus on it (or on a control in it).
    <div className={styles.scroller} tabIndex={0} role="region" aria-label={label}>
      <table ref={tableRef} className={styles.grid}>
        <caption className={styles.caption}>{label}</caption>
        <thead>
          <tr>
            {selectable && (
              <th scope="col" className={styles.selectCell}>
                <SelectAllCheckbox
                  checked={allPicked}
                  mixed={pickedOnPage > 0 && !allPicked}
                  disabled={pageIds.length === 0}
                  label={t('ui.select_all')}
                  onChange={toggleAll}
                />
              </th>
            )}
            {columns.map((column) => {
              const sortIndex = sorted.findIndex((entry) => entry.id === sortIdOf(column));
              const sort = sortIndex < 0 ? undefined : sorted[sortIndex];
              const direction = sort ? (sort.desc ? 'descending' : 'ascending') : undefined;
              return (
                <th
                  key={column.field}
                  scope="col"
                  className={column.align === 'end' ? styles.end : undefined}
                  aria-sort={sortIndex === 0 ? direction : undefined}
                >
                  {/* Table cells ignore min-width: a block inside the header holds the column's width. */}
                  <div style={{ minWidth: column.width ?? column.minWidth }}>
                    {column.sortable === false ? (
                      column.header
                    ) : (
                      <button
                        type="button"
                        className={styles.sortButton}
                        onClick={(event) => setSorted(nextSort(sorted, sortIdOf(column), event.shiftKey))}
                      >
                        {column.header}
                        <span className={styles.sortMark} aria-hidden="true">
                          {sort ? (sort.desc ? '▼' : '▲') : '↕'}
                          {sort && sorted.length > 1 ? sortIndex + 1 : ''}
                        </span>
                        {sortIndex > 0 && (
                          <span className={styles.caption}>{t(sort!.desc ? 'ui.sort_descending' : 'ui.sort_ascending')}</span>
                        )}
                      </button>
                    )}
                  </div>
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody>
          {rows.map((row, index) => {
            const id = rowId(row);
            const picked = selected.has(String(id));
            const className = [rowClass?.(row), picked ? styles.picked : undefined].filter(Boolean).join(' ');
            return (
              <tr key={String(id)} className={className || undefined} onClick={rowClick?.(row)}>
                {selectable && (
                  <td className={styles.selectCell}>
                    {canSelect(row) && (
                      <input
                        type="checkbox"
                        className={styles.checkbox}
                        checked={picked}
                        aria-label={rowLabel ? t('ui.select_row_named', { name: rowLabel(row) }) : t('ui.select_row_n', { n: index + 1 })}
                        onChange={() => toggleRow(row)}
                      />
                    )}
                  </td>
                )}
                {columns.map((column) => {
                  const opensRow = cellKey && !column.render;
                  return (
                    <td
                      key={column.field}
                      className={column.align === 'end' ? styles.end : undefined}
                      tabIndex={opensRow ? 0 : undefined}
                      onKeyDown={opensRow ? cellKey(row) : undefined}
                    >
                      {column.render ? column.render(row) : cellText(column, row)}
                    </td>
                  );
                })}
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
