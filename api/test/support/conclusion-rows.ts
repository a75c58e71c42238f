import type { DemoSchoolsApp } from './demo-schools.js';

let counter = 0;

/**
 * Inserts a conclusion of the demo school `schoolId` as the system (a SEPA direct debit of the
 * school's main account and first contract template, a 12-year-old with a payer address, iva),
 * with `overrides` on top; returns its id and the unique names used. For the API tests of what
 * happens after a conclusion was saved (activation, documents), independent of the form routes.
 */
export async function insertConclusion(
  s: Pick<DemoSchoolsApp, 'sql'>,
  schoolId: number,
  overrides: Record<string, unknown> = {},
): Promise<{ id: number; lastname: string; contractNo: string; mandateRef: string }> {
  const n = ++counter;
  const [account] = await s.sql<{ id: number }>('SELECT id FROM accounts WHERE school_id = $1 AND is_main', [schoolId]);
  const [template] = await s.sql<{ id: number }>('SELECT id FROM contract_templates WHERE school_id = $1 ORDER BY id LIMIT 1', [schoolId]);
  const [networkContract] = await s.sql<{ id: number }>(
    'SELECT id FROM network_contracts WHERE country_iso = (SELECT country FROM schools WHERE id = $1) ORDER BY sort_order LIMIT 1',
    [schoolId],
  );
  const lastname = `Aktivierung${String.fromCharCode(64 + (n % 26) + 1)}${n}`;
  const contractNo = `ACT-${n}-${schoolId}`;
  const mandateRef = `MREF-ACT-${n}-${schoolId}`;
  const row: Record<string, unknown> = {
    school_id: schoolId,
    contract_no: contractNo,
    c_contract_id: template!.id,
    ec_contract_id: networkContract!.id,
    account_id: account!.id,
    contract_start: '2026-12-01',
    payment_method_id: 1,
    products: [1, 3],
    salutation_id: 2,
    firstname: 'Lena',
    lastname,
    street: 'Praterstraße',
    house_no: '12',
    zip: '1020',
    city: 'Wien',
    country_iso: 'at',
    email: 'lena@example.test',
    birthdate: '2014-05-03',
    under_age: true,
    iva: true,
    pt_salutation_id: 1,
    pt_firstname: 'Markus',
    pt_lastname: `Zahler${n}`,
    pt_street: 'Hauptstraße',
    pt_house_no: '7',
    pt_zip: '1010',
    pt_city: 'Wien',
    pt_country_iso: 'at',
    sepa_name: `Markus Zahler${n}`,
    co_street: 'Hauptstraße',
    co_house_no: '7',
    co_zip: '1010',
    co_city: 'Wien',
    co_country_iso: 'at',
    sepa_iban: 'AT611904300234573201',
    sepa_bic: 'BKAUATWWXXX',
    sepa_bank: 'UniCredit Bank Austria AG',
    sepa_mandate_ref: mandateRef,
    sepa_date_mandate: '2026-11-20',
    created_by_name: 'Test',
    ...overrides,
  };
  const columns = Object.keys(row);
  const [created] = await s.sql<{ id: number }>(
    `INSERT INTO conclusions (${columns.join(', ')}) VALUES (${columns.map((_, i) => `$${i + 1}`).join(', ')}) RETURNING id`,
    Object.values(row),
  );
  return { id: created!.id, lastname, contractNo, mandateRef };
}
