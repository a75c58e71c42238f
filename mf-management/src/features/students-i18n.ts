/**
 * Names of the student enumerations (spec 001 §3) that every student screen shows: status,
 * network status, division, salutation and title. One set, merged into the management namespace
 * by src/i18n.ts under `student_enums.*`, so the list, the map and the detail name them alike.
 * The German names of titles, salutations and divisions are the contracts' (what the server
 * prints, e.g. on the conclusion PDF, says the same).
 */
import { DIVISION_TEXTS_DE, SALUTATION_TEXTS_DE, TITLE_TEXTS } from 'shared-kernel/contracts';

export const studentEnumTexts = {
  de: {
    student_enums: {
      status: {
        1: 'Vorläufig', 2: 'Aktiv', 3: 'Kündigung läuft', 4: 'Gekündigt', 5: 'Inaktiv', 6: 'Ohne Vertrag',
      },
      member_status: {
        1: 'Aktiv', 2: 'Gekündigt', 3: 'Gesperrt', 6: 'Archiviert', 7: 'Kündigung läuft',
        8: 'Ausgeschlossen', 9: 'Unbekannt verzogen (Storno)', 10: 'Ausschluss droht',
      },
      division: DIVISION_TEXTS_DE,
      salutation: SALUTATION_TEXTS_DE,
      title: TITLE_TEXTS,
    },
  },
  en: {
    student_enums: {
      status: {
        1: 'Provisional', 2: 'Active', 3: 'Cancellation pending', 4: 'Cancelled', 5: 'Inactive', 6: 'No contract',
      },
      member_status: {
        1: 'Active', 2: 'Cancelled', 3: 'Blocked', 6: 'Archived', 7: 'Cancellation pending',
        8: 'Expelled', 9: 'Moved, unknown (storno)', 10: 'Impending expulsion',
      },
      division: {
        1: 'Children (4–6)', 2: 'Kids (7–10)', 3: 'Youth', 4: 'Adults', 5: 'Self-defence',
        6: 'Kickboxing', 7: 'Stick fighting', 8: 'Tai chi and qigong', 9: 'Fitness', 10: "Women's self-defence",
        11: 'Seniors', 12: 'Instructor training', 13: 'Competition', 14: 'Other',
      },
      salutation: { 1: 'Ms', 2: 'Mr', 3: 'Company', 4: 'To', 5: 'Family' },
      title: TITLE_TEXTS,
    },
  },
};
