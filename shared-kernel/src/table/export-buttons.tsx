import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, toast } from 'shared-kernel';
import { EXPORT_MAX_ROWS, errorKey, type FilterEntry, type SortEntry } from 'shared-kernel/contracts';
import { exportFiltered, exportSelection, type ExportFormat } from './export-selection.js';
import type { RowId } from './use-server-list-controller.js';
import styles from './server-table.module.css';

/** Props of {@link ExportButtons}. */
export interface ExportButtonsProps {
  /**
   * The export call's path. It takes `ids=1,2` (the selection) or `filtered=<JSON>` and
   * `sorted=<JSON>` (every row the list's filters match), like /api-student/export-sel.
   */
  url: string;
  selection: readonly RowId[];
  /** The list's filters as the server takes them (exported when nothing is selected). */
  filtered: readonly FilterEntry[];
  sorted?: readonly SortEntry[];
  /** Rows the filters match. */
  total: number;
  /** Shows 'clear selection' while rows are selected. */
  onClearSelection?: () => void;
  formats?: readonly ExportFormat[];
}

/**
 * 'Export selection' of a server-paged list as CSV or Excel: the selected rows, or, when none is
 * selected, every row the filters match in the list's order. Says which of the two it exports
 * and that one export answers at most EXPORT_MAX_ROWS rows; a failed export shows an error
 * toast. `ServerTable` shows it for its `exportUrl`.
 * @example <ExportButtons url="api-student/export-sel" selection={list.selection} filtered={list.filtered} sorted={list.sorted} total={list.total} />
 */
export function ExportButtons({
  url,
  selection,
  filtered,
  sorted = [],
  total,
  onClearSelection,
  formats = ['csv', 'xlsx'],
}: ExportButtonsProps) {
  const { t, i18n } = useTranslation('common');
  const labelId = useId();
  const [running, setRunning] = useState(false);
  const count = selection.length;

  const run = async (format: ExportFormat) => {
    setRunning(true);
    const code =
      count > 0 ? await exportSelection({ url, ids: selection, format }) : await exportFiltered({ url, filtered, sorted, format });
    setRunning(false);
    if (code > 0) toast.error(errorKey(code));
  };

  return (
    <div role="group" aria-labelledby={labelId} className={styles.exportButtons} aria-busy={running}>
      <span id={labelId} className={styles.exportLabel}>
        {t('ui.export_selection')}
      </span>
      {formats.map((format) => (
        <Button key={format} size="small" disabled={running} onClick={() => void run(format)}>
          {t(format === 'csv' ? 'ui.export_csv' : 'ui.export_xlsx')}
        </Button>
      ))}
      <span className={styles.selectionCount} aria-live="polite">
        {count > 0 ? t('ui.selected', { count }) : t('ui.export_all_filtered', { count: total })}
      </span>
      {count > 0 && onClearSelection && (
        <Button size="small" variant="ghost" onClick={onClearSelection}>
          {t('ui.clear_selection')}
        </Button>
      )}
      {count === 0 && total > EXPORT_MAX_ROWS && (
        <span className={styles.selectionCount}>
          {t('ui.export_limit', { max: new Intl.NumberFormat(i18n.language).format(EXPORT_MAX_ROWS) })}
        </span>
      )}
    </div>
  );
}
