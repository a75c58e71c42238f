import { ERROR, type AccountData, type AccountRow, type PagedListResponse } from 'shared-kernel/contracts';
import { demoSchoolsApp } from '../../../../test/support/demo-schools.js';
import { backends, createClock } from '../../../../test/support/test-app.js';

jest.setTimeout(180_000);

const NOW = new Date('2026-11-21T09:30:00Z');

describe.each(backends())('bank accounts /api-account on %s', (backend) => {
  const s = demoSchoolsApp(backend, {
    clock: createClock(NOW),
    users: {
      manager: { atoms: ['s_account_r', 's_account_w', 's_account_d'], schools: ['wien', 'graz'] },
      graz: { atoms: ['s_account_r', 's_account_w', 's_account_d'], schools: ['graz'] },
      reader: { atoms: ['s_account_r'], schools: ['wien', 'graz'] },
      writer: { atoms: ['s_account_r', 's_account_w'], schools: ['wien', 'graz'] },
    },
  });
  const list = (user: string, body: object = {}) => s.call('POST', '/api-account/list', user, { page: 0, pageSize: 50, sorted: [], filtered: [], ...body });
  const read = async (id: number, user = 'manager') => (await s.call('GET', `/api-account/data?id=${id}`, user)).json<AccountData>();
  const form = (overrides: Record<string, unknown> = {}) => ({
    school_id: s.wien,
    name: 'Seminarkonto',
    sepa_name: 'Kampfkunstschule Wien-Mitte',
    sepa_ci: 'AT92ZZZ00000012345',
    sepa_iban: 'at48 3200 0000 1234 5864',
    sepa_bic: 'rlnwatwwxxx',
    sepa_bank: 'Raiffeisenlandesbank NÖ-Wien',
    is_main: false,
    ...overrides,
  });
  const mainOf = async (schoolId: number) => s.sql<{ id: number }>('SELECT id FROM accounts WHERE school_id = $1 AND is_main', [schoolId]);
  const countAccounts = async () => (await s.sql<{ n: number }>('SELECT count(*)::int AS n FROM accounts'))[0]!.n;

  it('lists the accounts of the schools in view, school by school, the main account first', async () => {
    const res = await list('manager');
    expect(res.statusCode).toBe(200);
    const page = res.json<PagedListResponse<AccountRow>>();
    const expected = await s.sql<{ id: number }>('SELECT id FROM accounts WHERE school_id = ANY($1)', [[s.wien, s.graz]]);
    expect(page.total).toBe(expected.length);
    expect(page.rows[0]).toEqual(
      expect.objectContaining({ sn: expect.stringContaining('Graz'), is_main: true, currency: 'EUR', sepa_iban: expect.stringMatching(/^AT\d{18}$/) }),
    );
    const grazOnly = (await list('graz')).json<PagedListResponse<AccountRow>>();
    expect(grazOnly.rows.length).toBeGreaterThan(0);
    expect(grazOnly.rows.every((r) => r.school_id === s.graz)).toBe(true);
    const byName = (await list('manager', { filtered: [{ id: 'name', value: 'rück' }] })).json<PagedListResponse<AccountRow>>();
    const reserves = await s.sql<{ id: number }>("SELECT id FROM accounts WHERE name = 'Rücklagenkonto' AND school_id = ANY($1)", [[s.wien, s.graz]]);
    expect(reserves.length).toBeGreaterThan(0);
    expect(byName.rows.map((r) => r.id).sort()).toEqual(reserves.map((r) => r.id).sort());
  });

  it('creates an account with the IBAN, BIC and creditor id normalised; reads it with its version', async () => {
    const res = await s.call('POST', '/api-account/data', 'writer', form());
    expect(res.statusCode).toBe(200);
    const { id } = res.json<{ id: number }>();
    expect(await read(id)).toEqual({
      id,
      ...form(),
      sepa_iban: 'AT483200000012345864',
      sepa_bic: 'RLNWATWWXXX',
      sepa_pain_version: 'pain.008.001.08',
      currency: 'EUR',
      version: 1,
    });
    // The direct-debit file format is a setting of the account: .02 for banks that still require it.
    const read1 = await read(id);
    const saved = await s.call('PUT', `/api-account/data?id=${id}`, 'writer', { ...form(), sepa_pain_version: 'pain.008.001.02', version: read1.version });
    expect(saved.statusCode).toBe(200);
    expect((await read(id)).sepa_pain_version).toBe('pain.008.001.02');
    const bad = await s.call('PUT', `/api-account/data?id=${id}`, 'writer', { ...form(), sepa_pain_version: 'pain.008.001.09', version: 2 });
    expect(bad.statusCode).toBe(400);
  });

  it('refuses bad input with the field names and writes nothing', async () => {
    const before = await countAccounts();
    // The forms show the banking rules' own texts; the API names the field as invalid.
    const cases: [Record<string, unknown>, Record<string, string>][] = [
      [{ sepa_iban: 'DE88370400440532013000' }, { sepa_iban: 'form.invalid' }],
      [{ sepa_bic: 'COBA' }, { sepa_bic: 'form.invalid' }],
      [{ sepa_ci: 'AT62ZZZ00000012345' }, { sepa_ci: 'form.invalid' }],
      [{ name: '  ', sepa_bank: '' }, { name: 'form.required', sepa_bank: 'form.required' }],
    ];
    for (const [overrides, fields] of cases) {
      const res = await s.call('POST', '/api-account/data', 'writer', form(overrides));
      expect([overrides, res.statusCode]).toEqual([overrides, 400]);
      expect(res.json()).toEqual({ error: ERROR.notSaved, fields });
    }
    // A school outside the user's.
    const munich = (await s.sql<{ id: number }>("SELECT id FROM schools WHERE name LIKE '%München%'"))[0]!.id;
    const foreign = await s.call('POST', '/api-account/data', 'graz', form({ school_id: s.wien }));
    expect(foreign.json()).toEqual({ error: ERROR.notSaved, fields: { school_id: 'form.invalid' } });
    expect((await s.call('POST', '/api-account/data', 'manager', form({ school_id: munich }))).statusCode).toBe(400);
    expect(await countAccounts()).toBe(before);
  });

  it('a new main account takes the flag from the school’s old one in the same write', async () => {
    const [oldMain] = await mainOf(s.graz);
    const oldVersion = (await read(oldMain!.id)).version;
    const created = await s.call('POST', '/api-account/data', 'graz', form({ school_id: s.graz, name: 'Neues Hauptkonto', is_main: true }));
    expect(created.statusCode).toBe(200);
    const newId = created.json<{ id: number }>().id;
    expect(await mainOf(s.graz)).toEqual([{ id: newId }]);
    // The old main account changed: an editor holding its old version gets 409.
    const old = await read(oldMain!.id);
    expect(old).toEqual(expect.objectContaining({ is_main: false, version: oldVersion + 1 }));

    // Back by editing: the old account becomes main again, the new one loses the flag.
    const { id: _id, currency: _currency, version, ...body } = old;
    const saved = await s.call('PUT', `/api-account/data?id=${oldMain!.id}`, 'graz', { ...body, is_main: true, version });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual({ success: true, version: version + 1 });
    expect(await mainOf(s.graz)).toEqual([{ id: oldMain!.id }]);
    expect((await read(newId)).is_main).toBe(false);
  });

  it('saves with the version read; a stale version is 409 {error: 9}; the school stays; another school’s account is 404', async () => {
    const id = (await s.call('POST', '/api-account/data', 'manager', form({ name: 'Versioniert' }))).json<{ id: number }>().id;
    const { id: _id, currency: _currency, version, ...body } = await read(id);
    const first = await s.call('PUT', `/api-account/data?id=${id}`, 'manager', { ...body, name: 'Erste Fassung', version });
    expect(first.json()).toEqual({ success: true, version: version + 1 });
    const stale = await s.call('PUT', `/api-account/data?id=${id}`, 'writer', { ...body, name: 'Zweite Fassung', version });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toEqual({ error: ERROR.staleVersion });
    expect((await read(id)).name).toBe('Erste Fassung');

    const moved = await s.call('PUT', `/api-account/data?id=${id}`, 'manager', { ...body, school_id: s.graz, version: version + 1 });
    expect(moved.json()).toEqual({ error: ERROR.notSaved, fields: { school_id: 'form.invalid' } });
    const missingVersion = await s.call('PUT', `/api-account/data?id=${id}`, 'manager', body);
    expect(missingVersion.statusCode).toBe(400);

    // The Graz user does not see Wien's account: 404 on every call, nothing changed.
    expect((await s.call('GET', `/api-account/data?id=${id}`, 'graz')).statusCode).toBe(404);
    expect((await s.call('PUT', `/api-account/data?id=${id}`, 'graz', { ...body, school_id: s.graz, version: version + 1 })).statusCode).toBe(404);
    expect((await s.call('DELETE', `/api-account/data?id=${id}`, 'graz')).statusCode).toBe(404);
    expect((await read(id)).name).toBe('Erste Fassung');
  });

  it('deletes an unused account; an account in use stays (400 {error: 56}); deleting needs s_account_d', async () => {
    const [main] = await mainOf(s.wien);
    const used = await s.call('DELETE', `/api-account/data?id=${main!.id}`, 'manager');
    expect(used.statusCode).toBe(400);
    expect(used.json()).toEqual({ error: ERROR.accountInUse });
    expect(await mainOf(s.wien)).toEqual([main]);

    const id = (await s.call('POST', '/api-account/data', 'manager', form({ name: 'Zu löschen' }))).json<{ id: number }>().id;
    // The list says which is which, so the screen offers delete only for the unused one.
    const rows = (await list('manager')).json<PagedListResponse<AccountRow>>().rows;
    expect([rows.find((r) => r.id === main!.id)?.in_use, rows.find((r) => r.id === id)?.in_use]).toEqual([true, false]);
    const refused = await s.call('DELETE', `/api-account/data?id=${id}`, 'writer');
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ error: 3 });
    const deleted = await s.call('DELETE', `/api-account/data?id=${id}`, 'manager');
    expect(deleted.json()).toEqual({ success: true });
    expect(await s.sql('SELECT id FROM accounts WHERE id = $1', [id])).toEqual([]);
  });

  it('a reader lists and reads but may not write (403)', async () => {
    expect((await list('reader')).statusCode).toBe(200);
    const res = await s.call('POST', '/api-account/data', 'reader', form());
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ error: 3 });
  });
});
