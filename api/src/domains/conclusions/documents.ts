import { DIVISION_TEXTS_DE, ERROR, formatIban, PAYMENT_METHOD, SALUTATION_TEXTS_DE, TITLE_TEXTS } from 'shared-kernel/contracts';
import type { Queryable } from '../../db/index.js';
import type { LetterInput } from '../../letters/index.js';
import { HttpError, notFound } from '../../lib/http-error.js';
import { escapeHtml, formatCents, formatIsoDate } from '../templates/placeholders.js';

/** What the conclusion's documents print: the conclusion with its school, template, account and network contract. */
export interface ConclusionDocumentRow {
  id: number;
  school_id: number;
  school_name: string;
  po: boolean;
  contract_no: string | null;
  products: number[];
  network_contract: string | null;
  template_name: string | null;
  amount_gross: string | null;
  activation_gross: string | null;
  pay_interval: number | null;
  currency: string | null;
  contract_start: string | null;
  payment_method_id: number | null;
  new_app: boolean;
  school_change: boolean;
  reentry: boolean;
  annotation: string;
  salutation_id: number | null;
  title_id: number | null;
  firstname: string;
  lastname: string;
  supplement: string | null;
  street: string | null;
  house_no: string | null;
  zip: string | null;
  city: string | null;
  country_iso: string | null;
  email: string | null;
  phone_regular: string | null;
  phone_cellphone: string | null;
  birthdate: string | null;
  nationality: string | null;
  sibling: boolean;
  sibling_firstname: string | null;
  sibling_lastname: string | null;
  under_age: boolean;
  iva: boolean;
  iva2: boolean;
  sepa_name: string | null;
  co_street: string | null;
  co_house_no: string | null;
  co_zip: string | null;
  co_city: string | null;
  co_country_iso: string | null;
  sepa_iban: string | null;
  sepa_bic: string | null;
  sepa_bank: string | null;
  sepa_mandate_ref: string | null;
  sepa_date_mandate: string | null;
  creditor_name: string | null;
  creditor_id: string | null;
  activated_at: string | null;
  date_withdrawal: string | null;
  /** pt_* and pt2_* columns (the guardians), read by prefix. */
  [guardianField: `pt_${string}` | `pt2_${string}`]: string | number | null;
}

const GUARDIAN = ['salutation_id', 'title_id', 'firstname', 'lastname', 'supplement', 'street', 'house_no', 'zip', 'city', 'country_iso', 'email', 'phone_regular', 'phone_cellphone'];

/** The conclusion for its documents, in the caller's scoped transaction: 404 when not visible. */
export async function readConclusionForDocument(tx: Queryable, id: number): Promise<ConclusionDocumentRow> {
  const guardianColumns = ['pt', 'pt2'].flatMap((prefix) => GUARDIAN.map((field) => `c.${prefix}_${field}`)).join(', ');
  const res = await tx.query<ConclusionDocumentRow>(
    `SELECT c.id, c.school_id, s.name AS school_name, c.po, c.contract_no, c.products, nc.name AS network_contract,
            t.name AS template_name, t.amount_gross, t.activation_gross, t.pay_interval, t.currency,
            to_char(c.contract_start, 'YYYY-MM-DD') AS contract_start, c.payment_method_id, c.new_app, c.school_change, c.reentry,
            c.annotation, c.salutation_id, c.title_id, c.firstname, c.lastname, c.supplement, c.street, c.house_no, c.zip, c.city,
            c.country_iso, c.email, c.phone_regular, c.phone_cellphone, to_char(c.birthdate, 'YYYY-MM-DD') AS birthdate,
            c.nationality, c.sibling, c.sibling_firstname, c.sibling_lastname, c.under_age, c.iva, c.iva2, ${guardianColumns},
            c.sepa_name, c.co_street, c.co_house_no, c.co_zip, c.co_city, c.co_country_iso, c.sepa_iban, c.sepa_bic,
            c.sepa_bank, c.sepa_mandate_ref, to_char(c.sepa_date_mandate, 'YYYY-MM-DD') AS sepa_date_mandate,
            a.sepa_name AS creditor_name, a.sepa_ci AS creditor_id,
            to_char(c.activated_at AT TIME ZONE 'Europe/Vienna', 'YYYY-MM-DD') AS activated_at,
            to_char(c.date_withdrawal, 'YYYY-MM-DD') AS date_withdrawal
       FROM conclusions c
       JOIN schools s ON s.id = c.school_id
       LEFT JOIN contract_templates t ON t.id = c.c_contract_id
       LEFT JOIN accounts a ON a.id = c.account_id
       LEFT JOIN network_contracts nc ON nc.id = c.ec_contract_id
      WHERE c.id = $1`,
    [id],
  );
  const row = res.rows[0];
  if (!row) throw notFound();
  return row;
}

const PAYMENT_METHOD_TEXTS: Record<number, string> = { 1: 'SEPA-Lastschrift', 2: 'Überweisung', 3: 'Bar' };
const PAY_INTERVAL_TEXTS: Record<number, string> = { 1: 'monatlich', 3: 'vierteljährlich', 6: 'halbjährlich', 12: 'jährlich' };

/** "Dr. Lena Muster" from the parts that are there. */
function personName(title: number | null | undefined, firstname: string | null | undefined, lastname: string | null | undefined): string {
  return [title ? TITLE_TEXTS[title] : null, firstname, lastname].filter((part) => part && String(part).trim()).join(' ');
}

/** Street and house number; zip and city; country (upper case): the lines of an address. */
function addressLines(street: string | null | undefined, houseNo: string | null | undefined, zip: string | null | undefined, city: string | null | undefined, country?: string | null): string[] {
  return [
    [street, houseNo].filter(Boolean).join(' '),
    [zip, city].filter(Boolean).join(' '),
    country ? country.toUpperCase() : '',
  ].filter((line) => line.trim() !== '');
}

/** A block of "label: value" lines (values HTML-escaped; empty values printed as "–"). */
function fieldBlock(heading: string, fields: readonly [string, string | null | undefined][]): string {
  const lines = fields.map(([label, value]) => `<strong>${escapeHtml(label)}:</strong> ${escapeHtml(value && value.trim() ? value : '–')}`);
  return `<h3>${escapeHtml(heading)}</h3><p>${lines.join('<br>')}</p>`;
}

const yesNo = (value: boolean) => (value ? 'ja' : 'nein');

/** IBAN in groups of four, as printed on forms. */

/**
 * The conclusion as a printable document (GET /api-conclusion/cp; spec 000 §2 "download PDF
 * for paper conclusions"): every section of the form (contract, person, sibling, guardians,
 * SEPA) and the signature lines, addressed to the person.
 */
export function conclusionLetter(c: ConclusionDocumentRow, date: string): Omit<LetterInput, 'letterhead'> {
  const guardian = (prefix: 'pt' | 'pt2', heading: string) => {
    const field = (name: string) => c[`${prefix}_${name}`] as string | null;
    const salutation = c[`${prefix}_salutation_id`] as number | null;
    const title = c[`${prefix}_title_id`] as number | null;
    return fieldBlock(heading, [
      ['Name', [salutation ? SALUTATION_TEXTS_DE[salutation] : null, personName(title, field('firstname'), field('lastname'))].filter(Boolean).join(' ')],
      ['Zusatz', field('supplement')],
      ['Adresse', addressLines(field('street'), field('house_no'), field('zip'), field('city'), field('country_iso')).join(', ')],
      ['E-Mail', field('email')],
      ['Telefon', field('phone_regular')],
      ['Mobil', field('phone_cellphone')],
    ]);
  };
  const registration = [c.new_app && 'Neuanmeldung', c.school_change && 'Schulwechsel', c.reentry && 'Wiedereintritt'].filter(Boolean).join(', ');
  const sections = [
    fieldBlock('Vertrag', [
      ['Vertragsnummer', c.contract_no],
      ['Schule', c.school_name],
      ['Vertrag', c.template_name],
      ['Beitrag', c.amount_gross === null ? null : `${formatCents(c.amount_gross, c.currency ?? 'EUR')} ${c.pay_interval ? PAY_INTERVAL_TEXTS[c.pay_interval] ?? '' : ''}`.trim()],
      ['Aktivierungsgebühr', c.activation_gross === null ? null : formatCents(c.activation_gross, c.currency ?? 'EUR')],
      ['Vertragsbeginn', formatIsoDate(c.contract_start)],
      ['Zahlungsart', c.payment_method_id ? PAYMENT_METHOD_TEXTS[c.payment_method_id] : null],
      ['Sparten', c.products.map((id) => DIVISION_TEXTS_DE[id] ?? String(id)).join(', ')],
      ['Verbandsvertrag', c.network_contract],
      ['Anmeldung', registration],
      ['Anmerkung', c.annotation],
    ]),
    fieldBlock('Person', [
      ['Name', [c.salutation_id ? SALUTATION_TEXTS_DE[c.salutation_id] : null, personName(c.title_id, c.firstname, c.lastname)].filter(Boolean).join(' ')],
      ['Zusatz', c.supplement],
      ['Adresse', addressLines(c.street, c.house_no, c.zip, c.city, c.country_iso).join(', ')],
      ['E-Mail', c.email],
      ['Telefon', c.phone_regular],
      ['Mobil', c.phone_cellphone],
      ['Geburtsdatum', formatIsoDate(c.birthdate)],
      ['Staatsangehörigkeit', c.nationality],
      ['Minderjährig', yesNo(c.under_age)],
    ]),
    c.sibling ? fieldBlock('Geschwister', [['Name', personName(null, c.sibling_firstname, c.sibling_lastname)]]) : '',
    c.iva ? guardian('pt', 'Zahler / Erziehungsberechtigte(r)') : '',
    c.iva2 ? guardian('pt2', 'Zweite(r) Erziehungsberechtigte(r)') : '',
    c.payment_method_id === PAYMENT_METHOD.sepa
      ? fieldBlock('SEPA-Lastschrift', [
          ['Kontoinhaber', c.sepa_name],
          ['Adresse', addressLines(c.co_street, c.co_house_no, c.co_zip, c.co_city, c.co_country_iso).join(', ')],
          ['IBAN', formatIban(c.sepa_iban)],
          ['BIC', c.sepa_bic],
          ['Kreditinstitut', c.sepa_bank],
          ['Mandatsreferenz', c.sepa_mandate_ref],
          ['Datum des Mandats', formatIsoDate(c.sepa_date_mandate)],
        ])
      : '',
    c.activated_at
      ? `<p>Aktiviert am ${escapeHtml(formatIsoDate(c.activated_at))}${c.date_withdrawal ? `, Widerruf zum ${escapeHtml(formatIsoDate(c.date_withdrawal))}` : ''}.</p>`
      : '',
    '<p>Ort, Datum: ______________________________</p>',
    '<p>Unterschrift (bei Minderjährigen der/des Erziehungsberechtigten): ______________________________</p>',
  ];
  const subject = `Vertragsabschluss${c.contract_no ? ` ${c.contract_no}` : ''}${c.po ? ' (Papiervertrag)' : ''}`;
  return {
    recipient: [personName(c.title_id, c.firstname, c.lastname), ...addressLines(c.street, c.house_no, c.zip, c.city, c.country_iso)],
    date,
    subject,
    contentHtml: sections.filter(Boolean).join(''),
    meta: { title: subject, author: c.school_name },
  };
}

/**
 * The SEPA Core direct debit mandate (GET /api-conclusion/sepaddm), in German: creditor name
 * and creditor id, mandate reference, the standard mandate text of the SEPA Core scheme,
 * debtor name and address, IBAN, BIC, mandate date, place/date/signature line. Without a
 * direct debit: 404; without a creditor id on the account: 400 {error: 1004}.
 */
export function sepaMandateLetter(c: ConclusionDocumentRow, date: string): Omit<LetterInput, 'letterhead'> {
  if (c.payment_method_id !== PAYMENT_METHOD.sepa || !c.sepa_iban) throw notFound();
  if (!c.creditor_id) throw new HttpError(400, { error: ERROR.creditorIdMissing });
  const creditor = escapeHtml(c.creditor_name ?? c.school_name);
  const debtorAddress = addressLines(c.co_street, c.co_house_no, c.co_zip, c.co_city, c.co_country_iso);
  const content = [
    fieldBlock('Zahlungsempfänger (Gläubiger)', [
      ['Name', c.creditor_name ?? c.school_name],
      ['Gläubiger-Identifikationsnummer', c.creditor_id],
      ['Mandatsreferenz', c.sepa_mandate_ref],
    ]),
    `<p>Ich ermächtige (Wir ermächtigen) ${creditor}, Zahlungen von meinem (unserem) Konto mittels Lastschrift einzuziehen. ` +
      `Zugleich weise ich mein (weisen wir unser) Kreditinstitut an, die von ${creditor} auf mein (unser) Konto gezogenen Lastschriften einzulösen.</p>`,
    '<p><strong>Hinweis:</strong> Ich kann (Wir können) innerhalb von acht Wochen, beginnend mit dem Belastungsdatum, die Erstattung des belasteten Betrages verlangen. ' +
      'Es gelten dabei die mit meinem (unserem) Kreditinstitut vereinbarten Bedingungen.</p>',
    '<p>Zahlungsart: Wiederkehrende Zahlung</p>',
    fieldBlock('Zahlungspflichtiger (Kontoinhaber)', [
      ['Name', c.sepa_name],
      ['Adresse', debtorAddress.join(', ')],
      ['IBAN', formatIban(c.sepa_iban)],
      ['BIC', c.sepa_bic],
      ['Kreditinstitut', c.sepa_bank],
      ['Datum des Mandats', formatIsoDate(c.sepa_date_mandate)],
    ]),
    '<p>Ort, Datum: ______________________________</p>',
    '<p>Unterschrift des Kontoinhabers: ______________________________</p>',
  ];
  return {
    recipient: [c.sepa_name ?? '', ...debtorAddress].filter((line) => line.trim() !== ''),
    date,
    subject: 'SEPA-Lastschriftmandat',
    contentHtml: content.join(''),
    meta: { title: `SEPA-Lastschriftmandat ${c.sepa_mandate_ref ?? ''}`.trim(), author: c.creditor_name ?? c.school_name },
  };
}
