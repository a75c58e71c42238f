import ExcelJS from 'exceljs';
import { ERROR, type LeadImportResult, type LeadImportRow, type LeadImportUploadResponse, type PagedListResponse } from 'shared-kernel/contracts';
import { DEMO_PASSWORD } from '../../../seed/demo.js';
import { backends, createClock, createTestApp, type TestApp } from '../../../../test/support/test-app.js';
import { multipart } from '../../../../test/support/multipart.js';
import { xlsxParts, zipArchive } from '../../../../test/support/zip.js';

jest.setTimeout(300_000);

/** A Windows-1252 file as an old Windows export writes it (ä ö ü ß are single bytes). */
const cp1252 = (text: string) => Buffer.from(text, 'latin1');

describe.each(backends())('legacy lead import API on %s', (backend) => {
  let t: TestApp;
  const cookies: Record<string, string> = {};
  let graz: number;
  let wien: number;

  const sql = async <T>(text: string, params: unknown[] = []) => (await t.db.query<T>(text, params)).rows;
  const staged = async () => (await sql<{ n: number }>('SELECT count(*)::int AS n FROM lead_import_rows'))[0]!.n;
  const upload = (user: string, file: { filename: string; data: Buffer | string }, fields: Record<string, string> = {}) => {
    const body = multipart([
      { name: 'sid', value: String(fields.sid ?? graz) },
      ...(fields.mapping ? [{ name: 'mapping', value: fields.mapping }] : []),
      { name: 'file', filename: file.filename, data: file.data },
    ]);
    return t.request({ method: 'POST', url: '/api-import/leglead/upload', headers: { cookie: cookies[user]!, ...body.headers }, payload: body.payload });
  };
  const importIds = (user: string, ids: number[]) =>
    t.request({ method: 'POST', url: '/api-import/leglead', headers: { cookie: cookies[user]! }, payload: { ids } });
  const stagedIds = async (user: string) =>
    (await list(user, { pageSize: 100 })).json<PagedListResponse<LeadImportRow>>().rows.map((r) => r.id);
  const list = (user: string, query: Record<string, unknown> = {}) => {
    const params = new URLSearchParams(
      Object.entries(query).map(([key, value]): [string, string] => [key, typeof value === 'string' || typeof value === 'number' ? String(value) : JSON.stringify(value)]),
    );
    return t.request({ method: 'GET', url: `/api-import/leglead?${params}`, headers: { cookie: cookies[user]! } });
  };

  beforeAll(async () => {
    t = await createTestApp({ backend, seed: 'demo', clock: createClock(new Date('2026-11-21T09:30:00Z')) });
    cookies.office = await t.login('office', DEMO_PASSWORD);
    cookies.trainer = await t.login('trainer', DEMO_PASSWORD);
    const schools = await sql<{ id: number; name: string }>('SELECT id, name FROM schools ORDER BY id');
    graz = schools.find((s) => s.name.includes('Graz'))!.id;
    wien = schools.find((s) => s.name.includes('Wien'))!.id;
    cookies.grazImporter = (await t.loginAs({ atoms: ['lead_r', 'lead_w'], schools: [graz] })).cookie;
  });

  afterAll(async () => {
    await t?.close();
  });

  it('stages a Windows-1252 CSV with ; and quoted fields: umlauts round-trip, known German columns mapped, dates read', async () => {
    const csv = cp1252(
      'Vorname;Nachname;PLZ;Ort;E-Mail;Telefon;Mobil;Angelegt;Lieblingsfarbe\r\n' +
        'Jürgen;Größer;8010;Graz;juergen@example.test;0316 123;0664 1;03.02.2024;Grün\r\n' +
        '"Ännchen";"Öztürk; von";8020;"Graz ""Süd""";;;;2024-05-06;\r\n' +
        'Uwe;Weiß;8010;Graz;;;;31.02.2024;\r\n',
    );
    const res = await upload('office', { filename: 'export.csv', data: csv });
    expect(res.statusCode).toBe(200);
    const body = res.json<LeadImportUploadResponse>();
    expect(body.staged).toBe(3);
    expect(body.columns).toEqual([
      { header: 'Vorname', field: 'firstname' },
      { header: 'Nachname', field: 'lastname' },
      { header: 'PLZ', field: 'zip' },
      { header: 'Ort', field: 'city' },
      { header: 'E-Mail', field: 'email' },
      { header: 'Telefon', field: 'phone' },
      { header: 'Mobil', field: 'mobile' },
      { header: 'Angelegt', field: 'date_created' },
      { header: 'Lieblingsfarbe', field: null },
    ]);
    const rows = (await list('office')).json<PagedListResponse<LeadImportRow>>();
    expect(rows.total).toBe(3);
    expect(rows.rows[0]).toEqual(expect.objectContaining({
      fn: 'Jürgen', ln: 'Größer', z: '8010', c: 'Graz', em: 'juergen@example.test', p1: '0316 123', p2: '0664 1', dc: '2024-02-03', sid: graz, sn: 'Kampfkunstschule Graz',
    }));
    expect(rows.rows[1]).toEqual(expect.objectContaining({ fn: 'Ännchen', ln: 'Öztürk; von', c: 'Graz "Süd"', dc: '2024-05-06', em: '' }));
    expect(rows.rows[2]).toEqual(expect.objectContaining({ ln: 'Weiß', dc: null }));
    // The unmapped column is kept for the lead's annotation.
    expect((await sql<{ annotation: string }>("SELECT annotation FROM lead_import_rows WHERE lastname = 'Größer'"))[0]!.annotation).toBe('Lieblingsfarbe: Grün');

    // Prefix filters match what the user typed, case-insensitively; sorting by last name is German.
    const filtered = (await list('office', { filtered: [{ id: 'ln', value: 'grö' }] })).json<PagedListResponse<LeadImportRow>>();
    expect(filtered.rows.map((r) => r.ln)).toEqual(['Größer']);
    const byName = (await list('office', { sorted: [{ id: 'ln', desc: false }] })).json<PagedListResponse<LeadImportRow>>();
    expect(byName.rows.map((r) => r.ln)).toEqual(['Größer', 'Öztürk; von', 'Weiß']);
    expect((await list('office', { filtered: [{ id: 'nope', value: 'x' }] })).statusCode).toBe(400);
    expect((await list('office', { filtered: '{' })).statusCode).toBe(400);
  });

  it('stages a UTF-8 CSV with BOM and commas, the user mapping an unknown column; the school column picks one of the user\'s schools', async () => {
    const csv = '\uFEFFfirstname,lastname,Postleitzahl,Wohnort,Schule,Handynr\nMaria,Müller,1010,Wien,Kampfkunstschule Wien-Mitte,0699 7\nOtto,Groß,8010,Graz,,\n';
    const first = await upload('office', { filename: 'leads.txt', data: csv });
    expect(first.json<LeadImportUploadResponse>().columns.find((c) => c.header === 'Handynr')).toEqual({ header: 'Handynr', field: null });
    const res = await upload('office', { filename: 'leads.txt', data: csv }, { mapping: JSON.stringify({ Handynr: 'mobile' }) });
    expect(res.statusCode).toBe(200);
    expect(res.json<LeadImportUploadResponse>().columns.find((c) => c.header === 'Handynr')).toEqual({ header: 'Handynr', field: 'mobile' });
    const rows = (await list('office')).json<PagedListResponse<LeadImportRow>>().rows;
    // A new upload replaced the earlier rows.
    expect(rows.map((r) => r.ln)).toEqual(['Müller', 'Groß']);
    expect(rows[0]).toEqual(expect.objectContaining({ fn: 'Maria', z: '1010', c: 'Wien', p2: '0699 7', sid: wien, sn: 'Kampfkunstschule Wien-Mitte' }));
    expect(rows[1]).toEqual(expect.objectContaining({ sid: graz }));
    expect((await upload('office', { filename: 'leads.csv', data: csv }, { mapping: '{"Handynr":"shoe_size"}' })).statusCode).toBe(400);
  });

  it('stages the first sheet of an XLSX (dates, numbers and links as text)', async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Interessenten');
    sheet.addRow(['Vorname', 'Nachname', 'PLZ', 'Ort', 'E-Mail', 'Erstellt']);
    sheet.addRow(['Zoë', 'Böhm', 8010, 'Graz', { text: 'zoe@example.test', hyperlink: 'mailto:zoe@example.test' }, new Date(Date.UTC(2023, 10, 5))]);
    sheet.addRow(['Ida', 'Strauß', '8020', 'Graz', 'ida@example.test', '07.08.2022']);
    const data = Buffer.from(await workbook.xlsx.writeBuffer());
    const res = await upload('office', { filename: 'Export.XLSX', data });
    expect(res.statusCode).toBe(200);
    expect(res.json<LeadImportUploadResponse>().staged).toBe(2);
    const rows = (await list('office')).json<PagedListResponse<LeadImportRow>>().rows;
    expect(rows[0]).toEqual(expect.objectContaining({ fn: 'Zoë', ln: 'Böhm', z: '8010', em: 'zoe@example.test', dc: '2023-11-05' }));
    expect(rows[1]).toEqual(expect.objectContaining({ ln: 'Strauß', dc: '2022-08-07' }));
  });

  it('answers a malformed file with 400 and its code, staging nothing and keeping the staged rows', async () => {
    const before = await staged();
    expect(before).toBeGreaterThan(0);
    const garbage = Buffer.from(Array.from({ length: 4096 }, (_, i) => (i * 7919) % 256));
    const cases: [string, { filename: string; data: Buffer | string }, number][] = [
      ['binary garbage', { filename: 'leads.csv', data: garbage }, 80],
      ['a broken workbook', { filename: 'leads.xlsx', data: Buffer.concat([Buffer.from('PK\u0003\u0004'), garbage]) }, 80],
      ['text named .xlsx', { filename: 'leads.xlsx', data: 'Vorname;Nachname\nA;B\n' }, 80],
      ['an empty file', { filename: 'leads.csv', data: '' }, 80],
      ['no header row', { filename: 'leads.csv', data: 'Max;Muster;8010;Graz\nEva;Egger;8020;Graz\n' }, 81],
      ['only a header', { filename: 'leads.csv', data: 'Vorname;Nachname\r\n\r\n' }, 82],
      ['blank lines only', { filename: 'leads.csv', data: '\r\n\r\n' }, 82],
      ['too many rows', { filename: 'leads.csv', data: `Vorname;Nachname\n${'A;B\n'.repeat(20_001)}` }, 83],
      ['too many bytes', { filename: 'leads.csv', data: `Vorname;Nachname\n${'x'.repeat(8 * 1024 * 1024 + 10)}` }, 83],
      ['a wrong extension', { filename: 'leads.pdf', data: 'Vorname;Nachname\nA;B\n' }, 84],
    ];
    for (const [what, file, code] of cases) {
      const res = await upload('office', file);
      expect([what, res.statusCode, res.json()]).toEqual([what, 400, expect.objectContaining({ error: code })]);
    }
    expect((await upload('office', { filename: 'leads.csv', data: 'Vorname;Nachname\nA;B\n' }, { sid: '999999' })).statusCode).toBe(400);
    expect(await staged()).toBe(before);
  });

  it('refuses an XLSX that inflates too far (a zip bomb) before reading it, staging nothing', async () => {
    const row = (r: number, cells: string[]) =>
      `<row r="${r}">${cells.map((text, i) => `<c r="${String.fromCharCode(65 + i)}${r}" t="inlineStr"><is><t>${text}</t></is></c>`).join('')}</row>`;
    const sheetData = row(1, ['Vorname', 'Nachname']) + row(2, ['Zita', 'Bombe']);
    // The archive writer makes a workbook ExcelJS reads: the same parts with little padding import.
    const small = await upload('office', { filename: 'klein.xlsx', data: zipArchive(xlsxParts(sheetData, Buffer.alloc(1024, 0x20))) });
    expect(small.statusCode).toBe(200);
    expect((await list('office')).json<PagedListResponse<LeadImportRow>>().rows.map((r) => r.ln)).toEqual(['Bombe']);
    const before = await staged();

    // 100 MB of spaces in the sheet's XML deflate to about 100 KB.
    const bomb = zipArchive(xlsxParts(sheetData, Buffer.alloc(100 * 1024 * 1024, 0x20)));
    expect(bomb.length).toBeLessThan(1024 * 1024);
    const res = await upload('office', { filename: 'bombe.xlsx', data: bomb });
    expect([res.statusCode, res.json()]).toEqual([400, { error: ERROR.importTooLarge }]);
    // Many small entries adding up, and entries that are not deflate: refused too.
    const spread = zipArchive([...xlsxParts(sheetData), ...Array.from({ length: 8 }, (_, i) => ({ name: `xl/media/pad${i}.bin`, data: Buffer.alloc(9 * 1024 * 1024) }))]);
    expect((await upload('office', { filename: 'verteilt.xlsx', data: spread })).json()).toEqual({ error: ERROR.importTooLarge });
    expect(await staged()).toBe(before);
  });

  it('two uploads of one user at once leave one stage; the same rows imported twice at once, or by two colleagues at once, make their leads once', async () => {
    const csv = (name: string) => `Vorname;Nachname;E-Mail\nPaul;${name};\nPia;${name};\n`;
    const [a, b] = await Promise.all([
      upload('office', { filename: 'a.csv', data: csv('Zuerst') }),
      upload('office', { filename: 'b.csv', data: csv('Zugleich') }),
    ]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    const rows = (await list('office')).json<PagedListResponse<LeadImportRow>>().rows;
    // One of the two files, not both.
    expect(rows).toHaveLength(2);
    expect(new Set(rows.map((r) => r.ln)).size).toBe(1);
    const batches = await sql<{ n: number }>("SELECT count(*)::int AS n FROM lead_import_batches b JOIN users u ON u.id = b.user_id WHERE u.username = 'office'");
    expect(batches[0]!.n).toBe(1);

    const ids = rows.map((r) => r.id);
    const leadsBefore = (await sql<{ n: number }>('SELECT count(*)::int AS n FROM leads'))[0]!.n;
    const answers = await Promise.all([importIds('office', ids), importIds('office', ids)]);
    // The first creates the leads; the second finds the rows gone (404) and writes nothing.
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 404]);
    expect((await sql<{ n: number }>('SELECT count(*)::int AS n FROM leads'))[0]!.n).toBe(leadsBefore + 2);
    // Wrong types in the body: 400, nothing written.
    for (const body of [{ ids: '1,2' }, { ids: [1.5] }, { ids: [-1] }, { ids: [1, 1] }, { ids: [1], all: true }, []]) {
      const res = await t.request({ method: 'POST', url: '/api-import/leglead', headers: { cookie: cookies.office! }, payload: body as object });
      expect([JSON.stringify(body), res.statusCode, typeof res.json<{ error?: number }>().error]).toEqual([JSON.stringify(body), 400, 'number']);
    }
    expect((await sql<{ n: number }>('SELECT count(*)::int AS n FROM leads'))[0]!.n).toBe(leadsBefore + 2);

    // Two colleagues import the same export at once: each person becomes one lead.
    const same = 'Vorname;Nachname;E-Mail\nKarl;Kollege;karl.kollege@example.test\nKlara;Kollegin;klara@example.test\n';
    expect((await upload('office', { filename: 'gleich.csv', data: same })).statusCode).toBe(200);
    expect((await upload('grazImporter', { filename: 'gleich.csv', data: same })).statusCode).toBe(200);
    const [mine, theirs] = await Promise.all([
      stagedIds('office').then((staged) => importIds('office', staged)),
      stagedIds('grazImporter').then((staged) => importIds('grazImporter', staged)),
    ]);
    expect([mine.statusCode, theirs.statusCode]).toEqual([200, 200]);
    expect(mine.json<LeadImportResult>().created + theirs.json<LeadImportResult>().created).toBe(2);
    expect((await sql("SELECT email FROM leads WHERE lastname IN ('Kollege', 'Kollegin') ORDER BY email")).length).toBe(2);
    // The next test counts the imported leads from its own file.
    await sql("DELETE FROM leads WHERE lastname IN ('Zuerst', 'Zugleich', 'Kollege', 'Kollegin')");
  });

  it('keeps staged rows to their user and school; needs lead_w', async () => {
    expect((await upload('grazImporter', { filename: 'a.csv', data: 'Nachname\nAigner\n' }, { sid: String(wien) })).statusCode).toBe(400);
    expect((await upload('grazImporter', { filename: 'a.csv', data: 'Nachname\nAigner\n' })).statusCode).toBe(200);
    expect((await list('grazImporter')).json<PagedListResponse<LeadImportRow>>().rows.map((r) => r.ln)).toEqual(['Aigner']);
    // The office's own rows are untouched and not the Graz user's.
    expect((await list('office')).json<PagedListResponse<LeadImportRow>>().rows.map((r) => r.ln)).not.toContain('Aigner');
    expect((await list('trainer')).statusCode).toBe(403);
    expect((await upload('trainer', { filename: 'a.csv', data: 'Nachname\nAigner\n' })).statusCode).toBe(403);
  });

  it('creates leads from the selected rows (origin legacy import) and skips duplicates in the school with a report', async () => {
    await sql(
      "INSERT INTO leads (school_id, firstname, lastname, email, phone_regular, lead_origin_id) VALUES ($1, 'Vorhanden', 'Per-Mail', 'Doppelt@Example.test', NULL, 1), ($1, 'Hans', 'Huber', NULL, '+43 316 777', 1)",
      [graz],
    );
    const csv = cp1252(
      'Vorname;Nachname;PLZ;Ort;E-Mail;Telefon;Mobil;Erstellt;Notiz;Gurt\r\n' +
        'Jürgen;Größer;8010;Graz;juergen@example.test;;0664 1;03.02.2024;Ruft abends an;Gelb\r\n' +
        'Neu;Mensch;8010;Graz;doppelt@example.test;;;;;\r\n' +
        'Hans;Huber;8010;Graz;;0043 316 777;;;;\r\n' +
        'Jürgen;Größer;8010;Graz;JUERGEN@example.test;;;;;\r\n' +
        'Ohne;;8010;Graz;;;;;;\r\n' +
        'Anna;Wien-Lead;1010;Wien;juergen@example.test;;;;;\r\n' +
        'Nicht;Gewählt;8010;Graz;;;;;;\r\n',
    );
    const up = await upload('office', { filename: 'alt.csv', data: csv });
    expect(up.json<LeadImportUploadResponse>().staged).toBe(7);
    const rows = (await list('office', { pageSize: 20 })).json<PagedListResponse<LeadImportRow>>().rows;
    // A row of another school (as a school column would stage it).
    await sql('UPDATE lead_import_rows SET school_id = $1 WHERE lastname = $2', [wien, 'Wien-Lead']);
    const chosen = rows.filter((r) => r.ln !== 'Gewählt').map((r) => r.id);
    const leadsBefore = (await sql<{ n: number }>('SELECT count(*)::int AS n FROM leads'))[0]!.n;

    // Another user's rows are not the caller's: 404, nothing written.
    expect((await importIds('grazImporter', chosen)).statusCode).toBe(404);
    expect((await sql<{ n: number }>('SELECT count(*)::int AS n FROM leads'))[0]!.n).toBe(leadsBefore);
    expect((await importIds('office', [])).statusCode).toBe(400);
    expect((await importIds('trainer', chosen)).statusCode).toBe(403);

    const res = await importIds('office', chosen);
    expect(res.statusCode).toBe(200);
    const report = res.json<LeadImportResult>();
    expect(report.created).toBe(2);
    expect(report.skipped.map((s) => [s.name, s.reason])).toEqual([
      ['Neu Mensch', 'email'],
      ['Hans Huber', 'name_phone'],
      ['Jürgen Größer', 'email'],
      ['Ohne', 'no_lastname'],
    ]);
    const created = await sql<{ firstname: string; lastname: string; email: string; phone_cellphone: string; first_contact: string; lead_origin_id: number; school_id: number; annotation: string; zip: string; city: string }>(
      "SELECT firstname, lastname, email, phone_cellphone, to_char(first_contact, 'YYYY-MM-DD') AS first_contact, lead_origin_id, school_id, annotation, zip, city FROM leads WHERE lead_origin_id = 9 ORDER BY id",
    );
    expect(created).toEqual([
      expect.objectContaining({ firstname: 'Jürgen', lastname: 'Größer', email: 'juergen@example.test', phone_cellphone: '0664 1', first_contact: '2024-02-03', school_id: graz, zip: '8010', city: 'Graz', annotation: 'Ruft abends an\nGurt: Gelb' }),
      // The same e-mail in another school is no duplicate.
      expect.objectContaining({ lastname: 'Wien-Lead', email: 'juergen@example.test', school_id: wien }),
    ]);
    expect((await sql<{ n: number }>('SELECT count(*)::int AS n FROM leads'))[0]!.n).toBe(leadsBefore + 2);
    // Imported and skipped rows left the stage; the row not chosen stays.
    expect((await list('office')).json<PagedListResponse<LeadImportRow>>().rows.map((r) => r.ln)).toEqual(['Gewählt']);
    expect((await importIds('office', chosen)).statusCode).toBe(404);
  });

  it('fits rows to the lead form: refused e-mail, phone, zip and city go into the annotation, an over-long name is skipped as invalid', async () => {
    const longName = 'L'.repeat(101);
    const csv =
      'Vorname;Nachname;PLZ;Ort;E-Mail;Telefon;Mobil;Notiz\n' +
      `Fritz;Falsch;80100-8020-8030;Graz;fritz(at)example;abc;0664 2;Alter Kunde\n` +
      `Zu;${longName};8010;Graz;;;;\n`;
    expect((await upload('office', { filename: 'fehler.csv', data: Buffer.from(csv, 'utf8') })).statusCode).toBe(200);
    const rows = (await list('office', { pageSize: 20 })).json<PagedListResponse<LeadImportRow>>().rows;
    const ids = rows.filter((r) => r.ln === 'Falsch' || r.ln === longName).map((r) => r.id);
    expect(ids).toHaveLength(2);
    const report = (await importIds('office', ids)).json<LeadImportResult>();
    expect(report.created).toBe(1);
    expect(report.skipped.map((s) => s.reason)).toEqual(['invalid']);
    const [lead] = await sql<{ email: string | null; phone_regular: string | null; phone_cellphone: string | null; zip: string | null; city: string; annotation: string }>(
      "SELECT email, phone_regular, phone_cellphone, zip, city, annotation FROM leads WHERE lastname = 'Falsch'",
    );
    expect(lead).toEqual({
      email: null,
      phone_regular: null,
      phone_cellphone: '0664 2',
      zip: null,
      city: 'Graz',
      annotation: 'Alter Kunde\nE-Mail (ungültig): fritz(at)example\nTelefon (ungültig): abc\nPLZ (ungültig): 80100-8020-8030',
    });
    expect(await sql('SELECT 1 FROM leads WHERE lastname = $1', [longName])).toEqual([]);
  });

  it("cancel discards only the caller's staged rows", async () => {
    expect((await upload('office', { filename: 'a.csv', data: 'Nachname\nVerwerfen\nAuch\n' })).statusCode).toBe(200);
    expect((await upload('grazImporter', { filename: 'b.csv', data: 'Nachname\nBleibt\n' })).statusCode).toBe(200);
    const discard = (user: string) => t.request({ method: 'DELETE', url: '/api-import/leglead', headers: { cookie: cookies[user]! } });
    expect((await discard('trainer')).statusCode).toBe(403);
    expect((await discard('office')).json()).toEqual({ success: true, discarded: 2 });
    expect(await stagedIds('office')).toEqual([]);
    expect((await list('grazImporter')).json<PagedListResponse<LeadImportRow>>().rows.map((r) => r.ln)).toEqual(['Bleibt']);
    expect((await discard('office')).json()).toEqual({ success: true, discarded: 0 });
    expect((await discard('grazImporter')).json()).toEqual({ success: true, discarded: 1 });
  });

  it('stages and imports a 10,000-row file in one transaction each', async () => {
    const lines = ['Vorname;Nachname;PLZ;Ort;E-Mail;Telefon;Erstellt'];
    for (let i = 0; i < 10_000; i += 1) lines.push(`Vorname${i};Nachname${i};${8000 + (i % 100)};Graz;person${i}@example.test;0316 ${i};01.0${1 + (i % 9)}.2023`);
    const res = await upload('office', { filename: 'gross.csv', data: cp1252(lines.join('\r\n')) });
    expect(res.statusCode).toBe(200);
    expect(res.json<LeadImportUploadResponse>().staged).toBe(10_000);
    const page = (await list('office', { page: 499, pageSize: 20 })).json<PagedListResponse<LeadImportRow>>();
    expect(page.total).toBe(10_000);
    expect(page.rows.map((r) => r.ln).at(-1)).toBe('Nachname9999');

    const ids = (await sql<{ id: number }>("SELECT r.id FROM lead_import_rows r JOIN users u ON u.id = r.user_id WHERE u.username = 'office' ORDER BY r.row_no")).map((r) => r.id);
    const leadsBefore = (await sql<{ n: number }>('SELECT count(*)::int AS n FROM leads'))[0]!.n;
    const imported = await importIds('office', ids);
    expect(imported.statusCode).toBe(200);
    expect(imported.json<LeadImportResult>()).toEqual({ success: true, created: 10_000, skipped: [] });
    expect((await sql<{ n: number }>('SELECT count(*)::int AS n FROM leads'))[0]!.n).toBe(leadsBefore + 10_000);
    expect(await stagedIds('office')).toEqual([]);
  });
});
