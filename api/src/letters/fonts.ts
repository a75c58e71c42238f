import { readFileSync } from 'node:fs';
import { create, type Font } from 'fontkit';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { API_DIR } from '../lib/paths.js';

/**
 * The letter fonts: DejaVu Sans (npm package dejavu-fonts-ttf; Bitstream Vera licence, which
 * allows embedding and redistribution) in regular, bold, oblique and bold oblique. It has every
 * German character (ä ö ü Ä Ö Ü ß „“ – €) and most of Latin, Greek and Cyrillic. The PDF
 * embeds the subset of glyphs a letter uses. The files are parsed once per process (fontkit,
 * the font engine of pdfkit) and the parsed fonts shared by every document: parsing them per
 * letter took more than half of a one-page letter's time.
 */
export type FontStyle = 'regular' | 'bold' | 'italic' | 'boldItalic';

const FILES: Record<FontStyle, string> = {
  regular: 'DejaVuSans.ttf',
  bold: 'DejaVuSans-Bold.ttf',
  italic: 'DejaVuSans-Oblique.ttf',
  boldItalic: 'DejaVuSans-BoldOblique.ttf',
};

/** Font name in the PDF per style (registered on each document). */
export const FONT: Record<FontStyle, string> = {
  regular: 'Letter',
  bold: 'Letter-Bold',
  italic: 'Letter-Italic',
  boldItalic: 'Letter-BoldItalic',
};

let cache: Record<FontStyle, Font> | null = null;

/** The parsed fonts, read once per process. */
export function letterFonts(): Record<FontStyle, Font> {
  if (!cache) {
    const require = createRequire(join(API_DIR, 'package.json'));
    const dir = join(dirname(require.resolve('dejavu-fonts-ttf/package.json')), 'ttf');
    const parse = (style: FontStyle) => create(readFileSync(join(dir, FILES[style]))) as Font;
    cache = { regular: parse('regular'), bold: parse('bold'), italic: parse('italic'), boldItalic: parse('boldItalic') };
  }
  return cache;
}

export function fontFor(bold: boolean, italic: boolean): string {
  if (bold) return italic ? FONT.boldItalic : FONT.bold;
  return italic ? FONT.italic : FONT.regular;
}
