import * as yup from 'yup';
import { MSG } from './messages.js';

/**
 * A user's saved column layout of one list (issue 26): which columns are hidden, their widths,
 * which are pinned, in the order the user arranged them. Saved per user and list on the server
 * (`GET/PUT /api-user/list-layout?list=NAME`), so it follows the user to another PC. It is the
 * user's own preference and holds no school data.
 */

/**
 * The lists whose layout can be saved: the list screens of the remotes (their ServerTable) and
 * the tables the grid is to replace (issue 26: finance tab, dunning list, direct debits, bank
 * assignment). A new list screen adds its name here (the API refuses other names).
 */
export const LIST_LAYOUT_NAMES = [
  'students', // mf-management /m-student (student list)
  'conclusions', // mf-management /m-con/list
  'leads', // mf-management /m-lead
  'reminders', // mf-management reminder list
  'templates', // mf-management template list
  'accounts', // mf-management bank accounts
  'lead-import', // mf-management legacy lead import (staged rows)
  'income', // mf-finance income list
  'expense', // mf-finance expense list
  'bank-movements', // mf-finance bank movements
  'student-contracts', // mf-finance student's contracts tab
  'student-payments', // mf-finance student's payments tab
  'student-receipts', // mf-finance student's finance tab (receipts)
  'dunning', // mf-finance dunning list
  'direct-debit-candidates', // mf-finance direct-debit candidates
  'direct-debit-preview', // mf-finance direct-debit preview
  'bank-assignment', // mf-finance bank movement assignment
  'news', // mf-content news list
] as const;

export type ListLayoutName = (typeof LIST_LAYOUT_NAMES)[number];

/** A column id: the list's own column key (letters, digits, `_ . -`, starting with a letter). */
export const LIST_COLUMN_ID_PATTERN = /^[A-Za-z][A-Za-z0-9_.-]*$/;
export const LIST_COLUMN_ID_MAX_LENGTH = 64;
/** Column widths in whole CSS pixels. */
export const LIST_COLUMN_MIN_WIDTH = 40;
export const LIST_COLUMN_MAX_WIDTH = 2000;
/** At most this many columns in one layout. */
export const LIST_LAYOUT_MAX_COLUMNS = 100;
export const LIST_COLUMN_PINS = ['left', 'right'] as const;

/** One column of a saved layout, in the order the user arranged the columns. */
export interface ListLayoutColumn {
  id: string;
  hide: boolean;
  /** Width in CSS pixels; null = the list's default width. */
  width: number | null;
  pinned: (typeof LIST_COLUMN_PINS)[number] | null;
}

/** `GET /api-user/list-layout?list=NAME`: empty `columns` when the user never saved one. */
export interface ListLayout {
  columns: ListLayoutColumn[];
  version: number;
}

/** The body of `PUT /api-user/list-layout?list=NAME` (the version the GET answered). */
export type ListLayoutSave = ListLayout;

const columnSchema = yup
  .object({
    id: yup
      .string()
      .strict()
      .required(MSG.required)
      .max(LIST_COLUMN_ID_MAX_LENGTH, MSG.tooLong)
      .matches(LIST_COLUMN_ID_PATTERN, MSG.invalid),
    hide: yup.boolean().strict().required(MSG.required),
    width: yup
      .number()
      .typeError(MSG.invalid)
      .strict()
      .integer(MSG.invalid)
      .min(LIST_COLUMN_MIN_WIDTH, MSG.invalid)
      .max(LIST_COLUMN_MAX_WIDTH, MSG.invalid)
      .nullable()
      .defined(MSG.required),
    pinned: yup
      .string()
      .strict()
      .oneOf([...LIST_COLUMN_PINS], MSG.invalid)
      .nullable()
      .defined(MSG.required),
  })
  .noUnknown(true, MSG.invalid);

/** The columns of a layout: each id once, at most {@link LIST_LAYOUT_MAX_COLUMNS}. */
export const listLayoutSchema = yup
  .object({
    columns: yup
      .array(columnSchema.required())
      .required(MSG.required)
      .max(LIST_LAYOUT_MAX_COLUMNS, MSG.invalid)
      .test('unique-ids', MSG.invalid, (columns) => !columns || new Set(columns.map((c) => c?.id)).size === columns.length),
  })
  .noUnknown(true, MSG.invalid);

export function isListLayoutName(name: unknown): name is ListLayoutName {
  return typeof name === 'string' && (LIST_LAYOUT_NAMES as readonly string[]).includes(name);
}
