import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import {
  DIVISIONS, MEMBER_STATUSES, NOTE_TYPES, SALUTATIONS, STUDENT_STATUSES, TITLES,
} from 'shared-kernel/contracts';
import type { SelectOption } from 'shared-kernel/forms';
import { NS } from '../i18n.js';

/** Countries offered in address forms (ISO 3166 alpha-2, lower case as on the wire). */
const ADDRESS_COUNTRIES = [
  'at', 'de', 'ch', 'li', 'it', 'si', 'hr', 'hu', 'sk', 'cz', 'pl', 'nl', 'be', 'lu', 'fr', 'es', 'pt', 'gb', 'dk',
  'se', 'ba', 'rs', 'tr',
];

function countryNames(language: string): (code: string) => string {
  try {
    const names = new Intl.DisplayNames([language], { type: 'region' });
    return (code) => names.of(code.toUpperCase()) ?? code.toUpperCase();
  } catch {
    return (code) => code.toUpperCase();
  }
}

/**
 * Texts and select options of the student enumerations (spec 001 §3): salutations, titles,
 * statuses, network statuses, divisions, note types, countries.
 */
export function useStudentLabels() {
  const { t, i18n } = useTranslation(NS);
  const language = i18n.language;
  return useMemo(() => {
    const country = countryNames(language);
    // `group` is the texts' key: student_enums.* (shared with the list) or the detail's own.
    const label = (group: string, value: number | null | undefined): string =>
      value === null || value === undefined ? t('student_detail.none') : t(`${group}.${value}`);
    const options = (group: string, values: readonly number[]): SelectOption[] =>
      values.map((value) => ({ value, label: label(group, value) }));
    return {
      salutation: (value: number | null | undefined) => label('student_enums.salutation', value),
      title: (value: number | null | undefined) => label('student_enums.title', value),
      status: (value: number | null | undefined) => label('student_enums.status', value),
      memberStatus: (value: number | null | undefined) => label('student_enums.member_status', value),
      noteType: (value: number | null | undefined) => label('student_detail.note_type', value),
      division: (value: number) => t(`student_enums.division.${value}`),
      country: (code: string | null | undefined) => (code ? country(code) : t('student_detail.none')),
      salutationOptions: options('student_enums.salutation', SALUTATIONS),
      titleOptions: options('student_enums.title', TITLES),
      statusOptions: options('student_enums.status', STUDENT_STATUSES),
      memberStatusOptions: options('student_enums.member_status', MEMBER_STATUSES),
      noteTypeOptions: options('student_detail.note_type', NOTE_TYPES),
      divisions: DIVISIONS,
      /** Country choices sorted by name; a stored code outside the list is kept as a choice. */
      countryOptions: (current?: string | null): SelectOption[] => {
        const codes = current && !ADDRESS_COUNTRIES.includes(current) ? [...ADDRESS_COUNTRIES, current] : ADDRESS_COUNTRIES;
        return codes
          .map((code) => ({ value: code, label: country(code) }))
          .sort((a, b) => a.label.localeCompare(b.label, language));
      },
    };
  }, [t, language]);
}

export type StudentLabels = ReturnType<typeof useStudentLabels>;
