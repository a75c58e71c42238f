import ExcelJS from 'exceljs';
import type { FastifyReply } from 'fastify';
import { EXPORT_MAX_ROWS, type PagedListRequest } from 'shared-kernel/contracts';
import { contentDisposition } from '../files/names.js';
import { badRequest } from './http-error.js';
import type { PagedRequest } from './paged-list.js';

/**
 * Table exports (CSV and XLSX) of list selections. Text cells that a spreadsheet would run
 * as a formula (starting with = + - @ tab or CR: "=HYPERLINK(...)", "=cmd|' /C calc'!A0")
 * get a leading apostrophe; numbers, dates and money stay real values.
 */

/** How a column's values are written. */
export type ExportColumnType = 'text' | 'int' | 'date' | 'money' | 'bool';

/** One column of an export. */
export interface ExportColumn<Row> {
  header: string;
  value: (row: Row) => unknown;
  /** Default 'text'. 'date' takes ISO 'YYYY-MM-DD' (or a Date); 'money' integer cents. */
  type?: ExportColumnType;
  /** XLSX column width in characters (default from the header). */
  width?: number;
}

export type ExportFormat = 'csv' | 'xlsx';

const FORMULA_START = /^[=+\-@\t\r]/;

/** A text cell made safe for spreadsheets: a leading ' when it would start a formula. */
export function neutraliseFormula(text: string): string {
  return FORMULA_START.test(text) ? `'${text}` : text;
}

function isoDateOf(value: unknown): string | null {
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value.toISOString().slice(0, 10);
  if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}/.test(value)) return value.slice(0, 10);
  return null;
}

/** 'YYYY-MM-DD' -> 'DD.MM.YYYY' */
function germanDate(iso: string): string {
  return `${iso.slice(8, 10)}.${iso.slice(5, 7)}.${iso.slice(0, 4)}`;
}

/** Cents -> '1234,50' / '-3,05' (no thousands separator: Excel reads it as a number). */
export function euros(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(Math.round(cents));
  return `${sign}${Math.floor(abs / 100)},${String(abs % 100).padStart(2, '0')}`;
}

function textOf(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (Array.isArray(value)) return value.map(textOf).join(', ');
  return String(value);
}

/** A cell's CSV text (before quoting). */
function csvCell(value: unknown, type: ExportColumnType): string {
  if (value === null || value === undefined || value === '') return '';
  switch (type) {
    case 'int':
      return typeof value === 'number' && Number.isFinite(value) ? String(value) : neutraliseFormula(textOf(value));
    case 'money':
      return typeof value === 'number' && Number.isFinite(value) ? euros(value) : neutraliseFormula(textOf(value));
    case 'date': {
      const iso = isoDateOf(value);
      return iso ? germanDate(iso) : neutraliseFormula(textOf(value));
    }
    case 'bool':
      return value ? '1' : '0';
    default:
      return neutraliseFormula(textOf(value));
  }
}

function csvQuote(text: string): string {
  return /[;"\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/**
 * CSV for German Excel: UTF-8 with BOM, `;` between fields, CRLF line ends, dates
 * DD.MM.YYYY, money in euros with a decimal comma.
 */
export function toCsv<Row>(columns: readonly ExportColumn<Row>[], rows: readonly Row[]): Buffer {
  const lines = [columns.map((c) => csvQuote(neutraliseFormula(c.header))).join(';')];
  for (const row of rows) {
    lines.push(columns.map((c) => csvQuote(csvCell(c.value(row), c.type ?? 'text'))).join(';'));
  }
  return Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(`${lines.join('\r\n')}\r\n`, 'utf8')]);
}

function xlsxCell(value: unknown, type: ExportColumnType): ExcelJS.CellValue {
  if (value === null || value === undefined || value === '') return null;
  switch (type) {
    case 'int':
      return typeof value === 'number' && Number.isFinite(value) ? value : neutraliseFormula(textOf(value));
    case 'money':
      return typeof value === 'number' && Number.isFinite(value) ? Math.round(value) / 100 : neutraliseFormula(textOf(value));
    case 'date': {
      const iso = isoDateOf(value);
      return iso ? new Date(`${iso}T00:00:00Z`) : neutraliseFormula(textOf(value));
    }
    case 'bool':
      return Boolean(value);
    default:
      return neutraliseFormula(textOf(value));
  }
}

/** An XLSX workbook with one sheet: bold header row, typed cells (dates and money formatted). */
export async function toXlsx<Row>(columns: readonly ExportColumn<Row>[], rows: readonly Row[], sheetName = 'Export'): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  workbook.created = new Date(0);
  const sheet = workbook.addWorksheet(sheetName.replace(/[[\]:*?/\\]/g, ' ').slice(0, 31) || 'Export');
  sheet.columns = columns.map((c) => ({
    header: neutraliseFormula(c.header),
    width: c.width ?? Math.max(10, Math.min(40, c.header.length + 4)),
    style: c.type === 'date' ? { numFmt: 'dd.mm.yyyy' } : c.type === 'money' ? { numFmt: '#,##0.00' } : {},
  }));
  sheet.getRow(1).font = { bold: true };
  sheet.views = [{ state: 'frozen', ySplit: 1 }];
  for (const row of rows) sheet.addRow(columns.map((c) => xlsxCell(c.value(row), c.type ?? 'text')));
  const buffer = await workbook.xlsx.writeBuffer();
  return Buffer.from(buffer as ArrayBuffer);
}

const CONTENT_TYPES: Record<ExportFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

/**
 * Sends an export as a download: `<filename>.<format>` in a safe Content-Disposition, the
 * format's Content-Type, nosniff, not cached (it holds personal data).
 */
export async function sendExport<Row>(
  reply: FastifyReply,
  format: ExportFormat,
  filename: string,
  columns: readonly ExportColumn<Row>[],
  rows: readonly Row[],
): Promise<FastifyReply> {
  const body = format === 'csv' ? toCsv(columns, rows) : await toXlsx(columns, rows, filename);
  return reply
    .header('content-type', CONTENT_TYPES[format])
    .header('content-disposition', contentDisposition(`${filename}.${format}`))
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', 'private, no-store')
    .send(body);
}

// ---- what an export-sel call selects ------------------------------------------------------------

/** A JSON query parameter of an export (the list's `filtered` / `sorted`), or a 400. */
function parseJsonParam(raw: string | undefined, field: string): unknown[] {
  if (raw === undefined || raw === '') return [];
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    throw badRequest({ [field]: 'form.invalid' });
  }
  if (!Array.isArray(value) || value.length > 20) throw badRequest({ [field]: 'form.invalid' });
  return value;
}

/**
 * The rows an `export-sel` query names (student and lead lists): `ids` (comma separated, at
 * most EXPORT_MAX_ROWS), or without ids the list's `filtered` and `sorted` as JSON (every row
 * the filters find). The list's own helper checks filter and sort ids again (unknown = 400).
 */
export function exportTarget(query: { ids?: string; filtered?: string; sorted?: string }): { ids: number[] } | Required<Pick<PagedRequest, 'sorted' | 'filtered'>> {
  if (query.ids !== undefined) {
    if (query.filtered !== undefined || query.sorted !== undefined) throw badRequest({ ids: 'form.invalid' });
    const ids = [...new Set(query.ids.split(',').map(Number))];
    if (ids.some((id) => !Number.isInteger(id) || id < 1 || id > 2147483647)) throw badRequest({ ids: 'form.invalid' });
    if (ids.length > EXPORT_MAX_ROWS) throw badRequest({ ids: 'form.too_long' });
    return { ids };
  }
  const filtered = parseJsonParam(query.filtered, 'filtered');
  const sorted = parseJsonParam(query.sorted, 'sorted');
  if (!filtered.every((f) => typeof f === 'object' && f !== null && typeof (f as { id?: unknown }).id === 'string' && 'value' in f)) {
    throw badRequest({ filtered: 'form.invalid' });
  }
  if (sorted.length > 3 || !sorted.every((s) => typeof s === 'object' && s !== null && typeof (s as { id?: unknown }).id === 'string' && typeof (s as { desc?: unknown }).desc === 'boolean')) {
    throw badRequest({ sorted: 'form.invalid' });
  }
  return { filtered: filtered as PagedListRequest['filtered'], sorted: sorted as PagedListRequest['sorted'] };
}

/** 'YYYY-MM-DD' of now in the schools' time zone (export file names). */
export function exportDay(now: Date): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Vienna' }).format(now);
}
