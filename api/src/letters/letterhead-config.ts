import type { Letterhead, LetterLayout } from './types.js';

/**
 * The print settings of the configuration (spec 001 "Configuration items", category general)
 * as stored: pr_logo and pr_sig are stored-file ids (cimage), the others text. Values arrive
 * as the configuration keeps them, so every field is `unknown` and read leniently.
 */
export interface LetterheadConfig {
  /** File id of the logo (number or numeric string; empty: none). */
  pr_logo?: unknown;
  /** File id of the signature image. */
  pr_sig?: unknown;
  /** Header lines: text with line breaks, a list of lines, or simple HTML (<p>, <br>). */
  pr_header?: unknown;
  /** Return-address line of the address window. */
  pr_sender?: unknown;
  /** Place before the date. */
  pr_city?: unknown;
  /**
   * Footer: a list of columns (each text with line breaks, or a list of lines), or one text
   * whose columns are separated by an empty line.
   */
  pr_footer?: unknown;
  /** Layout 1 to 4 (number or numeric string); anything else is 1. */
  pr_layout?: unknown;
}

/** Loads a stored image by its file id; null when there is none (deleted, other school…). */
export type LoadImage = (fileId: number) => Promise<Buffer | null>;

/** Text to lines: HTML paragraphs and <br> as breaks, other tags dropped, entities of & < > " decoded. */
function textLines(value: unknown): string[] {
  if (Array.isArray(value)) return value.flatMap((item) => textLines(item));
  if (typeof value !== 'string' && typeof value !== 'number') return [];
  const text = String(value)
    .replace(/<br\s*\/?>|<\/(p|div|li|h\d)>/gi, '\n')
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;/g, ' ').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&amp;/g, '&');
  return text.split(/\r?\n/).map((line) => line.trim());
}

/** Lines without the empty ones at the start and end (inner empty lines stay: spacing). */
function trimmed(lines: string[]): string[] {
  let start = 0;
  let end = lines.length;
  while (start < end && lines[start] === '') start += 1;
  while (end > start && lines[end - 1] === '') end -= 1;
  return lines.slice(start, end);
}

function footerColumns(value: unknown): string[][] {
  if (Array.isArray(value)) return value.map((column) => trimmed(textLines(column))).filter((column) => column.length > 0);
  const lines = textLines(value);
  const columns: string[][] = [[]];
  for (const line of lines) {
    if (line === '') columns.push([]);
    else columns[columns.length - 1]!.push(line);
  }
  return columns.filter((column) => column.length > 0);
}

function fileId(value: unknown): number | null {
  if (value && typeof value === 'object' && 'id' in value) return fileId((value as { id: unknown }).id);
  const id = typeof value === 'number' ? value : typeof value === 'string' && /^\d{1,10}$/.test(value.trim()) ? Number(value) : NaN;
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

function text(value: unknown): string | undefined {
  const line = typeof value === 'string' || typeof value === 'number' ? textLines(value).filter(Boolean).join(' ') : '';
  return line === '' ? undefined : line;
}

/** The letterhead of one school from its configuration values (keys of LetterheadConfig). */
export async function letterheadFromConfig(values: Record<string, unknown>, loadImage: LoadImage): Promise<Letterhead> {
  const config = values as LetterheadConfig;
  const layoutNumber = Number(typeof config.pr_layout === 'string' ? config.pr_layout.trim() : config.pr_layout);
  const layout = ([1, 2, 3, 4] as const).find((n) => n === layoutNumber) ?? 1;
  const logoId = fileId(config.pr_logo);
  const signatureId = fileId(config.pr_sig);
  const [logo, signatureImage] = await Promise.all([
    logoId ? loadImage(logoId) : null,
    signatureId ? loadImage(signatureId) : null,
  ]);
  const letterhead: Letterhead = {
    layout: layout as LetterLayout,
    headerLines: trimmed(textLines(config.pr_header)),
    footerColumns: footerColumns(config.pr_footer),
    logo,
    signatureImage,
  };
  const sender = text(config.pr_sender);
  const city = text(config.pr_city);
  if (sender) letterhead.senderLine = sender;
  if (city) letterhead.city = city;
  return letterhead;
}
