import { insertConclusion } from '../../../../test/support/conclusion-rows.js';
import { demoSchoolsApp } from '../../../../test/support/demo-schools.js';
import { pdfText } from '../../../../test/support/pdf-tools.js';
import { backends, createClock } from '../../../../test/support/test-app.js';

jest.setTimeout(240_000);

/** pdftotext's text with runs of white space as one space (lines and columns as read). */
const flat = (text: string) => text.replace(/\s+/g, ' ');

describe.each(backends())('conclusion documents (paper conclusion, SEPA mandate) on %s', (backend) => {
  const s = demoSchoolsApp(backend, {
    clock: createClock(new Date('2026-11-21T09:30:00Z')),
    users: {
      writer: { atoms: ['conclusion_r', 'conclusion_w'], schools: ['wien', 'graz'] },
      reader: { atoms: ['conclusion_r'], schools: ['wien'] },
      grazWriter: { atoms: ['conclusion_r', 'conclusion_w'], schools: ['graz'] },
      trainer: { atoms: ['student_r', 'reminder_r'], schools: ['wien'] },
    },
  });

  it('the SEPA mandate: creditor id, mandate reference and date, debtor, IBAN, BIC and the SEPA Core mandate text in German', async () => {
    const c = await insertConclusion(s, s.wien);
    const res = await s.call('GET', `/api-conclusion/sepaddm?id=${c.id}`, 'reader');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(String(res.headers['content-disposition'])).toContain(`SEPA-Lastschriftmandat-${c.mandateRef}.pdf`);
    const text = flat(pdfText(res.rawPayload));
    const [account] = await s.sql<{ sepa_ci: string; sepa_name: string }>('SELECT sepa_ci, sepa_name FROM accounts WHERE school_id = $1 AND is_main', [s.wien]);
    expect(text).toContain('SEPA-Lastschriftmandat');
    expect(text).toContain(`Gläubiger-Identifikationsnummer: ${account!.sepa_ci}`);
    expect(text).toContain(`Mandatsreferenz: ${c.mandateRef}`);
    expect(text).toContain('AT61 1904 3002 3457 3201');
    expect(text).toContain('BKAUATWWXXX');
    expect(text).toContain('Datum des Mandats: 20.11.2026');
    expect(text).toContain('Markus Zahler');
    expect(text).toContain('Hauptstraße 7');
    expect(text).toContain(`Ich ermächtige (Wir ermächtigen) ${account!.sepa_name}, Zahlungen von meinem (unserem) Konto mittels Lastschrift einzuziehen.`);
    expect(text).toContain('innerhalb von acht Wochen, beginnend mit dem Belastungsdatum, die Erstattung des belasteten Betrages verlangen');
    expect(text).toContain('Unterschrift');
  });

  it('the paper conclusion: every section with its values, on the school letterhead', async () => {
    const c = await insertConclusion(s, s.wien, { po: true, sibling: true, sibling_firstname: 'Tim', sibling_lastname: 'Geschwister', annotation: 'Probetraining <b>am</b> Montag' });
    const res = await s.call('GET', `/api-conclusion/cp?id=${c.id}`, 'writer');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const text = flat(pdfText(res.rawPayload));
    expect(text).toContain(`Vertragsabschluss ${c.contractNo} (Papiervertrag)`);
    for (const heading of ['Vertrag', 'Person', 'Geschwister', 'Zahler / Erziehungsberechtigte(r)', 'SEPA-Lastschrift']) expect(text).toContain(heading);
    expect(text).toContain(`Vertragsnummer: ${c.contractNo}`);
    expect(text).toContain('Vertragsbeginn: 01.12.2026');
    expect(text).toContain(`Name: Herr Lena ${c.lastname}`);
    expect(text).toContain('Geburtsdatum: 03.05.2014');
    expect(text).toContain('Minderjährig: ja');
    expect(text).toContain('Sparten: Kinder (4–6), Jugend');
    expect(text).toContain('Tim Geschwister');
    expect(text).toContain(`Mandatsreferenz: ${c.mandateRef}`);
    expect(text).toContain('AT61 1904 3002 3457 3201');
    // User text is text, not markup.
    expect(text).toContain('Probetraining <b>am</b> Montag');
    expect(text).toContain('Zahlungsart: SEPA-Lastschrift');
  });

  it('a trainer (403), a user of another school (404) and a reader for the paper PDF (403) download nothing', async () => {
    const c = await insertConclusion(s, s.wien);
    for (const url of [`/api-conclusion/cp?id=${c.id}`, `/api-conclusion/sepaddm?id=${c.id}`]) {
      expect((await s.call('GET', url, 'trainer')).statusCode).toBe(403);
      expect((await s.call('GET', url, 'grazWriter')).statusCode).toBe(404);
    }
    expect((await s.call('GET', `/api-conclusion/cp?id=${c.id}`, 'reader')).statusCode).toBe(403);
  });

  it('no mandate without a direct debit (404) or without a creditor id on the account (400 {error: 1004})', async () => {
    const transfer = await insertConclusion(s, s.wien, { payment_method_id: 2, sepa_iban: null, sepa_mandate_ref: null });
    expect((await s.call('GET', `/api-conclusion/sepaddm?id=${transfer.id}`, 'writer')).statusCode).toBe(404);
    const [reserve] = await s.sql<{ id: number }>('SELECT id FROM accounts WHERE school_id = $1 AND sepa_ci IS NULL LIMIT 1', [s.wien]);
    const noCreditorId = await insertConclusion(s, s.wien, { account_id: reserve!.id });
    const res = await s.call('GET', `/api-conclusion/sepaddm?id=${noCreditorId.id}`, 'writer');
    expect([res.statusCode, res.json()]).toEqual([400, { error: 1004 }]);
  });
});
