/**
 * Poppler's command line tools on a rendered PDF (Debian's poppler-utils, installed by
 * .ci/run), for tests of anything that makes PDFs (letters, invoices, dunning…).
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** A word of `pdftotext -bbox`: its text, box in points from the page's top left, page (from 1). */
export interface Word {
  text: string;
  xMin: number;
  yMin: number;
  xMax: number;
  yMax: number;
  page: number;
}

function withFile<T>(pdf: Buffer, run: (file: string) => T): T {
  const dir = mkdtempSync(join(tmpdir(), 'sbo-letter-'));
  try {
    const file = join(dir, 'letter.pdf');
    writeFileSync(file, pdf);
    return run(file);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** `pdftotext -layout`, optionally of one page. */
export function pdfText(pdf: Buffer, page?: number): string {
  return withFile(pdf, (file) => {
    const range = page ? ['-f', String(page), '-l', String(page)] : [];
    return execFileSync('pdftotext', ['-layout', ...range, file, '-'], { encoding: 'utf8' });
  });
}

/** Every word with its box in points from the top left (`pdftotext -bbox`). */
export function pdfWords(pdf: Buffer): Word[] {
  const html = withFile(pdf, (file) => execFileSync('pdftotext', ['-bbox', file, '-'], { encoding: 'utf8' }));
  const words: Word[] = [];
  let page = 0;
  const pattern = /<page |<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)<\/word>/g;
  for (let match = pattern.exec(html); match; match = pattern.exec(html)) {
    if (match[0] === '<page ') { page += 1; continue; }
    const text = match[5]!.replace(/&amp;/g, '&').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"');
    words.push({ text, xMin: Number(match[1]), yMin: Number(match[2]), xMax: Number(match[3]), yMax: Number(match[4]), page });
  }
  return words;
}

/** `pdffonts` rows: name, type and whether embedded. */
export function pdfFonts(pdf: Buffer): { name: string; embedded: boolean }[] {
  const out = withFile(pdf, (file) => execFileSync('pdffonts', [file], { encoding: 'utf8' }));
  return out.split('\n').slice(2).filter((line) => line.trim() !== '').map((line) => {
    const columns = line.trim().split(/\s+/);
    // name type [encoding words…] emb sub uni object ID: emb is the 5th column from the end.
    return { name: columns[0]!, embedded: columns[columns.length - 5] === 'yes' };
  });
}

/** `pdfinfo` as key → value. */
export function pdfInfo(pdf: Buffer): Record<string, string> {
  const out = withFile(pdf, (file) => execFileSync('pdfinfo', ['-isodates', file], { encoding: 'utf8' }));
  return Object.fromEntries(out.split('\n').filter((line) => line.includes(':')).map((line) => {
    const at = line.indexOf(':');
    return [line.slice(0, at).trim(), line.slice(at + 1).trim()];
  }));
}
