import { ERROR, MSG, type ConclusionDataResponse, type ConclusionListResponse } from 'shared-kernel/contracts';
import { demoSchoolsApp } from '../../../../test/support/demo-schools.js';
import { backends, createClock, createTestApp, type TestApp } from '../../../../test/support/test-app.js';

jest.setTimeout(300_000);

const NOW = new Date('2026-11-21T09:30:00Z');
type Json = Record<string, unknown>;
/** The refusal's fields when each of `names` is missing. */
const required = (names: readonly string[]) => Object.fromEntries(names.map((name) => [name, MSG.required]));
/** Spec 000 §5: what iva (pt_) and iva2 (pt2_) require. */
const GUARDIAN_REQUIRED = ['salutation_id', 'firstname', 'lastname', 'street', 'house_no', 'zip', 'city', 'country_iso'];

/**
 * /api-conclusion and /api-contract/check over HTTP (spec 000 §2-8, issue 12): every rule of
 * the form refused with its field and nothing written, 1005, 1006, 61, activated conclusions
 * refused, the lead set to "contract signed", school scoping, versions, idempotent creates.
 */
describe.each(backends())('conclusions on %s (Austria)', (backend) => {
  const s = demoSchoolsApp(backend, {
    clock: createClock(NOW),
    users: {
      writer: { atoms: ['conclusion_r', 'conclusion_w', 'conclusion_d'], schools: ['wien'] },
      reader: { atoms: ['conclusion_r'], schools: ['wien'] },
      grazWriter: { atoms: ['conclusion_r', 'conclusion_w', 'conclusion_d'], schools: ['graz'] },
      trainer: { atoms: ['student_r'], schools: ['wien'] },
    },
  });
  let refs: { account: number; template: number; network: number; networkDe: number; grazAccount: number; grazTemplate: number };
  let counter = 0;

  /** A complete adult conclusion of Wien paying by transfer; `lastname` unique per call. */
  const form = (overrides: Json = {}): Json => ({
    school_id: s.wien,
    products: [4],
    ec_contract_id: refs.network,
    c_contract_id: refs.template,
    account_id: refs.account,
    contract_start: '2026-12-01',
    payment_method_id: 2,
    new_app: true,
    salutation_id: 1,
    firstname: 'Anna',
    lastname: `Anmeldung ${++counter}`,
    street: 'Hauptstraße',
    house_no: '1',
    zip: '1010',
    city: 'Wien',
    country_iso: 'at',
    birthdate: '1990-05-03',
    ...overrides,
  });
  const sepa = {
    payment_method_id: 1, sepa_name: 'Anna Böhm', co_street: 'Hauptstraße', co_house_no: '1', co_zip: '1010', co_city: 'Wien',
    co_country_iso: 'at', sepa_iban: 'AT61 1904 3002 3457 3201', sepa_bic: 'BKAUATWW', sepa_bank: 'Bank Austria',
    sepa_date_mandate: '2026-11-20',
  };
  const guardian = {
    pt_salutation_id: 2, pt_firstname: 'Eva', pt_lastname: 'Böhm', pt_street: 'Hauptstraße', pt_house_no: '1', pt_zip: '1010',
    pt_city: 'Wien', pt_country_iso: 'at',
  };
  const count = async () => (await s.sql<{ n: number }>('SELECT count(*)::int AS n FROM conclusions'))[0]!.n;
  const create = (body: Json, user = 'writer', path = '/api-conclusion/data') => s.call('POST', path, user, body);
  const createdId = async (body: Json, path?: string) => {
    const res = await create(body, 'writer', path);
    expect([res.statusCode, res.json()]).toEqual([200, expect.objectContaining({ success: true, version: 1 })]);
    return res.json<{ id: number }>().id;
  };
  const readData = async (id: number, user = 'writer') => (await s.call('GET', `/api-conclusion/data?id=${id}`, user)).json<ConclusionDataResponse>();
  /** The PUT body of a read conclusion: its form fields and version. */
  const bodyOf = (data: Json): Json => {
    const { id: _id, po: _po, activated_at: _a, date_withdrawal: _w, student_id: _s, created_at: _c, created_by_name: _n, ...rest } = data;
    return rest;
  };

  beforeAll(async () => {
    const one = async (text: string, params: unknown[]) => (await s.sql<{ id: number }>(text, params))[0]!.id;
    refs = {
      account: await one('SELECT id FROM accounts WHERE school_id = $1 ORDER BY id LIMIT 1', [s.wien]),
      template: await one('SELECT id FROM contract_templates WHERE school_id = $1 ORDER BY id LIMIT 1', [s.wien]),
      network: await one("SELECT id FROM network_contracts WHERE country_iso = 'at' ORDER BY id LIMIT 1", []),
      networkDe: await one("SELECT id FROM network_contracts WHERE country_iso = 'de' ORDER BY id LIMIT 1", []),
      grazAccount: await one('SELECT id FROM accounts WHERE school_id = $1 ORDER BY id LIMIT 1', [s.graz]),
      grazTemplate: await one('SELECT id FROM contract_templates WHERE school_id = $1 ORDER BY id LIMIT 1', [s.graz]),
    };
  });

  it('creates a conclusion, reads it back with its version and lists it with the creator', async () => {
    const body = form({ ...sepa, sepa_mandate_ref: 'WIEN-0001', contract_no: 'at-1001', phone_regular: '+43 1 234567' });
    const id = await createdId(body);
    const { data, contracts, products, network_contracts: network, country } = await readData(id);
    expect(data).toEqual(expect.objectContaining({
      id, version: 1, po: false, lastname: body.lastname, contract_no: 'AT-1001', sepa_iban: 'AT611904300234573201',
      sepa_mandate_ref: 'WIEN-0001', products: [4], activated_at: null, created_by_name: expect.stringContaining('Test'),
    }));
    expect(country).toBe('at');
    expect(products).toEqual(Array.from({ length: 14 }, (_, i) => i + 1));
    expect(contracts.map((c) => c.sid)).toEqual(expect.arrayContaining([s.wien]));
    expect(contracts.every((c) => c.sid === s.wien)).toBe(true);
    expect(network.map((n) => n.country_iso).sort()).toEqual(['at', 'at', 'at', 'de', 'de', 'de']);

    const list = await s.call('POST', '/api-conclusion/list', 'reader', {
      page: 0, pageSize: 20, sorted: [], filtered: [{ id: 'ln', value: String(body.lastname).slice(0, 12).toLowerCase() }],
    });
    expect(list.statusCode).toBe(200);
    const row = list.json<ConclusionListResponse>().rows.find((r) => r.ccid === id);
    expect(row).toEqual(expect.objectContaining({
      sid: s.wien, cn: 'AT-1001', fn: 'Anna', ln: body.lastname, po: false, act: false, date_withdrawal: null, cs: '2026-12-01',
      createdBy: expect.stringContaining('Test'), mno: null, stu: null, sepa: true,
    }));
    // Paying by transfer: no mandate, so the row offers none.
    const transfer = await createdId(form({ lastname: `${String(body.lastname)} Überweisung` }));
    const again = await s.call('POST', '/api-conclusion/list', 'reader', {
      page: 0, pageSize: 20, sorted: [], filtered: [{ id: 'ln', value: String(body.lastname) }],
    });
    expect(again.json<ConclusionListResponse>().rows.find((r) => r.ccid === transfer)).toEqual(expect.objectContaining({ sepa: false }));
  });

  it.each<[string, Json, Record<string, string>]>([
    ['no school', { school_id: undefined }, { school_id: MSG.required }],
    ['no products', { products: [] }, { products: MSG.required }],
    ['no first name', { firstname: '' }, { firstname: MSG.required }],
    ['no birth date', { birthdate: undefined }, { birthdate: MSG.required }],
    ['sibling without names', { sibling: true }, { sibling_firstname: MSG.required, sibling_lastname: MSG.required }],
    ['iva without the payer', { iva: true }, required(GUARDIAN_REQUIRED.map((f) => `pt_${f}`))],
    ['iva2 without the second guardian', { iva2: true }, required(GUARDIAN_REQUIRED.map((f) => `pt2_${f}`))],
    ['SEPA without its data', { payment_method_id: 1 }, required([
      'sepa_name', 'co_street', 'co_house_no', 'co_zip', 'co_city', 'co_country_iso', 'sepa_iban', 'sepa_bic', 'sepa_bank',
      'sepa_mandate_ref', 'sepa_date_mandate',
    ])],
    ['a bad IBAN', { ...sepa, sepa_mandate_ref: 'R-1', sepa_iban: 'AT61 1904 3002 3457 3202' }, { sepa_iban: MSG.invalid }],
    ['a bad BIC', { ...sepa, sepa_mandate_ref: 'R-2', sepa_bic: 'BKAU' }, { sepa_bic: MSG.invalid }],
    ['a mandate reference with a space', { ...sepa, sepa_mandate_ref: 'R 3' }, { sepa_mandate_ref: MSG.invalid }],
    ['a bad account holder name', { ...sepa, sepa_mandate_ref: 'R-4', sepa_name: 'Anna <b>' }, { sepa_name: MSG.invalid }],
    ['a bad phone', { phone_cellphone: 'ruf an' }, { phone_cellphone: MSG.invalid }],
    ['a 12-year-old without under_age', { birthdate: '2014-05-03' }, { under_age: MSG.required }],
    ['under_age without iva', { under_age: true }, { iva: MSG.required }],
    ['new_app and reentry', { new_app: true, reentry: true }, { reentry: MSG.invalid }],
    ['new_app and school_change', { new_app: true, school_change: true }, { school_change: MSG.invalid }],
    ['school_change and reentry', { new_app: false, school_change: true, reentry: true }, { reentry: MSG.invalid }],
    ['a 17-year-old on the contract start without under_age', { birthdate: '2008-12-02' }, { under_age: MSG.required }],
    ['an account of another school', { account_id: 'graz' }, { account_id: MSG.invalid }],
    ['a template of another school', { c_contract_id: 'graz' }, { c_contract_id: MSG.invalid }],
    ['a German network contract for an Austrian school', { ec_contract_id: 'de' }, { ec_contract_id: MSG.invalid }],
    ['a school that is not the user\'s', { school_id: 'graz' }, { school_id: MSG.invalid }],
  ])('refuses %s with the field and writes nothing', async (_name, overrides, fields) => {
    // Exactly the fields the rule names (other rules of the complete form hold).
    const resolved = Object.fromEntries(
      Object.entries(overrides).map(([key, value]) => {
        if (value === 'graz') return [key, { account_id: refs.grazAccount, c_contract_id: refs.grazTemplate, school_id: s.graz }[key]];
        if (value === 'de') return [key, refs.networkDe];
        return [key, value];
      }),
    );
    const before = await count();
    const res = await create(form(resolved));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: ERROR.notSaved, fields });
    expect(await count()).toBe(before);
  });

  it.each<[string, Json]>([
    ['without SEPA: no SEPA data', { payment_method_id: 3 }],
    ['without iva and iva2: no payer or guardian', { iva: false, iva2: false }],
    ['without sibling: no sibling names', { sibling: false }],
    ['an adult of 18 on the contract start: no under_age', { birthdate: '2008-12-01' }],
    ['school_change alone', { new_app: false, school_change: true }],
  ])('accepts %s', async (_name, overrides) => {
    await createdId(form(overrides));
  });

  it('accepts a 12-year-old with under_age, the payer and a second guardian', async () => {
    const id = await createdId(form({
      birthdate: '2014-05-03', under_age: true, iva: true, ...guardian, iva2: true,
      ...Object.fromEntries(Object.entries(guardian).map(([k, v]) => [k.replace('pt_', 'pt2_'), v])),
    }));
    expect((await readData(id)).data).toEqual(expect.objectContaining({ under_age: true, iva: true, pt_lastname: 'Böhm', pt2_firstname: 'Eva' }));
  });

  it('the paper form requires the contract number and marks the conclusion as paper', async () => {
    const before = await count();
    const missing = await create(form(), 'writer', '/api-conclusion/legacy');
    expect(missing.json()).toEqual({ error: ERROR.notSaved, fields: { contract_no: MSG.required } });
    expect(await count()).toBe(before);
    const id = await createdId(form({ contract_no: 'P-2001' }), '/api-conclusion/legacy');
    const { data } = await readData(id);
    expect([data.po, data.contract_no]).toEqual([true, 'P-2001']);
    const saved = await s.call('PUT', `/api-conclusion/legacy?id=${id}`, 'writer', { ...bodyOf(data as Json), annotation: 'Papier', version: 1 });
    expect(saved.json()).toEqual({ success: true, version: 2 });
  });

  it('a contract number used anywhere is 1006 (create, update, check); the check accepts a free number', async () => {
    const id = await createdId(form({ contract_no: 'DUP-1' }));
    const before = await count();
    expect((await create(form({ contract_no: 'dup-1' }))).json()).toEqual({ error: ERROR.contractNumberInUse, fields: { contract_no: MSG.invalid } });
    // Another school's user gets the same answer: numbers are unique across schools.
    const graz = await create(form({ contract_no: 'DUP-1', school_id: s.graz, account_id: refs.grazAccount, c_contract_id: refs.grazTemplate }), 'grazWriter');
    expect(graz.json()).toEqual(expect.objectContaining({ error: ERROR.contractNumberInUse }));
    expect(await count()).toBe(before);

    const other = await createdId(form({ contract_no: 'DUP-2' }));
    const { data } = await readData(other);
    const update = await s.call('PUT', `/api-conclusion/data?id=${other}`, 'writer', { ...bodyOf(data as Json), contract_no: 'DUP-1' });
    expect(update.json()).toEqual(expect.objectContaining({ error: ERROR.contractNumberInUse }));
    expect((await readData(other)).data.contract_no).toBe('DUP-2');

    const check = async (query: string, user = 'writer') => (await s.call('GET', `/api-contract/check?${query}`, user)).json();
    expect(await check('cno=dup-1')).toEqual({ valid: false, error: ERROR.contractNumberInUse });
    expect(await check('cno=DUP-1', 'grazWriter')).toEqual({ valid: false, error: ERROR.contractNumberInUse });
    expect(await check(`cno=DUP-1&id=${id}`)).toEqual({ valid: true });
    // Excluding another school's conclusion is not possible.
    expect(await check(`cno=DUP-1&id=${id}`, 'grazWriter')).toEqual({ valid: false, error: ERROR.contractNumberInUse });
    expect(await check('cno=FREE-77')).toEqual({ valid: true });
    expect(await check('cno=no%20spaces')).toEqual({ valid: false });
    expect((await s.call('GET', '/api-contract/check?cno=FREE-77', 'reader')).statusCode).toBe(403);
  });

  it('the same person as a student of the school is 1005 unless confirmed', async () => {
    const [student] = await s.sql<{ firstname: string; lastname: string; dob: string }>(
      'SELECT firstname, lastname, dob FROM students WHERE school_id = $1 AND dob IS NOT NULL ORDER BY id LIMIT 1',
      [s.wien],
    );
    const person = { firstname: ` ${student!.firstname.toUpperCase()}`, lastname: student!.lastname, birthdate: student!.dob };
    const adult = person.birthdate < '2008-12-01' ? {} : { under_age: true, iva: true, ...guardian };
    const before = await count();
    expect((await create(form({ ...person, ...adult }))).json()).toEqual({ error: ERROR.studentExists });
    expect(await count()).toBe(before);
    await createdId(form({ ...person, ...adult, confirm_existing: true }));
  });

  it('a conclusion opened for a student (GET data?sid) keeps the student: no 1005, not another school\'s, not changed later', async () => {
    // A student with a contract: a conclusion for the student is a further contract.
    const [student] = await s.sql<{ id: number }>(
      `SELECT st.id FROM students st WHERE st.school_id = $1 AND st.dob IS NOT NULL
          AND EXISTS (SELECT 1 FROM student_contracts sc WHERE sc.student_id = st.id) ORDER BY st.id LIMIT 1`,
      [s.wien],
    );
    const prefill = (await s.call('GET', `/api-conclusion/data?sid=${student!.id}`, 'writer')).json<ConclusionDataResponse>().data;
    expect(prefill.student_id).toBe(student!.id);
    const person = { salutation_id: prefill.salutation_id ?? 1, firstname: prefill.firstname, lastname: prefill.lastname, birthdate: prefill.birthdate };
    const adult = String(prefill.birthdate) < '2008-12-01' ? {} : { under_age: true, iva: true, ...guardian };
    // The student's own person is no duplicate of itself.
    const id = await createdId(form({ ...person, ...adult, student_id: student!.id }));
    const { data } = await readData(id);
    expect(data.student_id).toBe(student!.id);
    const row = (await s.call('POST', '/api-conclusion/list', 'writer', { page: 0, pageSize: 100, sorted: [], filtered: [] }))
      .json<ConclusionListResponse>().rows.find((r) => r.ccid === id);
    expect(row).toEqual(expect.objectContaining({ act: false, stu: student!.id }));

    const [grazStudent] = await s.sql<{ id: number }>('SELECT id FROM students WHERE school_id = $1 ORDER BY id LIMIT 1', [s.graz]);
    const before = await count();
    const foreign = await create(form({ student_id: grazStudent!.id }));
    expect([foreign.statusCode, foreign.json()]).toEqual([400, { error: ERROR.notSaved, fields: { student_id: MSG.invalid } }]);
    expect((await create(form({ student_id: 'x' }))).statusCode).toBe(400);
    expect(await count()).toBe(before);

    const [other] = await s.sql<{ id: number }>('SELECT id FROM students WHERE school_id = $1 AND id <> $2 ORDER BY id LIMIT 1', [s.wien, student!.id]);
    const moved = await s.call('PUT', `/api-conclusion/data?id=${id}`, 'writer', { ...bodyOf(data as Json), student_id: other!.id });
    expect([moved.statusCode, moved.json()]).toEqual([400, { error: ERROR.notSaved, fields: { student_id: MSG.invalid } }]);
    const kept = await s.call('PUT', `/api-conclusion/data?id=${id}`, 'writer', { ...bodyOf(data as Json), student_id: student!.id, annotation: 'Verlängerung' });
    expect(kept.json()).toEqual({ success: true, version: 2 });
    // The student's existing contract keeps its number: the conclusion for that student may not take it.
    const [contract] = await s.sql<{ id: number }>('SELECT id FROM student_contracts WHERE student_id = $1 ORDER BY id LIMIT 1', [student!.id]);
    await s.sql("UPDATE student_contracts SET contract_no = 'STU-OWN-1' WHERE id = $1", [contract!.id]);
    const taken = await s.call('PUT', `/api-conclusion/data?id=${id}`, 'writer', { ...bodyOf(data as Json), version: 2, contract_no: 'STU-OWN-1' });
    expect(taken.json()).toEqual({ error: ERROR.contractNumberInUse, fields: { contract_no: MSG.invalid } });
    expect((await s.call('GET', `/api-contract/check?cno=STU-OWN-1&id=${id}`, 'writer')).json()).toEqual({ valid: false, error: ERROR.contractNumberInUse });
    expect((await readData(id)).data).toEqual(expect.objectContaining({ student_id: student!.id, annotation: 'Verlängerung' }));
  });

  it('mandate references are unique per account (61)', async () => {
    await createdId(form({ ...sepa, sepa_mandate_ref: 'MANDAT-1' }));
    const before = await count();
    const res = await create(form({ ...sepa, sepa_mandate_ref: 'MANDAT-1' }));
    expect(res.json()).toEqual({ error: ERROR.mandateRefInUse, fields: { sepa_mandate_ref: MSG.invalid } });
    expect(await count()).toBe(before);
  });

  it('saving with a lead sets it to status 6 (contract signed) and notes it in its timeline', async () => {
    const [lead] = await s.sql<{ id: number; version: number }>(
      'SELECT id, version FROM leads WHERE school_id = $1 AND lead_status_id <> 6 ORDER BY id LIMIT 1',
      [s.wien],
    );
    const id = await createdId(form({ lead_id: lead!.id, contract_no: 'LEAD-1' }));
    const [after] = await s.sql<{ lead_status_id: number; version: number }>('SELECT lead_status_id, version FROM leads WHERE id = $1', [lead!.id]);
    expect(after).toEqual({ lead_status_id: 6, version: lead!.version + 1 });
    const notes = await s.sql<{ text: string }>('SELECT text FROM student_notes WHERE lead_id = $1', [lead!.id]);
    expect(notes.map((n) => n.text)).toEqual(expect.arrayContaining([expect.stringContaining('LEAD-1')]));
    expect((await readData(id)).data.lead_id).toBe(lead!.id);

    // A lead of another school is refused.
    const [grazLead] = await s.sql<{ id: number }>('SELECT id FROM leads WHERE school_id = $1 LIMIT 1', [s.graz]);
    const res = await create(form({ lead_id: grazLead!.id }));
    expect(res.json()).toEqual({ error: ERROR.notSaved, fields: { lead_id: MSG.invalid } });
  });

  it('GET data prefills a new form from a student and from a lead', async () => {
    const [student] = await s.sql<{ id: number; firstname: string; zip: string }>('SELECT id, firstname, zip FROM students WHERE school_id = $1 ORDER BY id LIMIT 1', [s.wien]);
    const fromStudent = (await s.call('GET', `/api-conclusion/data?sid=${student!.id}`, 'reader')).json<ConclusionDataResponse>();
    expect(fromStudent.data).toEqual(expect.objectContaining({ id: null, version: null, school_id: s.wien, firstname: student!.firstname, zip: student!.zip }));

    const [lead] = await s.sql<{ id: number; lastname: string; pt_lastname: string }>(
      "SELECT id, lastname, pt_lastname FROM leads WHERE school_id = $1 AND pt_lastname IS NOT NULL AND pt_lastname <> '' ORDER BY id LIMIT 1",
      [s.wien],
    );
    if (lead) {
      const fromLead = (await s.call('GET', `/api-conclusion/data?lid=${lead.id}`, 'reader')).json<ConclusionDataResponse>();
      expect(fromLead.data).toEqual(expect.objectContaining({ lead_id: lead.id, lastname: lead.lastname, iva: true, pt_lastname: lead.pt_lastname }));
    }
    const both = (await s.call('GET', `/api-conclusion/data?sid=${student!.id}&lid=${(await s.sql<{ id: number }>('SELECT id FROM leads WHERE school_id = $1 LIMIT 1', [s.wien]))[0]!.id}`, 'reader')).json<ConclusionDataResponse>();
    expect(both.data.firstname).toBe(student!.firstname);
    expect(both.data.lead_id).toEqual(expect.any(Number));

    const [grazStudent] = await s.sql<{ id: number }>('SELECT id FROM students WHERE school_id = $1 LIMIT 1', [s.graz]);
    expect((await s.call('GET', `/api-conclusion/data?sid=${grazStudent!.id}`, 'reader')).statusCode).toBe(404);
  });

  it('an activated conclusion can no longer be changed or deleted', async () => {
    const id = await createdId(form());
    const { data } = await readData(id);
    await s.sql('UPDATE conclusions SET activated_at = now() WHERE id = $1', [id]);
    const put = await s.call('PUT', `/api-conclusion/data?id=${id}`, 'writer', { ...bodyOf(data as Json), annotation: 'geändert' });
    expect([put.statusCode, put.json()]).toEqual([400, { error: ERROR.conclusionActivated }]);
    const del = await s.call('DELETE', `/api-conclusion/data?id=${id}`, 'writer');
    expect([del.statusCode, del.json()]).toEqual([400, { error: ERROR.conclusionActivated }]);
    expect((await readData(id)).data.annotation).toBe('');
  });

  it('deletes a conclusion that is not activated (conclusion_d)', async () => {
    const id = await createdId(form());
    expect((await s.call('DELETE', `/api-conclusion/data?id=${id}`, 'reader')).statusCode).toBe(403);
    expect((await s.call('DELETE', `/api-conclusion/data?id=${id}`, 'writer')).json()).toEqual({ success: true });
    expect((await s.call('GET', `/api-conclusion/data?id=${id}`, 'writer')).statusCode).toBe(404);
  });

  it('PUT needs the version read: stale is 409 and changes nothing', async () => {
    const id = await createdId(form());
    const { data } = await readData(id);
    const first = await s.call('PUT', `/api-conclusion/data?id=${id}`, 'writer', { ...bodyOf(data as Json), annotation: 'A' });
    expect(first.json()).toEqual({ success: true, version: 2 });
    const stale = await s.call('PUT', `/api-conclusion/data?id=${id}`, 'writer', { ...bodyOf(data as Json), annotation: 'B' });
    expect([stale.statusCode, stale.json()]).toEqual([409, { error: ERROR.staleVersion }]);
    const { version: _version, ...noVersion } = bodyOf(data as Json);
    expect((await s.call('PUT', `/api-conclusion/data?id=${id}`, 'writer', noVersion)).statusCode).toBe(400);
    expect((await readData(id)).data).toEqual(expect.objectContaining({ annotation: 'A', version: 2 }));
  });

  it('another school\'s user gets 404 for a conclusion, a trainer 403 on every route', async () => {
    const id = await createdId(form());
    const { data } = await readData(id);
    expect((await s.call('GET', `/api-conclusion/data?id=${id}`, 'grazWriter')).statusCode).toBe(404);
    expect((await s.call('PUT', `/api-conclusion/data?id=${id}`, 'grazWriter', { ...bodyOf(data as Json), school_id: s.graz })).statusCode).toBe(404);
    expect((await s.call('DELETE', `/api-conclusion/data?id=${id}`, 'grazWriter')).statusCode).toBe(404);
    const grazList = await s.call('POST', '/api-conclusion/list', 'grazWriter', { page: 0, pageSize: 100, sorted: [], filtered: [] });
    expect(grazList.json<ConclusionListResponse>().rows.every((r) => r.sid === s.graz)).toBe(true);

    const calls: [string, string, unknown?][] = [
      ['POST', '/api-conclusion/list', { page: 0, pageSize: 20 }],
      ['GET', `/api-conclusion/data?id=${id}`],
      ['POST', '/api-conclusion/data', form()],
      ['PUT', `/api-conclusion/data?id=${id}`, data],
      ['POST', '/api-conclusion/legacy', form()],
      ['PUT', `/api-conclusion/legacy?id=${id}`, data],
      ['DELETE', `/api-conclusion/data?id=${id}`],
      ['GET', '/api-contract/check?cno=ABC-1'],
    ];
    for (const [method, url, body] of calls) {
      expect([method, url, (await s.call(method, url, 'trainer', body)).statusCode]).toEqual([method, url, 403]);
    }
  });

  it('creates are idempotent: 20 repeats in a row and at once save one conclusion; a reused key is 422', async () => {
    const post = (body: Json, key: string) =>
      s.t.request({ method: 'POST', url: '/api-conclusion/data', payload: body, headers: { cookie: s.cookies.writer!, 'idempotency-key': key } });
    for (const [mode, body] of [['row', form({ contract_no: 'IDEM-1' })], ['once', form({ contract_no: 'IDEM-2' })]] as const) {
      const key = `conclusion-${mode}-0001`;
      const answers = mode === 'row'
        ? await (async () => { const out = []; for (let i = 0; i < 20; i++) out.push(await post(body, key)); return out; })()
        : await Promise.all(Array.from({ length: 20 }, () => post(body, key)));
      expect(answers.map((a) => a.statusCode)).toEqual(Array(20).fill(200));
      const first = answers[0]!.json();
      expect(answers.every((a) => JSON.stringify(a.json()) === JSON.stringify(first))).toBe(true);
      expect((await s.sql<{ n: number }>('SELECT count(*)::int AS n FROM conclusions WHERE lastname = $1', [body.lastname]))[0]!.n).toBe(1);
      const reused = await post({ ...body, annotation: 'anders' }, key);
      expect([reused.statusCode, reused.json()]).toEqual([422, { error: ERROR.idempotencyKeyReused }]);
    }
  });
});

describe.each(backends())('conclusions on %s (Germany)', (backend) => {
  let t: TestApp;
  let cookie: string;
  let muenchen: number;
  let refs: { account: number; template: number; networkDe: number; networkAt: number };
  const sql = async <T>(text: string, params: unknown[] = []) => (await t.db.query<T>(text, params)).rows;
  const post = (url: string, payload: Json) => t.request({ method: 'POST', url, payload, headers: { cookie } });
  const form = (overrides: Json = {}): Json => ({
    school_id: muenchen, products: [4], ec_contract_id: refs.networkDe, c_contract_id: refs.template, account_id: refs.account,
    contract_start: '2026-12-01', payment_method_id: 3, salutation_id: 2, firstname: 'Jörg', lastname: 'Müller', street: 'Leopoldstraße',
    house_no: '7', zip: '80802', city: 'München', country_iso: 'de', birthdate: '1985-01-31', ...overrides,
  });

  beforeAll(async () => {
    t = await createTestApp({ backend, seed: 'demo', clock: createClock(NOW), env: { COUNTRY: 'de' } });
    muenchen = (await sql<{ id: number }>("SELECT id FROM schools WHERE name LIKE '%München%'"))[0]!.id;
    const one = async (text: string, params: unknown[] = []) => (await sql<{ id: number }>(text, params))[0]!.id;
    refs = {
      account: await one('SELECT id FROM accounts WHERE school_id = $1 ORDER BY id LIMIT 1', [muenchen]),
      template: await one('SELECT id FROM contract_templates WHERE school_id = $1 ORDER BY id LIMIT 1', [muenchen]),
      networkDe: await one("SELECT id FROM network_contracts WHERE country_iso = 'de' ORDER BY id LIMIT 1"),
      networkAt: await one("SELECT id FROM network_contracts WHERE country_iso = 'at' ORDER BY id LIMIT 1"),
    };
    cookie = (await t.loginAs({ atoms: ['conclusion_r', 'conclusion_w'], schools: [muenchen] })).cookie;
  });
  afterAll(async () => {
    await t?.close();
  });

  it('requires cno_type_id, and the contract number with type 1', async () => {
    expect((await post('/api-conclusion/data', form())).json()).toEqual({ error: ERROR.notSaved, fields: { cno_type_id: MSG.required } });
    expect((await post('/api-conclusion/data', form({ cno_type_id: 1 }))).json()).toEqual({ error: ERROR.notSaved, fields: { contract_no: MSG.required } });
    expect((await post('/api-conclusion/data', form({ cno_type_id: 1, contract_no: 'M-100', ec_contract_id: refs.networkAt }))).json())
      .toEqual({ error: ERROR.notSaved, fields: { ec_contract_id: MSG.invalid } });
    const saved = await post('/api-conclusion/data', form({ cno_type_id: 1, contract_no: 'M-100' }));
    expect(saved.statusCode).toBe(200);
    const later = await post('/api-conclusion/data', form({ cno_type_id: 2, lastname: 'Maier' }));
    expect(later.statusCode).toBe(200);
    const data = (await t.request({ method: 'GET', url: `/api-conclusion/data?id=${later.json<{ id: number }>().id}`, headers: { cookie } })).json<ConclusionDataResponse>();
    expect([data.country, data.data.cno_type_id, data.data.contract_no]).toEqual(['de', 2, null]);
  });
});
