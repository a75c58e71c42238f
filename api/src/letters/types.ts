import { ERROR } from 'shared-kernel/contracts';
import { HttpError } from '../lib/http-error.js';

/** Print layouts of the configuration key pr_layout (see layouts.ts for what each one does). */
export type LetterLayout = 1 | 2 | 3 | 4;

/** The school's letterhead: everything that is the same on every letter of a school. */
export interface Letterhead {
  /** Logo (pr_logo): PNG or JPEG bytes. */
  logo?: Buffer | null;
  /** Header text lines (pr_header): name, address, phone… of the school. */
  headerLines?: readonly string[];
  /** The small return-address line above the recipient in the address window (pr_sender). */
  senderLine?: string;
  /** Place in front of the date: "Wien" gives "Wien, 24.11.2026" (pr_city). */
  city?: string;
  /** Footer (pr_footer): columns side by side, each a list of lines; on every page. */
  footerColumns?: readonly (readonly string[])[];
  /** pr_layout, 1 to 4; 1 when absent. */
  layout?: LetterLayout;
  /** Signature image (pr_sig), drawn between the closing and the signature's name lines. */
  signatureImage?: Buffer | null;
}

/** Signature block under the content. */
export interface LetterSignature {
  /** Closing line, e.g. "Mit freundlichen Grüßen". */
  closing?: string;
  /** Name, function… under the image. */
  lines?: readonly string[];
  /** false: leave the letterhead's signature image out of this letter. */
  withImage?: boolean;
}

export interface LetterInput {
  letterhead: Letterhead;
  /** Recipient address, one line each (at most 9, the lines of the DIN 5008 window). */
  recipient: readonly string[];
  /** The letter's date, ISO YYYY-MM-DD (printed DD.MM.YYYY after the city; also the PDF's creation date). */
  date: string;
  subject?: string;
  /** Rich text (HTML); reduced to the news allow-list (lib/rich-text.ts) before layout. */
  contentHtml: string;
  signature?: LetterSignature;
  /** Names of enclosed documents: printed as "Anlagen" list after the signature. */
  attachments?: readonly string[];
  meta?: {
    /** PDF title; the subject when absent. */
    title?: string;
    /** PDF author: the school. */
    author?: string;
  };
  /** Language of the fixed words (page numbers, attachments); German when absent. */
  language?: 'de' | 'en';
}

/**
 * A letter the renderer refuses: too large (code 40: text, pages, address lines, image bytes
 * or pixels above the limits) or an image it cannot read (code 41). It is an HttpError 400
 * `{error: code}`: a route that lets it through answers that, nothing else to map.
 */
export class LetterError extends HttpError {
  constructor(
    readonly code: typeof ERROR.letterTooLarge | typeof ERROR.letterImageRefused,
    message: string,
  ) {
    super(400, { error: code });
    this.message = message;
    this.name = 'LetterError';
  }
}

export const tooLarge = (what: string) => new LetterError(ERROR.letterTooLarge, `Letter too large: ${what}`);
