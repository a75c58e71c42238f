/** The one letter renderer (see renderLetter) and the glue from the print configuration. */
export { renderLetter, renderLetters } from './render-letter.js';
export { letterheadFromConfig, type LetterheadConfig } from './letterhead-config.js';
export { LAYOUTS } from './layouts.js';
export { LIMITS as LETTER_LIMITS } from './limits.js';
export { LetterError, type Letterhead, type LetterInput, type LetterLayout, type LetterSignature } from './types.js';
