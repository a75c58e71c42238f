import PDFDocument from 'pdfkit';
import { ERROR } from 'shared-kernel/contracts';
import { FONT, fontFor, letterFonts } from './fonts.js';
import { fitInto, prepareImage, type LetterImage } from './images.js';
import { DIN, PAGE, layoutSpec, mm, type LayoutSpec } from './layouts.js';
import { LIMITS } from './limits.js';
import { richTextBlocks, type Block } from './rich-text-blocks.js';
import { LetterError, tooLarge, type LetterInput } from './types.js';

const WORDS = {
  de: { page: (n: number, of: number) => `Seite ${n} von ${of}`, attachment: 'Anlage', attachments: 'Anlagen' },
  en: { page: (n: number, of: number) => `Page ${n} of ${of}`, attachment: 'Enclosure', attachments: 'Enclosures' },
};

const TEXT_COLOR = '#000000';
const MUTED = '#444444';
const LINK_COLOR = '#1a4f8b';
const BODY_SIZE = 10;
const FOOTER_SIZE = 7;
const FOOTER_LINE = 8.5;
const HEADER_SIZE = 9;
const SIZES: Record<Block['kind'], number> = { p: BODY_SIZE, li: BODY_SIZE, h2: 13, h3: 11.5, h4: 10.5 };
const INDENT = mm(6);

type Doc = PDFKit.PDFDocument;

/** YYYY-MM-DD → DD.MM.YYYY (the date as printed: no time zone involved). */
function printedDate(isoDate: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(isoDate);
  if (!match) throw new Error(`Letter date must be YYYY-MM-DD, got ${isoDate}`);
  return `${match[3]}.${match[2]}.${match[1]}`;
}

/** Refuses input above LIMITS before any layout work (LetterError 40). */
function checkSizes(input: LetterInput): void {
  const { letterhead: head } = input;
  if (input.contentHtml.length > LIMITS.contentChars) throw tooLarge(`content has ${input.contentHtml.length} characters`);
  if (input.recipient.length > LIMITS.recipientLines) throw tooLarge(`recipient has ${input.recipient.length} lines`);
  const lists = [head.headerLines, input.signature?.lines, input.attachments, ...(head.footerColumns ?? [])];
  if ((head.footerColumns?.length ?? 0) > LIMITS.footerColumns) throw tooLarge('footer has too many columns');
  for (const list of lists) if ((list?.length ?? 0) > LIMITS.listLines) throw tooLarge('a list has too many lines');
  const short = [input.subject, head.senderLine, head.city, input.signature?.closing, input.meta?.title, input.meta?.author,
    ...input.recipient, ...lists.flatMap((list) => list ?? [])];
  for (const text of short) if ((text?.length ?? 0) > LIMITS.lineChars) throw tooLarge('a line has too many characters');
}

/**
 * Renders one letter as a PDF (A4, DIN 5008): letterhead by layout, return address and
 * recipient in the address window, fold and punch marks, place and date, subject, the rich-text
 * content over as many pages as it needs, closing with signature, enclosures, the footer on
 * every page and "Seite X von Y" when there is more than one. Fonts are embedded (fonts.ts).
 * The same input gives the same bytes (the PDF's dates come from the letter's date).
 * Throws LetterError (40 too large, 41 unreadable image) for input it refuses.
 */
export async function renderLetter(input: LetterInput): Promise<Buffer> {
  return renderLetters([input]);
}

/**
 * Several letters in one PDF to print in one go (a dunning run): each letter starts on a new
 * page and is laid out exactly as renderLetter lays it out alone (its own letterhead, its own
 * "Seite X von Y"). The document's title and author are `meta`'s, else the first letter's.
 * At most LIMITS.lettersPerDocument letters.
 */
export async function renderLetters(inputs: readonly LetterInput[], meta?: LetterInput['meta']): Promise<Buffer> {
  if (inputs.length === 0) throw new Error('renderLetters needs at least one letter');
  if (inputs.length > LIMITS.lettersPerDocument) throw tooLarge(`${inputs.length} letters in one document`);
  for (const input of inputs) checkSizes(input);
  const first = inputs[0]!;
  // pdfkit takes parsed fontkit fonts as well as bytes (its types name only the bytes).
  const fonts = letterFonts() as unknown as Record<keyof ReturnType<typeof letterFonts>, Buffer>;
  const created = new Date(`${first.date}T12:00:00Z`);
  const prepared = await Promise.all(inputs.map((input) => prepareLetter(input)));
  const doc = new PDFDocument({
    size: [PAGE.width, PAGE.height],
    margins: prepared[0]!.margins,
    bufferPages: true,
    font: fonts.regular as unknown as string,
    lang: first.language === 'en' ? 'en' : 'de',
    displayTitle: true,
    info: {
      Title: meta?.title ?? first.meta?.title ?? first.subject ?? '',
      Author: meta?.author ?? first.meta?.author ?? '',
      Subject: inputs.length === 1 ? first.subject ?? '' : meta?.title ?? '',
      Creator: 'School back office',
      Producer: 'School back office',
      CreationDate: created,
      ModDate: created,
    },
  });
  doc.registerFont(FONT.regular, fonts.regular);
  doc.registerFont(FONT.bold, fonts.bold);
  doc.registerFont(FONT.italic, fonts.italic);
  doc.registerFont(FONT.boldItalic, fonts.boldItalic);

  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  // Pages of the document so far and the first page (1-based) of the letter being laid out.
  let pages = 1;
  let letterStart = 1;
  doc.on('pageAdded', () => {
    pages += 1;
    if (pages - letterStart + 1 > LIMITS.pages) throw tooLarge(`more than ${LIMITS.pages} pages`);
  });

  try {
    for (const [index, letter] of prepared.entries()) {
      if (index > 0) {
        letterStart = pages + 1;
        doc.addPage({ size: [PAGE.width, PAGE.height], margins: letter.margins });
      }
      const firstPage = doc.bufferedPageRange().start + doc.bufferedPageRange().count - 1;
      drawOneLetter(doc, letter);
      const range = doc.bufferedPageRange();
      drawPageFurniture(doc, letter.footerColumns, letter.footerTop, letter.words, firstPage, range.start + range.count - firstPage);
      doc.switchToPage(range.start + range.count - 1);
    }
  } catch (error) {
    // Close the half-made document for its buffers' sake, but wait for nothing: after an error
    // inside pdfkit it may never emit 'end'.
    doc.removeAllListeners();
    try {
      doc.end();
    } catch {
      // the refusal below is what counts
    }
    done.catch(() => undefined);
    throw error;
  }
  doc.end();
  return done;
}

type PreparedLetter = Awaited<ReturnType<typeof prepareLetter>>;

/** What a letter needs before layout: its images decoded, its blocks, footer and margins. */
async function prepareLetter(input: LetterInput) {
  const head = input.letterhead;
  const withSignatureImage = input.signature && input.signature.withImage !== false && head.signatureImage;
  const [logo, signatureImage] = await Promise.all([
    head.logo ? prepareImage(head.logo, 'logo') : null,
    withSignatureImage ? prepareImage(head.signatureImage!, 'signature') : null,
  ]);
  const footerColumns = (head.footerColumns ?? []).filter((column) => column.length > 0);
  const footerHeight = Math.max(0, ...footerColumns.map((column) => column.length)) * FOOTER_LINE;
  const footerTop = PAGE.height - DIN.bottomGap - footerHeight;
  // Room under the text for the page number line (and the footer's rule).
  const bottomMargin = PAGE.height - footerTop + mm(10);
  return {
    input,
    logo,
    signatureImage,
    dateText: printedDate(input.date),
    blocks: richTextBlocks(input.contentHtml),
    words: WORDS[input.language ?? 'de'],
    spec: layoutSpec(head.layout),
    footerColumns,
    footerTop,
    margins: { top: DIN.followTop, left: DIN.left, right: PAGE.width - DIN.right, bottom: bottomMargin },
  };
}

/** One letter from the current (fresh) page on, without the page furniture. */
function drawOneLetter(doc: Doc, letter: PreparedLetter): void {
  const { input, spec, logo, signatureImage } = letter;
  const head = input.letterhead;
  drawMarks(doc, spec);
  if (logo) drawImage(doc, logo, spec.logo.align, spec.logo.top, spec.logo.maxWidth, spec.logo.maxHeight, 'logo');
  drawHeader(doc, spec, head.headerLines ?? []);
  drawWindow(doc, spec, head.senderLine, input.recipient);

  const windowBottom = spec.windowTop + DIN.window.height;
  const place = head.city?.trim() ? `${head.city.trim()}, ${letter.dateText}` : letter.dateText;
  doc.font(FONT.regular).fontSize(BODY_SIZE).fillColor(TEXT_COLOR)
    .text(place, DIN.left, windowBottom + mm(8.46), { width: DIN.right - DIN.left, align: 'right' });
  doc.y += mm(4.23);
  if (input.subject?.trim()) {
    doc.font(FONT.bold).fontSize(11).text(input.subject.trim(), DIN.left, doc.y, { width: DIN.right - DIN.left });
    doc.y += mm(6);
  }
  drawBlocks(doc, letter.blocks);
  if (input.signature) drawSignature(doc, input.signature.closing, signatureImage, input.signature.lines ?? []);
  if (input.attachments?.length) drawAttachments(doc, input.attachments, letter.words);
}

/** Fold marks and the punch mark at the left edge of the first page. */
function drawMarks(doc: Doc, spec: LayoutSpec): void {
  doc.save().lineWidth(0.4).strokeColor('#808080');
  for (const y of spec.foldMarks) doc.moveTo(mm(4), y).lineTo(mm(9), y).stroke();
  doc.moveTo(mm(4), PAGE.height / 2).lineTo(mm(11), PAGE.height / 2).stroke();
  doc.restore();
}

function drawImage(
  doc: Doc,
  image: LetterImage,
  align: 'left' | 'right' | 'center',
  top: number,
  maxWidth: number,
  maxHeight: number,
  what: string,
): void {
  const box = fitInto(image.size, maxWidth, maxHeight);
  const x = align === 'left' ? DIN.left : align === 'right' ? DIN.right - box.width : (PAGE.width - box.width) / 2;
  try {
    doc.image(image.bytes, x, top, { width: box.width, height: box.height });
  } catch (error) {
    throw new LetterError(ERROR.letterImageRefused, `${what}: ${(error as Error).message}`);
  }
}

/** One line of text cut with "…" when it is wider than `width`. */
function oneLine(doc: Doc, text: string, x: number, y: number, width: number, align: 'left' | 'right' | 'center' = 'left'): void {
  doc.text(text, x, y, { width, align, height: doc.currentLineHeight(true), ellipsis: true, lineBreak: true });
}

function drawHeader(doc: Doc, spec: LayoutSpec, lines: readonly string[]): void {
  const { header } = spec;
  doc.font(FONT.regular).fontSize(HEADER_SIZE).fillColor(MUTED);
  const step = doc.currentLineHeight(true) + 1;
  let y = header.top;
  for (const [index, line] of lines.entries()) {
    if (y + step > header.bottom) break; // what does not fit in the letterhead's box is left out
    doc.font(index === 0 ? FONT.bold : FONT.regular);
    oneLine(doc, line, header.x, y, header.width, header.align);
    y += step;
  }
}

/** Return address (small, underlined) and recipient inside the DIN 5008 window. */
function drawWindow(doc: Doc, spec: LayoutSpec, sender: string | undefined, recipient: readonly string[]): void {
  const left = DIN.window.left + mm(5);
  const width = DIN.window.width - mm(7);
  if (sender?.trim()) {
    doc.font(FONT.regular).fontSize(7).fillColor(MUTED);
    doc.text(sender.trim(), left, spec.windowTop + mm(3), { width, height: 9, ellipsis: true, underline: true });
  }
  const lines = recipient.filter((line) => line.trim() !== '');
  if (lines.length === 0) return;
  // Six lines fill the address zone under the 17.7 mm note zone; more move up into it.
  const bottom = spec.windowTop + DIN.window.height - mm(1);
  let step = mm(4.23);
  let top = spec.windowTop + DIN.window.noteZone;
  if (top + lines.length * step > bottom) top = Math.max(spec.windowTop + mm(7), bottom - lines.length * step);
  step = Math.min(step, (bottom - top) / lines.length);
  doc.font(FONT.regular).fontSize(BODY_SIZE).fillColor(TEXT_COLOR);
  lines.forEach((line, index) => oneLine(doc, line.trim(), left, top + index * step, width));
}

/** Starts a new page when fewer than `height` points are left above the bottom margin. */
function keepRoom(doc: Doc, height: number): void {
  if (doc.y + height > doc.page.height - doc.page.margins.bottom) doc.addPage();
}

function drawBlocks(doc: Doc, blocks: readonly Block[]): void {
  for (const block of blocks) {
    const size = SIZES[block.kind];
    const heading = block.kind !== 'p' && block.kind !== 'li';
    const textX = DIN.left + block.indent * INDENT;
    const width = DIN.right - textX;
    doc.fontSize(size);
    if (heading) doc.y += size * 0.4;
    // A heading keeps its first following line with it.
    keepRoom(doc, doc.currentLineHeight(true) * (heading ? 3 : 1));
    const y = doc.y;
    if (block.marker) {
      doc.font(FONT.regular).fillColor(TEXT_COLOR).text(block.marker, textX - INDENT, y, { width: INDENT - mm(1), lineBreak: false });
      doc.y = y;
    }
    const color = block.quote ? MUTED : TEXT_COLOR;
    const last = block.runs.length - 1;
    block.runs.forEach((run, index) => {
      doc.font(fontFor(run.bold, run.italic)).fillColor(run.link ? LINK_COLOR : color);
      const options = {
        width, continued: index < last, underline: run.underline, strike: run.strike,
        link: run.link ?? null, lineGap: 1.5,
      } as PDFKit.Mixins.TextOptions;
      if (index === 0) doc.text(run.text, textX, y, options);
      else doc.text(run.text, options);
    });
    if (block.runs.length === 0) doc.y = y + doc.currentLineHeight(true);
    doc.y += size * (block.kind === 'li' ? 0.25 : 0.6);
  }
  doc.fillColor(TEXT_COLOR);
}

function drawSignature(
  doc: Doc,
  closing: string | undefined,
  image: LetterImage | null,
  lines: readonly string[],
): void {
  doc.font(FONT.regular).fontSize(BODY_SIZE).fillColor(TEXT_COLOR);
  const lineHeight = doc.currentLineHeight(true) + 1.5;
  const imageBox = image ? fitInto(image.size, mm(50), mm(20)) : null;
  // The closing, the signature and the name stay on one page.
  keepRoom(doc, mm(4) + (closing ? lineHeight : 0) + (imageBox ? imageBox.height + mm(2) : mm(8)) + lines.length * lineHeight);
  doc.y += mm(4);
  if (closing?.trim()) doc.text(closing.trim(), DIN.left, doc.y, { width: DIN.right - DIN.left });
  if (image && imageBox) {
    drawImage(doc, image, 'left', doc.y + mm(1), imageBox.width, imageBox.height, 'signature');
    doc.y += imageBox.height + mm(2);
  } else {
    doc.y += mm(8);
  }
  for (const line of lines) doc.text(line, DIN.left, doc.y, { width: DIN.right - DIN.left });
}

function drawAttachments(doc: Doc, names: readonly string[], words: (typeof WORDS)['de']): void {
  doc.fontSize(BODY_SIZE);
  const lineHeight = doc.currentLineHeight(true) + 1.5;
  keepRoom(doc, mm(6) + lineHeight * Math.min(names.length + 1, 4));
  doc.y += mm(6);
  doc.font(FONT.bold).text(names.length === 1 ? words.attachment : words.attachments, DIN.left, doc.y);
  doc.font(FONT.regular);
  for (const name of names) doc.text(name, DIN.left, doc.y, { width: DIN.right - DIN.left });
}

/** Footer columns on every page and "Seite X von Y" when the letter has more than one page. */
function drawPageFurniture(
  doc: Doc,
  columns: readonly (readonly string[])[],
  footerTop: number,
  words: (typeof WORDS)['de'],
  start: number,
  total: number,
): void {
  const columnWidth = (DIN.right - DIN.left) / Math.max(1, columns.length);
  for (let index = start; index < start + total; index += 1) {
    doc.switchToPage(index);
    // Writing below the bottom margin must not open a new page.
    doc.page.margins.bottom = 0;
    if (total > 1) {
      doc.font(FONT.regular).fontSize(8).fillColor(MUTED);
      oneLine(doc, words.page(index - start + 1, total), DIN.left, footerTop - mm(7), DIN.right - DIN.left, 'right');
    }
    if (columns.length === 0) continue;
    doc.save().lineWidth(0.4).strokeColor('#b0b0b0')
      .moveTo(DIN.left, footerTop - mm(2)).lineTo(DIN.right, footerTop - mm(2)).stroke().restore();
    doc.font(FONT.regular).fontSize(FOOTER_SIZE).fillColor(MUTED);
    columns.forEach((column, columnIndex) => {
      const x = DIN.left + columnIndex * columnWidth;
      column.forEach((line, lineIndex) => oneLine(doc, line, x, footerTop + lineIndex * FOOTER_LINE, columnWidth - mm(2)));
    });
  }
}
