/**
 * Bounds of one letter. A letter is a few pages; these keep a hostile or broken input (10 MB
 * of text, a decompression-bomb picture) from tying up the server: above them renderLetter
 * refuses with LetterError 40 before doing the expensive work.
 */
export const LIMITS = {
  /** Characters of the content HTML (before sanitising: sanitising 10 MB is itself slow). */
  contentChars: 200_000,
  /** Pages of one letter. */
  pages: 40,
  /** Letters in one PDF (renderLetters: a dunning run's letters to print). */
  lettersPerDocument: 1000,
  /** Lines of the recipient address (DIN 5008 window: 3 + 6 lines). */
  recipientLines: 9,
  /** Characters of one short text (a subject, an address or header line…). */
  lineChars: 500,
  /** Lines of the header, of one footer column, of the signature, of the attachments. */
  listLines: 30,
  /** Footer columns. */
  footerColumns: 6,
  /** Bytes of one image (logo, signature). */
  imageBytes: 5 * 1024 * 1024,
  /** Pixels of one image (width × height), and of either side. */
  imagePixels: 25_000_000,
  imageSide: 10_000,
} as const;
