import type { TableHTMLAttributes } from 'react';
import styles from './plain-table.module.css';

/** Props of {@link PlainTable}: a <table>'s attributes plus the kernel's two variants. */
export interface PlainTableProps extends TableHTMLAttributes<HTMLTableElement> {
  /** Cells aligned to the top (rows with several lines, e.g. an error text). */
  alignTop?: boolean;
  /** Less padding (a table inside a side panel or a form). */
  dense?: boolean;
}

/**
 * A small, unpaged table styled the same in every area (configuration lists, a dialog's rows):
 * the area writes the <thead>/<tbody> and adds its own class for column details. Give it an
 * accessible name (aria-label or a caption) like any table. Paged, sortable lists use
 * ServerTable (shared-kernel/table).
 * @example <PlainTable aria-label={t('roles.list_label')}><thead>…</thead><tbody>…</tbody></PlainTable>
 */
export function PlainTable({ alignTop = false, dense = false, className, ...table }: PlainTableProps) {
  const classes = [styles.table, alignTop && styles.top, dense && styles.dense, className].filter(Boolean).join(' ');
  return <table {...table} className={classes} />;
}
