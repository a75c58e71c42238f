import {
  PLACEHOLDER_PATTERN,
  TEMPLATE_TARGET,
  normaliseIban,
  TEMPLATE_TARGET_TYPES,
  placeholdersIn,
  type PlaceholderInfo,
  type TemplateRecipient,
  type TemplateTargetType,
} from 'shared-kernel/contracts';
import type { Queryable } from '../../db/index.js';
import { readConfigValues } from '../config/repository.js';

/**
 * THE placeholder resolver (issue 11): every text made from a template (custom or system,
 * preview, document, letter, mail) is filled here. `##name##` in subject and content; the
 * catalogue below is what the screens show as help (GET /api-base/core-bd).
 *
 * Values are plain text: the content gets them HTML-escaped (the content is sanitised rich
 * text, a value never adds markup), the subject gets them as they are (plain text). A value
 * may be a list (the appointments): a <ul> in the content, "a; b" in the subject.
 *
 * A target type adds its fields by its loader in TARGET_LOADERS (lead, student, student
 * contract); later entities add a loader and their catalogue entries. Callers with values of
 * their own (a dunning run's amount and due date) pass them as `extra`, which win.
 */

/** A filled value: text, or a list of texts. */
export type PlaceholderValue = string | string[];
export type PlaceholderValues = Record<string, PlaceholderValue>;

const ALL = TEMPLATE_TARGET_TYPES as readonly TemplateTargetType[];
const PERSON: TemplateTargetType[] = [TEMPLATE_TARGET.lead, TEMPLATE_TARGET.student, TEMPLATE_TARGET.studentContract];
const MEMBER: TemplateTargetType[] = [TEMPLATE_TARGET.student, TEMPLATE_TARGET.studentContract];
const CONTRACT: TemplateTargetType[] = [TEMPLATE_TARGET.studentContract];

interface CatalogueEntry extends PlaceholderInfo {
  /** What the preview shows when no value is given. */
  sample: PlaceholderValue;
}

const entry = (name: string, types: readonly TemplateTargetType[], de: string, en: string, sample: PlaceholderValue): CatalogueEntry => ({
  name,
  types: [...types],
  description: { de, en },
  sample,
});

/** The text of an empty appointment list (spec 001 §8). */
export const NO_APPOINTMENTS = 'Zur Zeit leider keine Termine';

export const PLACEHOLDER_CATALOGUE: readonly CatalogueEntry[] = [
  entry('contact', ALL, 'Ansprechperson: Vor- und Nachname des Benutzers, der das Schreiben erstellt', 'Contact: first and last name of the user writing it', 'Anna Berger'),
  entry('contactemail', ALL, 'E-Mail-Adresse der Ansprechperson', 'E-mail address of the contact', 'anna.berger@example.com'),
  entry('school', ALL, 'Name der Schule', 'Name of the school', 'Kampfkunstschule Wien'),
  entry('company', ALL, 'Firmenname (Einstellungen › Allgemein; sonst der Schulname)', 'Company name (settings › general; else the school name)', 'Kampfkunst GmbH'),
  entry('events1', ALL, 'Termine als Liste (Einladung: die gewählten Termine; sonst die nächsten Infoabende der Schule)', 'Appointments as a list (invitation: the chosen ones; else the next info events of the school)', ['Mo, 07.12.2026 18:00–19:30', 'Mi, 16.12.2026 18:00–19:30']),
  entry('events1ser', ALL, 'Dieselben Termine als Fließtext für Serienbriefe („am …, am … oder am …“)', 'The same appointments as running text for serial letters', 'am Mo, 07.12.2026 18:00–19:30 oder am Mi, 16.12.2026 18:00–19:30'),
  entry('today', ALL, 'Heutiges Datum (TT.MM.JJJJ)', "Today's date (DD.MM.YYYY)", '21.11.2026'),
  entry('salutation', PERSON, 'Anredezeile: „Sehr geehrte Frau X,“ / „Sehr geehrter Herr X,“ / „Guten Tag X Y,“', 'Salutation line (German forms)', 'Sehr geehrte Frau Muster,'),
  entry('firstname', PERSON, 'Vorname', 'First name', 'Erika'),
  entry('lastname', PERSON, 'Nachname', 'Last name', 'Muster'),
  entry('name', PERSON, 'Vor- und Nachname', 'First and last name', 'Erika Muster'),
  entry('email', PERSON, 'E-Mail-Adresse des Empfängers', "Recipient's e-mail address", 'erika.muster@example.com'),
  entry('street', PERSON, 'Straße und Hausnummer', 'Street and house number', 'Hauptstraße 1'),
  entry('zip', PERSON, 'Postleitzahl', 'Postcode', '1010'),
  entry('city', PERSON, 'Ort', 'City', 'Wien'),
  entry('address', PERSON, 'Anschrift in einer Zeile', 'Address in one line', 'Hauptstraße 1, 1010 Wien'),
  entry('memberno', MEMBER, 'Mitgliedsnummer im Verband', 'Membership number', 'AT-12345'),
  entry('studentno', MEMBER, 'Schülernummer', 'Student number', '4711'),
  entry('amount', MEMBER, 'Betrag (Vertrag: Monatsbeitrag; Schüler: offener Betrag)', 'Amount (contract: instalment; student: amount due)', '1.234,56 €'),
  entry('duedate', MEMBER, 'Fälligkeitsdatum (TT.MM.JJJJ)', 'Due date (DD.MM.YYYY)', '01.12.2026'),
  entry('iban', MEMBER, 'IBAN, maskiert (AT61 **** **** **** 1234)', 'IBAN, masked', 'AT61 **** **** **** 1234'),
  entry('mandateref', MEMBER, 'SEPA-Mandatsreferenz', 'SEPA mandate reference', 'M-2026-0001'),
  entry('contractno', CONTRACT, 'Vertragsnummer', 'Contract number', 'V-2026-17'),
  entry('contractname', CONTRACT, 'Vertragsart (Name der Vertragsvorlage)', 'Contract kind (name of the contract template)', 'Erwachsene 12 Monate'),
  entry('contractstart', CONTRACT, 'Vertragsbeginn (TT.MM.JJJJ)', 'Contract start (DD.MM.YYYY)', '01.01.2026'),
  entry('contractend', CONTRACT, 'Vertragsende (TT.MM.JJJJ)', 'Contract end (DD.MM.YYYY)', '31.12.2026'),
  entry('activationfee', CONTRACT, 'Aktivierungsgebühr', 'Activation fee', '49,00 €'),
];

const CATALOGUE = new Map(PLACEHOLDER_CATALOGUE.map((item) => [item.name, item]));

/** The catalogue as the screens show it (without the samples). */
export function placeholderCatalogue(): PlaceholderInfo[] {
  return PLACEHOLDER_CATALOGUE.map(({ name, description, types }) => ({ name, description, types }));
}

/** Whether `name` is a placeholder known for the target type (any type when none is given). */
export function isKnownPlaceholder(name: string, type?: TemplateTargetType): boolean {
  const found = CATALOGUE.get(name);
  return !!found && (type === undefined || found.types.includes(type));
}

// ---- formatting ----------------------------------------------------------------------------

const moneyFormatters = new Map<string, Intl.NumberFormat>();

/** Cents as '1.234,56 €' (German grouping; the currency's sign). */
export function formatCents(cents: number | string | null | undefined, currency = 'EUR'): string {
  const value = typeof cents === 'string' ? Number(cents) : cents;
  if (value === null || value === undefined || !Number.isFinite(value)) return '';
  let formatter = moneyFormatters.get(currency);
  if (!formatter) {
    formatter = new Intl.NumberFormat('de-DE', { style: 'currency', currency });
    moneyFormatters.set(currency, formatter);
  }
  return formatter.format(Math.round(value) / 100);
}

/** An ISO date ('YYYY-MM-DD…') as 'DD.MM.YYYY'; '' when empty. */
export function formatIsoDate(iso: string | null | undefined): string {
  const match = iso ? /^(\d{4})-(\d{2})-(\d{2})/.exec(iso) : null;
  return match ? `${match[3]}.${match[2]}.${match[1]}` : '';
}

/** A Date as 'DD.MM.YYYY' in the schools' time zone (Europe/Vienna; Germany and Austria share it). */
export function formatDay(date: Date): string {
  return new Intl.DateTimeFormat('de-AT', { timeZone: 'Europe/Vienna', day: '2-digit', month: '2-digit', year: 'numeric' }).format(date);
}

const appointmentFormat = new Intl.DateTimeFormat('de-AT', {
  timeZone: 'Europe/Vienna', weekday: 'short', day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit',
});
const timeFormat = new Intl.DateTimeFormat('de-AT', { timeZone: 'Europe/Vienna', hour: '2-digit', minute: '2-digit' });

/** An IBAN masked for letters: country and check digits, the last four (AT61 **** **** **** 1234). */
export function maskIban(iban: string | null | undefined): string {
  const compact = normaliseIban(iban);
  if (compact.length < 8) return '';
  const hiddenGroups = Math.max(1, Math.ceil((compact.length - 8) / 4));
  return [compact.slice(0, 4), ...Array.from({ length: hiddenGroups }, () => '****'), compact.slice(-4)].join(' ');
}

/** The salutation line of a letter (salutation 1 Ms, 2 Mr; others and none: neutral). */
export function salutationLine(salutationId: number | null | undefined, firstname: string, lastname: string): string {
  if (salutationId === 1 && lastname) return `Sehr geehrte Frau ${lastname},`;
  if (salutationId === 2 && lastname) return `Sehr geehrter Herr ${lastname},`;
  const name = [firstname, lastname].filter(Boolean).join(' ');
  return name ? `Guten Tag ${name},` : 'Guten Tag,';
}

export function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
}

// ---- appointments (issue 15 fills them) ----------------------------------------------------

/**
 * The school's next appointments of a type (1 info event, 2 trial) as display texts, at most
 * five (migration 077); none: the list is empty and shows NO_APPOINTMENTS. Invitations
 * (issue 15) pass the appointments chosen for them as `extra` (appointmentValues).
 */
export async function upcomingAppointments(tx: Queryable, schoolId: number, type: 1 | 2, now: Date): Promise<string[]> {
  const rows = await tx.query<{ ds: Date; de: Date }>(
    'SELECT ds, de FROM appointments WHERE school_id = $1 AND type = $2 AND ds >= $3 ORDER BY ds, id LIMIT 5',
    [schoolId, type, now],
  );
  return rows.rows.map((row) => appointmentText(row.ds, row.de));
}

/** An appointment as letters show it: 'Mo., 07.12.2026, 18:00–19:30' (Vienna time). */
export function appointmentText(ds: Date | string, de: Date | string): string {
  return `${appointmentFormat.format(new Date(ds))}–${timeFormat.format(new Date(de))}`;
}

/**
 * ##events1## and ##events1ser## of a list of appointment texts: the list, and the same as
 * running text for serial letters ('am A, am B oder am C'; NO_APPOINTMENTS when empty).
 */
export function appointmentValues(texts: readonly string[]): { events1: string[]; events1ser: string } {
  const dated = texts.map((text) => `am ${text}`);
  const serial = dated.length <= 1 ? (dated[0] ?? NO_APPOINTMENTS) : `${dated.slice(0, -1).join(', ')} oder ${dated[dated.length - 1]}`;
  return { events1: [...texts], events1ser: serial };
}

// ---- entities ------------------------------------------------------------------------------

/** What a loader answers: the entity's school, its placeholder values and the recipient. */
export interface LoadedEntity {
  schoolId: number;
  values: PlaceholderValues;
  recipient: TemplateRecipient;
}

interface PersonRow {
  salutation_id: number | null;
  firstname: string | null;
  lastname: string | null;
  email: string | null;
  street: string | null;
  house_no: string | null;
  zip: string | null;
  city: string | null;
  country_iso: string | null;
}

function personValues(row: PersonRow): { values: PlaceholderValues; recipient: TemplateRecipient } {
  const firstname = row.firstname ?? '';
  const lastname = row.lastname ?? '';
  const street = [row.street, row.house_no].filter(Boolean).join(' ');
  const place = [row.zip, row.city].filter(Boolean).join(' ');
  const name = [firstname, lastname].filter(Boolean).join(' ');
  const country = row.country_iso && !['at', 'AT'].includes(row.country_iso) ? ({ de: 'Deutschland', DE: 'Deutschland' } as Record<string, string>)[row.country_iso] ?? row.country_iso.toUpperCase() : '';
  return {
    values: {
      salutation: salutationLine(row.salutation_id, firstname, lastname),
      firstname,
      lastname,
      name,
      email: row.email ?? '',
      street,
      zip: row.zip ?? '',
      city: row.city ?? '',
      address: [street, place].filter(Boolean).join(', '),
    },
    recipient: { name, address_lines: [street, place, country].filter(Boolean), email: row.email ?? '' },
  };
}

type Loader = (tx: Queryable, entityId: number) => Promise<LoadedEntity | null>;

async function loadLead(tx: Queryable, id: number): Promise<LoadedEntity | null> {
  const rows = await tx.query<PersonRow & { school_id: number }>(
    `SELECT school_id, salutation_id, firstname, lastname, email, street, house_no, zip, city, NULL::text AS country_iso
       FROM leads WHERE id = $1`,
    [id],
  );
  const row = rows.rows[0];
  return row ? { schoolId: row.school_id, ...personValues(row) } : null;
}

/** Member values of a student: number, membership number, open amount and its earliest due date, IBAN of the newest contract. */
async function memberValues(tx: Queryable, studentId: number): Promise<PlaceholderValues> {
  const rows = await tx.query<{ mno: string | null; open: string | null; due: string | null; iban: string | null; mref: string | null }>(
    `SELECT s.mno,
            (SELECT sum(r.amount - r.paid - r.credited) FROM receipts r WHERE r.student_id = s.id AND r.type = 1 AND r.rrno IS NULL)::text AS open,
            (SELECT to_char(min(r.date_due), 'YYYY-MM-DD') FROM receipts r WHERE r.student_id = s.id AND r.type = 1 AND r.rrno IS NULL AND r.amount > r.paid + r.credited) AS due,
            c.sepa_iban AS iban, c.sepa_mandate_ref AS mref
       FROM students s
       LEFT JOIN LATERAL (SELECT sepa_iban, sepa_mandate_ref FROM student_contracts sc WHERE sc.student_id = s.id
                           ORDER BY (sc.status = 1) DESC, sc.contract_start DESC, sc.id DESC LIMIT 1) c ON true
      WHERE s.id = $1`,
    [studentId],
  );
  const row = rows.rows[0];
  if (!row) return {};
  return {
    memberno: row.mno ?? '',
    studentno: String(studentId),
    amount: row.open === null ? formatCents(0) : formatCents(row.open),
    duedate: formatIsoDate(row.due),
    iban: maskIban(row.iban),
    mandateref: row.mref ?? '',
  };
}

const STUDENT_PERSON = `s.school_id, s.salutation_id, s.firstname, s.lastname,
  COALESCE(a.email, s.email) AS email,
  CASE WHEN a.id IS NOT NULL AND a.street IS NOT NULL THEN a.street ELSE s.street END AS street,
  CASE WHEN a.id IS NOT NULL AND a.street IS NOT NULL THEN a.house_no ELSE s.house_no END AS house_no,
  CASE WHEN a.id IS NOT NULL AND a.street IS NOT NULL THEN a.zip ELSE s.zip END AS zip,
  CASE WHEN a.id IS NOT NULL AND a.street IS NOT NULL THEN a.city ELSE s.city END AS city,
  CASE WHEN a.id IS NOT NULL AND a.street IS NOT NULL THEN a.country_iso ELSE s.country_iso END AS country_iso`;
// Letters go to the invoice address (type 2) when the student has one.
const STUDENT_ADDRESS_JOIN = 'LEFT JOIN student_addresses a ON a.student_id = s.id AND a.type = 2';

async function loadStudent(tx: Queryable, id: number): Promise<LoadedEntity | null> {
  const rows = await tx.query<PersonRow & { school_id: number }>(`SELECT ${STUDENT_PERSON} FROM students s ${STUDENT_ADDRESS_JOIN} WHERE s.id = $1`, [id]);
  const row = rows.rows[0];
  if (!row) return null;
  const person = personValues(row);
  return { schoolId: row.school_id, values: { ...person.values, ...(await memberValues(tx, id)) }, recipient: person.recipient };
}

async function loadStudentContract(tx: Queryable, id: number): Promise<LoadedEntity | null> {
  const rows = await tx.query<PersonRow & {
    school_id: number; student_id: number; contract_no: string | null; template_name: string | null; contract_start: string;
    contract_end: string | null; due_date: string | null; amount_gross: string; activation_gross: string; currency: string;
    sepa_iban: string | null; sepa_mandate_ref: string | null;
  }>(
    `SELECT ${STUDENT_PERSON}, c.student_id, c.contract_no, t.name AS template_name,
            to_char(c.contract_start, 'YYYY-MM-DD') AS contract_start, to_char(c.contract_end, 'YYYY-MM-DD') AS contract_end,
            to_char(c.due_date, 'YYYY-MM-DD') AS due_date, c.amount_gross::text, c.activation_gross::text, c.currency,
            c.sepa_iban, c.sepa_mandate_ref
       FROM student_contracts c
       JOIN students s ON s.id = c.student_id
       LEFT JOIN contract_templates t ON t.id = c.contract_template_id
       ${STUDENT_ADDRESS_JOIN}
      WHERE c.id = $1`,
    [id],
  );
  const row = rows.rows[0];
  if (!row) return null;
  const person = personValues(row);
  const member = await memberValues(tx, row.student_id);
  const currency = row.currency.trim() || 'EUR';
  return {
    schoolId: row.school_id,
    recipient: person.recipient,
    values: {
      ...person.values,
      ...member,
      contractno: row.contract_no ?? String(id),
      contractname: row.template_name ?? '',
      contractstart: formatIsoDate(row.contract_start),
      contractend: formatIsoDate(row.contract_end),
      amount: formatCents(row.amount_gross, currency),
      activationfee: formatCents(row.activation_gross, currency),
      duedate: formatIsoDate(row.due_date),
      iban: maskIban(row.sepa_iban),
      mandateref: row.sepa_mandate_ref ?? '',
    },
  };
}

/** One loader per target type: a new target type (or new fields) is added here. */
export const TARGET_LOADERS: Record<TemplateTargetType, Loader> = {
  [TEMPLATE_TARGET.lead]: loadLead,
  [TEMPLATE_TARGET.student]: loadStudent,
  [TEMPLATE_TARGET.studentContract]: loadStudentContract,
};

/** The values every target type has: school, company, contact (the writing user), appointments, today. */
export async function commonValues(tx: Queryable, schoolId: number, userId: number, now: Date): Promise<PlaceholderValues> {
  const school = await tx.query<{ name: string }>('SELECT name FROM schools WHERE id = $1', [schoolId]);
  const user = await tx.query<{ firstname: string; lastname: string; email: string }>(
    'SELECT firstname, lastname, email FROM users WHERE id = $1',
    [userId],
  );
  const { company } = await readConfigValues(tx, schoolId, ['company']);
  const schoolName = school.rows[0]?.name ?? '';
  const sender = user.rows[0];
  return {
    school: schoolName,
    company: typeof company === 'string' && company.trim() ? company.trim() : schoolName,
    contact: sender ? [sender.firstname, sender.lastname].filter(Boolean).join(' ') : '',
    contactemail: sender?.email ?? '',
    // An invitation passes its chosen appointments as `extra` (api/src/domains/leads/invitations.ts).
    ...appointmentValues(await upcomingAppointments(tx, schoolId, 1, now)),
    today: formatDay(now),
  };
}

/** What filling answers: the texts and the placeholders it could not fill. */
export interface FilledText {
  subject: string;
  content: string;
  unknown: string[];
}

function asContent(value: PlaceholderValue): string {
  if (typeof value === 'string') return escapeHtml(value);
  if (value.length === 0) return escapeHtml(NO_APPOINTMENTS);
  return `<ul>${value.map((item) => `<li>${escapeHtml(item)}</li>`).join('')}</ul>`;
}

function asSubject(value: PlaceholderValue): string {
  if (typeof value === 'string') return value;
  return value.length === 0 ? NO_APPOINTMENTS : value.join('; ');
}

/**
 * Fills subject and content with `values` (known placeholders of `type` only). Unknown
 * placeholders stay and are listed; so is a `##` left over (a placeholder split by markup).
 * A list value standing alone in a paragraph (`<p>##events1##</p>`) replaces the paragraph.
 */
export function fillText(subject: string, content: string, values: PlaceholderValues, type?: TemplateTargetType): FilledText {
  const unknown = new Set<string>();
  const known = (name: string) => isKnownPlaceholder(name, type) && Object.hasOwn(values, name);
  for (const name of [...placeholdersIn(subject), ...placeholdersIn(content)]) if (!known(name)) unknown.add(name);
  const filledSubject = subject.replace(PLACEHOLDER_PATTERN, (match, name: string) => (known(name) ? asSubject(values[name]!) : match));
  const filledContent = content
    .replace(/<p>\s*##([a-z0-9_]{1,40})##\s*<\/p>/g, (match, name: string) =>
      known(name) && Array.isArray(values[name]) && values[name].length > 0 ? asContent(values[name]) : match,
    )
    .replace(PLACEHOLDER_PATTERN, (match, name: string) => (known(name) ? asContent(values[name]!) : match));
  // A '##' of the template that is not a whole placeholder (e.g. split by markup) is reported too.
  if (hasStrayHashes(subject) || hasStrayHashes(content)) unknown.add('##');
  return { subject: filledSubject, content: filledContent, unknown: [...unknown] };
}

/** A '##' in the template that is not part of a whole placeholder. */
function hasStrayHashes(text: string): boolean {
  return /##/.test(text.replace(PLACEHOLDER_PATTERN, ''));
}

/** Sample values of the catalogue (the preview without an entity). */
export function sampleValues(): PlaceholderValues {
  return Object.fromEntries(PLACEHOLDER_CATALOGUE.map((item) => [item.name, item.sample]));
}

/**
 * The values of one entity of a target type, with the common ones and `extra` (which win).
 * null when the entity is not there or not visible to the transaction (RLS).
 */
export async function resolveEntity(
  tx: Queryable,
  input: { type: TemplateTargetType; entityId: number; userId: number; now: Date; extra?: PlaceholderValues },
): Promise<LoadedEntity | null> {
  const entity = await TARGET_LOADERS[input.type](tx, input.entityId);
  if (!entity) return null;
  const common = await commonValues(tx, entity.schoolId, input.userId, input.now);
  return { ...entity, values: { ...common, ...entity.values, ...(input.extra ?? {}) } };
}
