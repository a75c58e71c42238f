import sharp from 'sharp';
import { ERROR } from 'shared-kernel/contracts';
import { HttpError } from '../../lib/http-error.js';
import { LAYOUTS, LETTER_LIMITS, LetterError, renderLetter, renderLetters, type LetterInput, type LetterLayout } from '../index.js';
import { mm } from '../layouts.js';
import { pdfFonts, pdfInfo, pdfText, pdfWords, type Word } from '../../../test/support/pdf-tools.js';

let logo: Buffer;
let signature: Buffer;

beforeAll(async () => {
  logo = await sharp({ create: { width: 600, height: 200, channels: 4, background: { r: 20, g: 90, b: 160, alpha: 1 } } }).png().toBuffer();
  signature = await sharp({ create: { width: 400, height: 120, channels: 3, background: { r: 250, g: 250, b: 250 } } }).jpeg().toBuffer();
});

function letter(overrides: Partial<LetterInput> = {}, layout: LetterLayout = 1): LetterInput {
  return {
    letterhead: {
      layout,
      logo,
      signatureImage: signature,
      headerLines: ['Kampfsportschule Südstadt', 'Hauptstraße 12, 1010 Wien', 'Tel. +43 1 234 56 78'],
      senderLine: 'Kampfsportschule Südstadt · Hauptstraße 12 · 1010 Wien',
      city: 'Wien',
      footerColumns: [['Kampfsportschule Südstadt GmbH', 'FN 123456a'], ['IBAN AT61 1904 3002 3457 3201', 'BIC BKAUATWW']],
    },
    recipient: ['Frau', 'Jürgen Müßiggang-Öztürk', 'Gußhausstraße 5/3', '1040 Wien'],
    date: '2026-11-24',
    subject: 'Bestätigung Ihrer Kündigung',
    contentHtml: '<p>Sehr geehrter Herr Müßiggang-Öztürk,</p><p>wir bestätigen die <strong>Kündigung</strong> zum 31.12.2026. Äpfel, Öl und Übung – größer geht’s nicht.</p>',
    signature: { closing: 'Mit freundlichen Grüßen', lines: ['Anna Überreiter', 'Schulleitung'] },
    meta: { author: 'Kampfsportschule Südstadt' },
    ...overrides,
  };
}

const inside = (word: Word, box: { left: number; top: number; right: number; bottom: number }) =>
  word.xMin >= box.left && word.xMax <= box.right && word.yMin >= box.top && word.yMax <= box.bottom;

async function refusal(input: LetterInput): Promise<number | undefined> {
  try {
    await renderLetter(input);
  } catch (error) {
    if (error instanceof LetterError) {
      // What a route answers when it lets the refusal through (HttpError).
      expect(error).toBeInstanceOf(HttpError);
      expect([error.statusCode, error.body]).toEqual([400, { error: error.code }]);
      return error.code;
    }
    throw error;
  }
  return undefined;
}

describe('renderLetter', () => {
  it.each([1, 2, 3, 4] as const)('lays out layout %s with letterhead, window, date, subject, content and signature', async (layout) => {
    const pdf = await renderLetter(letter({}, layout));
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const text = pdfText(pdf);
    for (const expected of ['Kampfsportschule Südstadt', 'Hauptstraße 12, 1010 Wien', 'Jürgen Müßiggang-Öztürk', 'Gußhausstraße 5/3',
      'Wien, 24.11.2026', 'Bestätigung Ihrer Kündigung', 'Äpfel, Öl und Übung – größer geht’s nicht.', 'Mit freundlichen Grüßen',
      'Anna Überreiter', 'FN 123456a', 'BIC BKAUATWW']) {
      expect(text).toContain(expected);
    }
    // Reading order: header, recipient, date, subject, content, closing, signature name.
    const order = ['Jürgen Müßiggang', 'Wien, 24.11.2026', 'Bestätigung Ihrer', 'Sehr geehrter', 'Mit freundlichen', 'Anna Überreiter'];
    const positions = order.map((part) => text.indexOf(part));
    expect(positions).toEqual([...positions].sort((a, b) => a - b));
    expect(text).not.toContain('Seite');

    // Every font is embedded, and they are ours (no standard 14 font slipped in).
    const fonts = pdfFonts(pdf);
    expect(fonts.length).toBeGreaterThanOrEqual(2);
    for (const font of fonts) {
      expect(font).toEqual({ name: expect.stringMatching(/DejaVuSans/), embedded: true });
    }

    // Return address and recipient lie inside the DIN 5008 window of the layout's form.
    const spec = LAYOUTS[layout];
    expect(spec.form).toBe(layout === 4 ? 'A' : 'B');
    const windowTop = mm(layout === 4 ? 27 : 45);
    const window = { left: mm(20), right: mm(105), top: windowTop, bottom: windowTop + mm(45) };
    const words = pdfWords(pdf);
    const recipientWords = ['Frau', 'Jürgen', 'Müßiggang-Öztürk', 'Gußhausstraße', '5/3', '1040'];
    for (const part of recipientWords) {
      const word = words.find((candidate) => candidate.text === part && candidate.page === 1);
      expect(word).toBeDefined();
      expect(inside(word!, window)).toBe(true);
      // Below the 17.7 mm note zone: six address lines there.
      expect(word!.yMin).toBeGreaterThanOrEqual(windowTop + mm(17.7) - 1);
    }
    const senderWord = words.find((word) => word.text === '1010' && word.yMin > windowTop - 1 && word.yMax < windowTop + mm(17.7));
    expect(senderWord).toBeDefined();
    expect(inside(senderWord!, window)).toBe(true);
    // The text column starts at 25 mm.
    const salutation = words.find((word) => word.text === 'Sehr')!;
    expect(salutation.xMin).toBeCloseTo(mm(25), 0);
  });

  it('puts several letters in one PDF, each from a new page with its own letterhead, address and page numbers', async () => {
    const paragraphs = Array.from({ length: 90 }, (_, index) => `<p>Absatz ${index + 1}: Grüße aus der Übungshalle.</p>`);
    const pdf = await renderLetters(
      [
        letter({ recipient: ['Anna Erste', 'Hauptstraße 1', '1010 Wien'], subject: '1. Mahnung' }),
        letter({ recipient: ['Bernd Zweiter', 'Ringstraße 2', '8010 Graz'], subject: '1. Mahnung', contentHtml: paragraphs.join('') }),
        letter({ recipient: ['Clara Dritte', 'Domgasse 3', '4020 Linz'], subject: '1. Mahnung' }, 3),
      ],
      { title: 'Mahnlauf Stufe 1' },
    );
    const pages = Number(pdfInfo(pdf).Pages);
    expect(pages).toBeGreaterThanOrEqual(4);
    expect(pdfInfo(pdf).Title).toBe('Mahnlauf Stufe 1');
    const first = pdfText(pdf, 1);
    expect(first).toContain('Anna Erste');
    expect(first).not.toContain('Seite');
    expect(first).not.toContain('Bernd');
    const second = pdfText(pdf, 2);
    expect(second).toContain('Bernd Zweiter');
    expect(second).toContain('Tel. +43 1 234 56 78');
    expect(second).toMatch(/Seite 1 von \d/);
    const last = pdfText(pdf, pages);
    expect(last).toContain('Clara Dritte');
    expect(last).toContain('Tel. +43 1 234 56 78');
    expect(last).not.toContain('Seite');
    expect(pdfText(pdf, pages - 1)).toMatch(/Seite (\d) von \1/);
    await expect(renderLetters([])).rejects.toThrow();
  });

  it('flows long content over pages with page numbers, the footer on every page, in order', async () => {
    const paragraphs = Array.from({ length: 120 }, (_, index) => `<p>Absatz ${index + 1}: Grüße aus der Übungshalle, größer und schöner als je zuvor – ß.</p>`);
    const pdf = await renderLetter(letter({ contentHtml: paragraphs.join(''), attachments: ['Vertrag.pdf', 'SEPA-Mandat.pdf'] }));
    const pages = Number(pdfInfo(pdf).Pages);
    expect(pages).toBeGreaterThanOrEqual(3);
    for (let page = 1; page <= pages; page += 1) {
      const text = pdfText(pdf, page);
      expect(text).toContain(`Seite ${page} von ${pages}`);
      expect(text).toContain('IBAN AT61 1904 3002 3457 3201');
      // The letterhead is on the first page only.
      expect(text.includes('Tel. +43 1 234 56 78')).toBe(page === 1);
    }
    const all = pdfText(pdf);
    const positions = Array.from({ length: 120 }, (_, index) => all.indexOf(`Absatz ${index + 1}:`));
    expect(positions.every((position) => position >= 0)).toBe(true);
    expect(positions).toEqual([...positions].sort((a, b) => a - b));
    expect(all.indexOf('Anlagen')).toBeGreaterThan(all.indexOf('Absatz 120:'));
    expect(all).toContain('SEPA-Mandat.pdf');
    // No text runs into the footer: the page number line is the lowest text above it.
    const words = pdfWords(pdf);
    const footerTop = Math.min(...words.filter((word) => word.text === 'FN').map((word) => word.yMin));
    for (const word of words.filter((candidate) => candidate.text.startsWith('Absatz'))) {
      expect(word.yMax).toBeLessThan(footerTop - mm(8));
    }
  });

  it('renders rich text: headings, lists, quotes, emphasis and links; no script', async () => {
    const html = '<h2>Überschrift</h2><p>Ein <em>kursives</em>, <u>unterstrichenes</u> und <s>gestrichenes</s> Wort '
      + 'und <a href="https://example.org/x?a=1&amp;b=2">ein Link</a>.</p>'
      + '<ul><li>erstens</li><li>zweitens<ol><li>innen</li></ol></li></ul><ol><li>eins</li><li>zwei</li></ol>'
      + '<blockquote><p>Zitat</p></blockquote><script>alert("x")</script><img src="https://example.org/a.png" alt="Bild">'
      + '<p onclick="evil()">Zeile 1<br>Zeile 2</p>';
    const pdf = await renderLetter(letter({ contentHtml: html }));
    const text = pdfText(pdf);
    expect(text).not.toMatch(/alert|script|onclick/);
    const lines = text.split('\n').map((line) => line.trim().replace(/\s+/g, ' '));
    expect(lines).toEqual(expect.arrayContaining(['Überschrift', '• erstens', '• zweitens', '1. innen', '1. eins', '2. zwei',
      'Zitat', 'Zeile 1', 'Zeile 2']));
    expect(text).toContain('Ein kursives, unterstrichenes und gestrichenes Wort und ein Link.');
    expect(pdf.toString('latin1')).toContain('(https://example.org/x?a=1&b=2)');
  });

  it('wraps long words and addresses within the text column', async () => {
    const url = `https://example.org/${'verylongpath'.repeat(30)}`;
    const word = 'Donaudampfschifffahrtsgesellschaftskapitänsmützenabzeichen'.repeat(4);
    const pdf = await renderLetter(letter({ contentHtml: `<p>${word}</p><p><a href="${url}">${url}</a></p>` }));
    const words = pdfWords(pdf);
    for (const item of words) expect(item.xMax).toBeLessThanOrEqual(mm(190) + 1);
    const flat = pdfText(pdf).replace(/\s+/g, '');
    expect(flat).toContain(word);
    expect(flat).toContain(url);
  });

  it('keeps nine address lines inside the window of form A and B', async () => {
    const recipient = Array.from({ length: 9 }, (_, index) => `Adresszeile${index + 1}`);
    for (const layout of [1, 4] as const) {
      const windowTop = mm(layout === 4 ? 27 : 45);
      const words = pdfWords(await renderLetter(letter({ recipient }, layout)));
      const found = recipient.map((line) => words.find((word) => word.text === line));
      for (const word of found) {
        expect(word).toBeDefined();
        expect(inside(word!, { left: mm(20), right: mm(105), top: windowTop, bottom: windowTop + mm(45) })).toBe(true);
      }
      // Below the return address, in order.
      const sender = words.find((word) => word.text === '1010' && word.yMax < windowTop + mm(10))!;
      expect(found[0]!.yMin).toBeGreaterThan(sender.yMax);
      expect(found.map((word) => word!.yMin)).toEqual(found.map((word) => word!.yMin).sort((a, b) => a - b));
    }
  });

  it('survives characters the font lacks and control characters', async () => {
    const pdf = await renderLetter(letter({ subject: 'Emoji 😀 und 漢字\u0000', contentHtml: '<p>Tab\there, NUL \u0000, bell \u0007, 😀 漢字 ok</p>' }));
    expect(pdfText(pdf)).toContain('ok');
  });

  it('writes metadata and the same bytes for the same input', async () => {
    const input = letter();
    const first = await renderLetter(input);
    const second = await renderLetter(input);
    expect(first.equals(second)).toBe(true);
    const info = pdfInfo(first);
    expect(info.Title).toBe('Bestätigung Ihrer Kündigung');
    expect(info.Author).toBe('Kampfsportschule Südstadt');
    expect(info.CreationDate).toMatch(/^2026-11-24/);
  });

  it('works without any letterhead content and in English', async () => {
    const pdf = await renderLetter({ letterhead: {}, recipient: ['Max Muster'], date: '2026-01-05', contentHtml: 'Nur Text & mehr',
      language: 'en', attachments: ['a.pdf'] });
    const text = pdfText(pdf);
    expect(text).toContain('05.01.2026');
    expect(text).toContain('Nur Text & mehr');
    expect(text).toContain('Enclosure');
  });

  it('refuses input above the limits with error 40 and unreadable images with 41, quickly', async () => {
    const started = Date.now();
    expect(await refusal(letter({ contentHtml: `<p>${'x'.repeat(10 * 1024 * 1024)}</p>` }))).toBe(ERROR.letterTooLarge);
    expect(await refusal(letter({ recipient: Array.from({ length: 10 }, (_, i) => `Zeile ${i}`) }))).toBe(ERROR.letterTooLarge);
    expect(await refusal(letter({ subject: 'x'.repeat(LETTER_LIMITS.lineChars + 1) }))).toBe(ERROR.letterTooLarge);
    // A small PNG that claims 20000 × 20000 pixels is refused before anything decodes it.
    const bomb = Buffer.from(logo);
    bomb.writeUInt32BE(20_000, 16);
    bomb.writeUInt32BE(20_000, 20);
    expect(await refusal(letter({ letterhead: { ...letter().letterhead, logo: bomb } }))).toBe(ERROR.letterTooLarge);
    expect(await refusal(letter({ letterhead: { ...letter().letterhead, logo: Buffer.alloc(6 * 1024 * 1024) } }))).toBe(ERROR.letterTooLarge);
    expect(await refusal(letter({ letterhead: { ...letter().letterhead, logo: Buffer.from('<svg onload="x"/>') } }))).toBe(ERROR.letterImageRefused);
    const brokenPng = Buffer.concat([logo.subarray(0, 40), Buffer.alloc(64, 7)]);
    expect(await refusal(letter({ letterhead: { ...letter().letterhead, signatureImage: brokenPng } }))).toBe(ERROR.letterImageRefused);
    expect(Date.now() - started).toBeLessThan(10_000);
  });

  it('takes large and unusual pictures: re-encoded small before layout', async () => {
    // 4000 × 3000 with transparency, and a CMYK JPEG turned by its EXIF orientation.
    const big = await sharp({ create: { width: 4000, height: 3000, channels: 4, background: { r: 200, g: 10, b: 10, alpha: 0.5 } } }).png().toBuffer();
    const cmyk = await sharp({ create: { width: 300, height: 100, channels: 3, background: { r: 0, g: 0, b: 0 } } })
      .jpeg().toColourspace('cmyk').withMetadata({ orientation: 6 }).toBuffer();
    const started = Date.now();
    const pdf = await renderLetter(letter({ letterhead: { ...letter().letterhead, logo: big, signatureImage: cmyk } }));
    expect(Date.now() - started).toBeLessThan(15_000);
    expect(pdfText(pdf)).toContain('Anna Überreiter');
    expect(pdf.length).toBeLessThan(1024 * 1024);
  });

  it('refuses more pages than allowed with error 40', async () => {
    const paragraph = `<p>${'Wort '.repeat(60)}</p>`;
    const html = paragraph.repeat(Math.floor(LETTER_LIMITS.contentChars / paragraph.length));
    expect(await refusal(letter({ contentHtml: html }))).toBe(ERROR.letterTooLarge);
  });

  it('renders a one-page letter fast (see the README for the figure)', async () => {
    await renderLetter(letter());
    const runs = 5;
    const started = process.hrtime.bigint();
    for (let run = 0; run < runs; run += 1) await renderLetter(letter());
    const ms = Number(process.hrtime.bigint() - started) / 1e6 / runs;
    expect(ms).toBeLessThan(1000);
  });
});
