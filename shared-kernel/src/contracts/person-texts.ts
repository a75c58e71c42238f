/**
 * German names of the enumerations a person and a contract carry (wire ids), for what the
 * server prints (the conclusion PDF, letters) and the management screens' German texts: one
 * list, so a printed form and the screen never name an id differently.
 */

/** Academic titles 1..17 (wire title_id); the same abbreviations in both languages. */
export const TITLE_TEXTS: Readonly<Record<number, string>> = {
  1: 'Dr.', 2: 'Mag.', 3: 'Dipl.-Ing.', 4: 'Ing.', 5: 'Prof.', 6: 'Prof. Dr.', 7: 'DDr.', 8: 'MMag.',
  9: 'Dr. med.', 10: 'Dr. med. dent.', 11: 'Dkfm.', 12: 'Dipl.-Kfm.', 13: 'BA', 14: 'BSc', 15: 'MA',
  16: 'MSc', 17: 'MBA',
};

/** Salutations 1..5 (wire salutation_id), German. */
export const SALUTATION_TEXTS_DE: Readonly<Record<number, string>> = { 1: 'Frau', 2: 'Herr', 3: 'Firma', 4: 'An', 5: 'Familie' };

/**
 * Divisions 1..14 (wire products of a conclusion, divisions of a student), German. The spec
 * numbers them without names: these are the usual divisions of the association's schools.
 */
export const DIVISION_TEXTS_DE: Readonly<Record<number, string>> = {
  1: 'Kinder (4–6)', 2: 'Kids (7–10)', 3: 'Jugend', 4: 'Erwachsene', 5: 'Selbstverteidigung',
  6: 'Kickboxen', 7: 'Stockkampf', 8: 'Tai Chi und Qigong', 9: 'Fitness', 10: 'Frauen-Selbstverteidigung',
  11: 'Senioren', 12: 'Trainerausbildung', 13: 'Wettkampf', 14: 'Sonstiges',
};
