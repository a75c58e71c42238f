import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, toast } from 'shared-kernel';
import { EXPORT_MAX_ROWS, errorKey, type FilterEntry, type SortEntry } from 'shared-kernel/contracts';
import type { ExportFormat, RowId } from 'shared-kernel/table';
import { exportStudents } from '../api/export-students.js';
import { NS } from '../../../i18n.js';
import styles from './student-export-bar.module.css';

/** Props of {@link StudentExportBar}. */
export interface StudentExportBarProps {
  /** Students the filters find (the bar is shown only when above 0). */
  total: number;
  selection: readonly RowId[];
  onClearSelection: () => void;
  /** The filters and sort as sent to the list (exported when nothing is selected). */
  filtered: FilterEntry[];
  sorted: SortEntry[];
}

/**
 * 'Export selection' of the student list as CSV or Excel: the selected students, or, when none is
 * selected, every student the current filters find (in the list's order).
 */
export function StudentExportBar({ total, selection, onClearSelection, filtered, sorted }: StudentExportBarProps) {
  const { t, i18n } = useTranslation(NS);
  const labelId = useId();
  const [running, setRunning] = useState<ExportFormat | null>(null);
  const run = async (format: ExportFormat) => {
    setRunning(format);
    const code = await exportStudents(selection.length > 0 ? { format, ids: selection } : { format, filtered, sorted });
    setRunning(null);
    if (code > 0) toast.error(errorKey(code));
  };
  const count = selection.length;
  return (
    <div role="group" aria-labelledby={labelId} className={styles.bar} aria-busy={running !== null}>
      <span id={labelId} className={styles.label}>
        {t('students.export.label')}:
      </span>
      <Button size="small" disabled={running !== null} aria-label={t('students.export.csv_label')} onClick={() => void run('csv')}>
        {t('students.export.csv')}
      </Button>
      <Button size="small" disabled={running !== null} aria-label={t('students.export.xlsx_label')} onClick={() => void run('xlsx')}>
        {t('students.export.xlsx')}
      </Button>
      <span className={styles.scope} aria-live="polite">
        {count > 0 ? t('students.export.selected', { count }) : t('students.export.all_filtered', { count: total })}
      </span>
      {count > 0 && (
        <Button size="small" variant="ghost" onClick={onClearSelection}>
          {t('students.export.clear_selection')}
        </Button>
      )}
      {count === 0 && total > EXPORT_MAX_ROWS && (
        <span className={styles.scope}>{t('students.export.limit', { max: new Intl.NumberFormat(i18n.language).format(EXPORT_MAX_ROWS) })}</span>
      )}
    </div>
  );
}
