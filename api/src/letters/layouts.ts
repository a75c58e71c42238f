import type { LetterLayout } from './types.js';

/** Millimetres to PDF points. */
export const mm = (value: number) => (value * 72) / 25.4;

/** A4 portrait in points. */
export const PAGE = { width: mm(210), height: mm(297) } as const;

/**
 * DIN 5008 geometry shared by every layout: text from 25 mm to 20 mm before the right edge,
 * the address window 85 × 45 mm at 20 mm from the left, its first 17.7 mm the zone for the
 * return address (sender line) and notes, then 27.3 mm for six address lines.
 */
export const DIN = {
  left: mm(25),
  right: PAGE.width - mm(20),
  window: { left: mm(20), width: mm(85), height: mm(45), noteZone: mm(17.7) },
  /** Top margin of the pages after the first, and the bottom gap below the footer. */
  followTop: mm(20),
  bottomGap: mm(10),
} as const;

/** DIN 5008 form A (short letterhead, 27 mm) or B (45 mm). */
export type DinForm = 'A' | 'B';

export interface LayoutSpec {
  form: DinForm;
  /** Top of the address window. */
  windowTop: number;
  /** Fold marks (from the top edge) and the punch mark at half height. */
  foldMarks: readonly number[];
  logo: { align: 'left' | 'right' | 'center'; top: number; maxWidth: number; maxHeight: number };
  /** Header text block: its box and alignment. */
  header: { x: number; top: number; width: number; bottom: number; align: 'left' | 'right' | 'center' };
}

const FORM_B = { form: 'B' as const, windowTop: mm(45), foldMarks: [mm(105), mm(210)] };
const FORM_A = { form: 'A' as const, windowTop: mm(27), foldMarks: [mm(87), mm(192)] };
const TEXT_WIDTH = DIN.right - DIN.left;

/**
 * The four print layouts (pr_layout):
 * 1. Form B. Logo top right, header text top left.
 * 2. Form B. Logo top left, header text right-aligned on the right.
 * 3. Form B. Logo centred at the top, header text centred under it.
 * 4. Form A (address window 18 mm higher: more room for the text). Small logo top right;
 *    the header text is the information block right of the address window (from 125 mm).
 */
export const LAYOUTS: Record<LetterLayout, LayoutSpec> = {
  1: {
    ...FORM_B,
    logo: { align: 'right', top: mm(10), maxWidth: mm(70), maxHeight: mm(28) },
    header: { x: DIN.left, top: mm(10), width: TEXT_WIDTH * 0.55, bottom: mm(42), align: 'left' },
  },
  2: {
    ...FORM_B,
    logo: { align: 'left', top: mm(10), maxWidth: mm(70), maxHeight: mm(28) },
    header: { x: DIN.left + TEXT_WIDTH * 0.45, top: mm(10), width: TEXT_WIDTH * 0.55, bottom: mm(42), align: 'right' },
  },
  3: {
    ...FORM_B,
    logo: { align: 'center', top: mm(8), maxWidth: mm(80), maxHeight: mm(20) },
    header: { x: DIN.left, top: mm(30), width: TEXT_WIDTH, bottom: mm(43), align: 'center' },
  },
  4: {
    ...FORM_A,
    logo: { align: 'right', top: mm(7), maxWidth: mm(60), maxHeight: mm(16) },
    header: { x: mm(125), top: mm(32), width: DIN.right - mm(125), bottom: mm(27 + 45), align: 'left' },
  },
};

export function layoutSpec(layout: LetterLayout | undefined): LayoutSpec {
  return LAYOUTS[layout ?? 1] ?? LAYOUTS[1];
}
