import type { ReactNode } from 'react';

/** A choice of a select filter. `value` is sent as is (number, string or boolean). */
export interface FilterOption {
  value: string | number | boolean;
  label: string;
}

/** How a column is filtered: free text (prefix/contains match on the server), a choice, a date. */
export type ColumnFilter =
  | { type: 'text' }
  | { type: 'select'; options: FilterOption[] }
  | { type: 'date' }
  /** Two dates sent as one filter value `{ from?, to? }` (ISO, both ends included). */
  | { type: 'date-range' };

/** A column of a {@link ServerTable}. */
export interface ServerColumn<Row> {
  /** The row field's wire name (also the sort and filter id unless given). */
  field: string;
  /** Header text, already translated. */
  header: string;
  /** Clicking the header sorts by `sortId ?? field` on the server (default true). */
  sortable?: boolean;
  sortId?: string;
  /** Renders a labelled filter input above the grid. */
  filter?: ColumnFilter;
  filterId?: string;
  /** Text of a cell (e.g. formatDate, formatMoney); default the value as text. */
  format?: (value: unknown, row: Row) => string;
  /** A React cell (links, badges, buttons); wins over `format`. */
  render?: (row: Row) => ReactNode;
  width?: number;
  minWidth?: number;
  /** Share of the remaining width (default 1 unless `width` is set). */
  flex?: number;
  /** Right-align numbers and money. */
  align?: 'start' | 'end';
}

/** Row highlight classes for `rowClass` (colours from the design tokens). */
export const ROW_CLASS = {
  /** Needs attention, e.g. a direct debit without creditor id. */
  attention: 'sbo-row-attention',
  /** Orange: due today. */
  warning: 'sbo-row-warning',
  /** Overdue / failed. */
  danger: 'sbo-row-danger',
  success: 'sbo-row-success',
  muted: 'sbo-row-muted',
} as const;
