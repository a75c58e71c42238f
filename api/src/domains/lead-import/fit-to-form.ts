import { reach, type Schema } from 'yup';
import { leadFormSchema } from 'shared-kernel/contracts';
import type { StagedRow } from './repository.js';

/** What a staged row becomes when it meets the lead form's rules (spec 001 §5). */
export interface FittedRow {
  firstname: string;
  lastname: string;
  email: string;
  phone: string;
  mobile: string;
  zip: string;
  city: string;
  annotation: string;
  /** A name longer than the form allows: the row is not imported (reason 'invalid'). */
  invalidName: boolean;
}

type FormField = keyof typeof leadFormSchema.fields;

/** Optional fields whose value, when it breaks the form's rule, moves into the annotation. */
const MOVABLE: readonly { key: 'email' | 'phone' | 'mobile' | 'zip' | 'city'; field: FormField; label: string }[] = [
  { key: 'email', field: 'email', label: 'E-Mail' },
  { key: 'phone', field: 'phone_regular', label: 'Telefon' },
  { key: 'mobile', field: 'phone_cellphone', label: 'Mobil' },
  { key: 'zip', field: 'zip', label: 'PLZ' },
  { key: 'city', field: 'city', label: 'Ort' },
];

const ANNOTATION_MAX = 5000;

function fits(field: FormField, value: string): boolean {
  return (reach(leadFormSchema, field) as Schema).isValidSync(value === '' ? null : value);
}

/**
 * Fits a staged row to what the lead form would accept, so an imported lead can be opened and
 * saved like any other: an e-mail address, phone number, zip or city the form would refuse is
 * not dropped but written into the annotation ("E-Mail (ungültig): …") for staff to correct;
 * a first or last name longer than the form allows marks the row invalid (it is skipped and
 * reported). The annotation is cut to the form's limit.
 */
export function fitToLeadForm(row: StagedRow): FittedRow {
  const fitted: FittedRow = {
    firstname: row.firstname.trim(),
    lastname: row.lastname.trim(),
    email: row.email.trim(),
    phone: row.phone.trim(),
    mobile: row.mobile.trim(),
    zip: row.zip.trim(),
    city: row.city.trim(),
    annotation: row.annotation,
    invalidName: false,
  };
  fitted.invalidName = !fits('firstname', fitted.firstname) || (fitted.lastname !== '' && !fits('lastname', fitted.lastname));
  const moved: string[] = [];
  for (const { key, field, label } of MOVABLE) {
    const value = fitted[key];
    if (value !== '' && !fits(field, value)) {
      moved.push(`${label} (ungültig): ${value}`);
      fitted[key] = '';
    }
  }
  if (moved.length) fitted.annotation = [fitted.annotation, ...moved].filter(Boolean).join('\n');
  fitted.annotation = fitted.annotation.slice(0, ANNOTATION_MAX);
  return fitted;
}
