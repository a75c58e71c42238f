import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { API_DIR } from '../lib/paths.js';

/**
 * The letter fonts: DejaVu Sans (npm package dejavu-fonts-ttf; Bitstream Vera licence, which
 * allows embedding and redistribution) in regular, bold, oblique and bold oblique. It has every
 * German character (ä ö ü Ä Ö Ü ß „“ – €) and most of Latin, Greek and Cyrillic. The PDF
 * embeds the subset of glyphs a letter uses.
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

let cache: Record<FontStyle, Buffer> | null = null;

/** The font files' bytes, read once per process. */
export function fontBytes(): Record<FontStyle, Buffer> {
  if (!cache) {
    const require = createRequire(join(API_DIR, 'package.json'));
    const dir = join(dirname(require.resolve('dejavu-fonts-ttf/package.json')), 'ttf');
    const read = (style: FontStyle) => readFileSync(join(dir, FILES[style]));
    cache = { regular: read('regular'), bold: read('bold'), italic: read('italic'), boldItalic: read('boldItalic') };
  }
  return cache;
}

export function fontFor(bold: boolean, italic: boolean): string {
  if (bold) return italic ? FONT.boldItalic : FONT.bold;
  return italic ? FONT.italic : FONT.regular;
}
