import ExcelJS from 'exceljs';
import { ERROR, LEAD_IMPORT_FIELDS, LEAD_IMPORT_MAX_ROWS, type LeadImportColumn, type LeadImportField } from 'shared-kernel/contracts';
import { HttpError } from '../../lib/http-error.js';
import { assertZipInflatesWithin } from './zip-guard.js';

/**
 * Reading the export of a previous system (spec 002 §2.12): CSV in UTF-8 (with or without BOM)
 * or Windows-1252, separated by ';' or ',' (whichever the header row uses), with quoted
 * fields; or the first sheet of an XLSX workbook. The first row is the header; known column
 * names (German and English) are mapped, the user maps the others.
 */

/** One data row: the mapped fields as text (dates as ISO dates, or '' when unreadable). */
export type ImportRecord = Partial<Record<LeadImportField, string>> & { extra: Record<string, string> };

/** The parsed file. */
export interface ParsedImport {
  columns: LeadImportColumn[];
  records: ImportRecord[];
}

const fail = (code: number) => new HttpError(400, { error: code });

/** Longest text kept of one cell. */
const CELL_MAX = 500;

/** Header spellings (normalised: lower case, umlauts spelt out, only letters and digits). */
const KNOWN_HEADERS: Record<LeadImportField, readonly string[]> = {
  date_created: ['erstellt', 'erstelltam', 'angelegt', 'angelegtam', 'erfasst', 'erfasstam', 'datum', 'erstkontakt', 'created', 'createdat', 'createdon', 'datecreated', 'creationdate', 'date', 'firstcontact'],
  firstname: ['vorname', 'vornamen', 'firstname', 'givenname', 'forename', 'first'],
  lastname: ['nachname', 'familienname', 'zuname', 'name', 'lastname', 'surname', 'familyname', 'last'],
  zip: ['plz', 'postleitzahl', 'zip', 'zipcode', 'postcode', 'postalcode'],
  city: ['ort', 'wohnort', 'stadt', 'city', 'town', 'place'],
  email: ['email', 'emailadresse', 'mail', 'mailadresse', 'emailaddress'],
  phone: ['telefon', 'tel', 'telefonnummer', 'festnetz', 'telefonprivat', 'phone', 'phonenumber', 'telephone', 'landline'],
  mobile: ['mobil', 'mobiltelefon', 'mobilnummer', 'handy', 'handynummer', 'mobile', 'mobilephone', 'cellphone', 'cell'],
  school: ['schule', 'standort', 'studio', 'filiale', 'school', 'location', 'branch'],
  annotation: ['bemerkung', 'bemerkungen', 'notiz', 'notizen', 'kommentar', 'anmerkung', 'notes', 'note', 'comment', 'comments', 'remarks'],
};

/** A header as compared: lower case, ä -> ae ..., only letters and digits. */
export function normaliseHeader(header: string): string {
  return header
    .toLowerCase()
    .replace(/ä/g, 'ae')
    .replace(/ö/g, 'oe')
    .replace(/ü/g, 'ue')
    .replace(/ß/g, 'ss')
    .replace(/[^a-z0-9]/g, '');
}

/** The field a header names, or null. */
export function knownField(header: string): LeadImportField | null {
  const key = normaliseHeader(header);
  for (const field of LEAD_IMPORT_FIELDS) if (KNOWN_HEADERS[field].includes(key)) return field;
  return null;
}

/** UTF-8 when the bytes are valid UTF-8 (a BOM is dropped), else Windows-1252. */
export function decodeText(data: Buffer): string {
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(data);
  } catch {
    return new TextDecoder('windows-1252').decode(data);
  }
}

/** The separator of the header line: ';' or ',' (whichever occurs more often outside quotes). */
export function detectSeparator(text: string): ';' | ',' {
  let semicolons = 0;
  let commas = 0;
  let quoted = false;
  for (const ch of text) {
    if (ch === '"') quoted = !quoted;
    else if (!quoted && (ch === '\n' || ch === '\r')) break;
    else if (!quoted && ch === ';') semicolons += 1;
    else if (!quoted && ch === ',') commas += 1;
  }
  return commas > semicolons ? ',' : ';';
}

/** CSV rows (RFC 4180: quoted fields with "" and line breaks; CRLF, LF or CR line ends). Blank lines are left out. */
export function parseCsv(text: string, separator: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  let i = 0;
  const endRow = () => {
    row.push(field);
    field = '';
    if (row.some((cell) => cell.trim() !== '')) rows.push(row);
    row = [];
    if (rows.length > LEAD_IMPORT_MAX_ROWS + 1) throw fail(ERROR.importTooLarge);
  };
  while (i < text.length) {
    const ch = text[i]!;
    if (quoted) {
      if (ch === '"') {
        if (text[i + 1] === '"') {
          field += '"';
          i += 1;
        } else quoted = false;
      } else field += ch;
    } else if (ch === '"' && field.trim() === '') {
      field = '';
      quoted = true;
    } else if (ch === separator) {
      row.push(field);
      field = '';
    } else if (ch === '\r' || ch === '\n') {
      if (ch === '\r' && text[i + 1] === '\n') i += 1;
      endRow();
    } else field += ch;
    i += 1;
  }
  if (field !== '' || row.length > 0) endRow();
  return rows;
}

/** Text of an XLSX cell value (dates as ISO dates; links, formulas and rich text as their text). */
function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? '' : value.toISOString().slice(0, 10);
  if (typeof value === 'object') {
    if ('richText' in value) return value.richText.map((part) => part.text).join('');
    if ('text' in value && typeof value.text === 'string') return value.text;
    if ('result' in value) return cellText(value.result as ExcelJS.CellValue);
    if ('error' in value) return '';
    return '';
  }
  return String(value);
}

/** The rows of the first worksheet of an XLSX workbook (400 {error: 80} when it is not one, 83 when it inflates too far). */
export async function parseXlsx(data: Buffer): Promise<string[][]> {
  // Before ExcelJS inflates it all: a small upload must not inflate to gigabytes (83).
  assertZipInflatesWithin(data);
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(data as unknown as ArrayBuffer);
  } catch {
    throw fail(ERROR.importFileUnreadable);
  }
  const sheet = workbook.worksheets[0];
  if (!sheet) throw fail(ERROR.importEmpty);
  if (sheet.rowCount > LEAD_IMPORT_MAX_ROWS + 1) throw fail(ERROR.importTooLarge);
  const rows: string[][] = [];
  sheet.eachRow({ includeEmpty: false }, (row) => {
    const cells: string[] = [];
    for (let c = 1; c <= row.cellCount; c += 1) cells.push(cellText(row.getCell(c).value));
    if (cells.some((cell) => cell.trim() !== '')) rows.push(cells);
  });
  return rows;
}

const DAY_FIRST = /^(\d{1,2})\.(\d{1,2})\.(\d{2}|\d{4})(?:[ T,]+\d{1,2}:\d{2}(?::\d{2})?)?$/;
const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})(?:[ T].*)?$/;
const SLASH_DAY = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/;

/** An ISO date from DD.MM.YYYY (also D.M.YY, with a time), YYYY-MM-DD or DD/MM/YYYY; '' when none. */
export function parseDay(text: string): string {
  const value = text.trim();
  let y: number;
  let m: number;
  let d: number;
  let match = DAY_FIRST.exec(value) ?? SLASH_DAY.exec(value);
  if (match) {
    d = Number(match[1]);
    m = Number(match[2]);
    y = Number(match[3]);
    if (match[3]!.length === 2) y += y > 69 ? 1900 : 2000;
  } else if ((match = ISO_DAY.exec(value))) {
    y = Number(match[1]);
    m = Number(match[2]);
    d = Number(match[3]);
  } else return '';
  const date = new Date(Date.UTC(y, m - 1, d));
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== m - 1 || date.getUTCDate() !== d || y < 1900 || y > 2100) return '';
  return date.toISOString().slice(0, 10);
}

/**
 * Maps the header row: the user's mapping (header -> field, or null to ignore) wins over the
 * known names; a field is taken by its first column only.
 */
export function mapColumns(headers: readonly string[], mapping: Readonly<Record<string, LeadImportField | null>>): LeadImportColumn[] {
  const taken = new Set<LeadImportField>();
  return headers.map((raw) => {
    const header = raw.trim();
    const wanted = Object.hasOwn(mapping, header) ? mapping[header]! : knownField(header);
    const field = wanted && !taken.has(wanted) ? wanted : null;
    if (field) taken.add(field);
    return { header, field };
  });
}

/**
 * Reads an upload: `kind` says how (CSV text or XLSX). 400 {error: 81} when no column of the
 * first row is known or mapped (a file without header row), 82 without data rows, 83 with
 * more than LEAD_IMPORT_MAX_ROWS rows.
 */
export async function parseImport(data: Buffer, kind: 'csv' | 'xlsx', mapping: Readonly<Record<string, LeadImportField | null>>): Promise<ParsedImport> {
  let rows: string[][];
  if (kind === 'xlsx') rows = await parseXlsx(data);
  else {
    const text = decodeText(data);
    rows = parseCsv(text, detectSeparator(text));
  }
  if (rows.length === 0) throw fail(ERROR.importEmpty);
  const columns = mapColumns(rows[0]!, mapping);
  if (!columns.some((column) => column.field !== null)) throw fail(ERROR.importNoHeader);
  if (rows.length === 1) throw fail(ERROR.importEmpty);
  if (rows.length - 1 > LEAD_IMPORT_MAX_ROWS) throw fail(ERROR.importTooLarge);
  const records = rows.slice(1).map((cells) => {
    const record: ImportRecord = { extra: {} };
    columns.forEach((column, index) => {
      const value = (cells[index] ?? '').trim().slice(0, CELL_MAX);
      if (column.field === 'date_created') record.date_created = parseDay(value);
      else if (column.field) record[column.field] = value;
      else if (value !== '' && column.header !== '') record.extra[column.header] = value;
    });
    return record;
  });
  return { columns, records };
}
