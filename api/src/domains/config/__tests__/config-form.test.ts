import sharp from 'sharp';
import { ERROR, type ConfigForm, type ConfigItem, type SingleDataResponse } from 'shared-kernel/contracts';
import { multipart, tinyPdf } from '../../../../test/support/multipart.js';
import { backends, createClock, createTestApp, type TestApp } from '../../../../test/support/test-app.js';
import { loadConfigImage, readConfigValues } from '../repository.js';

jest.setTimeout(180_000);

const NOW = new Date('2026-11-21T09:30:00Z');
const GENERAL = ['s_general_r', 's_general_w'] as const;

describe.each(backends())('configuration forms (/api-config/form) on %s', (backend) => {
  let t: TestApp;
  let wien: number;
  let graz: number;
  const cookies: Record<string, string> = {};

  const call = (method: string, url: string, user: string, payload?: unknown) =>
    t.request({ method, url, payload: payload as object, headers: { cookie: cookies[user]! } });
  const sql = async <T>(text: string, params: unknown[] = []) => (await t.db.query<T>(text, params)).rows;
  const form = async (cat: string, school: number | null, user = 'head') => {
    const res = await call('GET', `/api-config/form?cat=${cat}${school ? `&school=${school}` : ''}`, user);
    expect(res.statusCode).toBe(200);
    return res.json<ConfigForm>();
  };
  const item = (f: ConfigForm, key: string) => f.items.find((i) => i.k === key) as ConfigItem;
  const put = (cat: string, school: number | null, items: unknown[], version: number, user = 'head') =>
    call('PUT', `/api-config/form?cat=${cat}${school ? `&school=${school}` : ''}`, user, { items, version });
  const rows = () => sql<{ key: string; school_id: number | null; value: unknown }>('SELECT key, school_id, value FROM config_values ORDER BY key, school_id');
  const png = (width = 300, height = 100) => sharp({ create: { width, height, channels: 4, background: { r: 10, g: 60, b: 120, alpha: 1 } } }).png().toBuffer();
  const upload = (url: string, user: string, data: Buffer, filename = 'logo.png') => {
    const body = multipart([{ name: 'file', filename, data }]);
    return t.request({ method: 'POST', url, headers: { cookie: cookies[user]!, ...body.headers }, payload: body.payload });
  };

  beforeAll(async () => {
    t = await createTestApp({ backend, seed: 'demo', clock: createClock(NOW) });
    const schools = await sql<{ id: number; name: string }>('SELECT id, name FROM schools ORDER BY id');
    wien = schools.find((r) => r.name.includes('Wien'))!.id;
    graz = schools.find((r) => r.name.includes('Graz'))!.id;
    // head: all schools, both categories; wien: an admin of Wien only; reader: reads general.
    cookies.head = (await t.loginAs({ atoms: [...GENERAL, 's_comm_r', 's_comm_w', 'finance_r'] })).cookie;
    cookies.wien = (await t.loginAs({ atoms: [...GENERAL, 's_comm_r', 's_comm_w', 'finance_r'], schools: [wien] })).cookie;
    cookies.graz = (await t.loginAs({ level: 2, schools: [graz] })).cookie;
    cookies.reader = (await t.loginAs({ atoms: ['s_general_r'], schools: [wien] })).cookie;
    cookies.comm = (await t.loginAs({ atoms: ['s_comm_r', 's_comm_w'], schools: [wien] })).cookie;
  });

  afterAll(async () => {
    await t?.close();
  });

  it('answers the items of a category with modes, defaults and version 1 before the first save', async () => {
    const general = await form('general', wien, 'wien');
    expect(general).toEqual(expect.objectContaining({ cat: 'general', school: wien, version: 1 }));
    expect(general.items.map((i) => i.k)).toEqual(
      expect.arrayContaining(['pr_logo', 'pr_sig', 'pr_header', 'pr_sender', 'pr_city', 'pr_footer', 'pr_layout', 'company', 'department', 'ec_company',
        'iv_pre_days', 'iv_m1_days', 'iv_m2_days', 'iv_m3_days', 'payment_cat', 'expense_cat', 'sepa_name', 'sepa_iban', 'sepa_bic', 'sepa_ci',
        'sepa_cor1', 'sepa_main_account', 'sepa_lead_days']),
    );
    expect(item(general, 'pr_layout')).toEqual(expect.objectContaining({ m: 'radio', v: 1, d: 1, o: false, t: 'config.k.pr_layout' }));
    expect(item(general, 'pr_layout').s!.map((o) => o.v)).toEqual([1, 2, 3, 4]);
    expect(item(general, 'expense_cat').v).toHaveLength(13);
    const comm = await form('comm', wien, 'wien');
    expect(comm.items.map((i) => `${i.k}:${i.m}`)).toEqual(['mail_from:emailname', 'mail_cc:emaillist', 'mail_bcc:emaillist', 'mail_sig:rte']);
    const one = (await call('GET', `/api-config/form?cat=general&key=pr_city&school=${wien}`, 'wien')).json<ConfigForm>();
    expect(one.items.map((i) => i.k)).toEqual(['pr_city']);
    expect((await call('GET', `/api-config/form?cat=general&key=mail_from&school=${wien}`, 'wien')).statusCode).toBe(404);
  });

  it('falls back from the school to all schools to the default, and d = true drops the own value', async () => {
    const all = await form('general', null);
    expect(all.school).toBeNull();
    const saved = await put('general', null, [{ k: 'pr_sender', v: 'Kampfkunst GmbH · Hauptstraße 1 · 1010 Wien', d: false }, { k: 'iv_m1_days', v: 10, d: false }], all.version);
    expect(saved.json()).toEqual({ success: true, version: all.version + 1 });

    let school = await form('general', wien, 'wien');
    expect(item(school, 'pr_sender')).toEqual(expect.objectContaining({ v: 'Kampfkunst GmbH · Hauptstraße 1 · 1010 Wien', d: 'Kampfkunst GmbH · Hauptstraße 1 · 1010 Wien', o: false }));
    expect(item(school, 'iv_m1_days').v).toBe(10);

    expect((await put('general', wien, [{ k: 'pr_sender', v: 'Schule Wien · Ring 2 · 1010 Wien', d: false }], school.version, 'wien')).statusCode).toBe(200);
    school = await form('general', wien, 'wien');
    expect(item(school, 'pr_sender')).toEqual(expect.objectContaining({ v: 'Schule Wien · Ring 2 · 1010 Wien', d: 'Kampfkunst GmbH · Hauptstraße 1 · 1010 Wien', o: true }));
    // Graz has no own value: the all-schools one applies.
    expect(item(await form('general', graz), 'pr_sender').v).toBe('Kampfkunst GmbH · Hauptstraße 1 · 1010 Wien');

    // The function other domains use.
    const values = await readConfigValues(t.db, wien, ['pr_sender', 'iv_m1_days', 'iv_m2_days', 'pr_layout']);
    expect(values).toEqual({ pr_sender: 'Schule Wien · Ring 2 · 1010 Wien', iv_m1_days: 10, iv_m2_days: 14, pr_layout: 1 });
    expect((await readConfigValues(t.db, graz, ['pr_sender'])).pr_sender).toBe('Kampfkunst GmbH · Hauptstraße 1 · 1010 Wien');
    expect((await readConfigValues(t.db, null, ['pr_city'])).pr_city).toBe('');

    expect((await put('general', wien, [{ k: 'pr_sender', v: null, d: true }], school.version, 'wien')).statusCode).toBe(200);
    school = await form('general', wien, 'wien');
    expect(item(school, 'pr_sender')).toEqual(expect.objectContaining({ v: 'Kampfkunst GmbH · Hauptstraße 1 · 1010 Wien', o: false }));
    expect((await rows()).filter((r) => r.key === 'pr_sender').map((r) => r.school_id)).toEqual([null]);
  });

  it.each([
    ['sepa_iban', 'AT61 1904 3002 3457 3202', 'ui.invalid_iban'],
    ['sepa_iban', 'DE89 3704 0044 0532 0130', 'ui.invalid_iban'],
    ['sepa_bic', '1IBA ATWW', 'ui.invalid_bic'],
    ['sepa_bic', 'GIBAATW', 'ui.invalid_bic'],
    ['sepa_ci', 'AT62ZZZ01234567890', 'ui.invalid_creditor_id'],
    ['sepa_ci', 'DE99ZZZ09999999999', 'ui.invalid_creditor_id'],
    ['sepa_name', 'Schule <Wien>', 'form.invalid'],
    ['iv_m2_days', -1, 'form.invalid_number'],
    ['iv_pre_days', 2.5, 'form.invalid_number'],
    ['sepa_lead_days', 0, 'form.invalid_number'],
    ['pr_layout', 5, 'form.invalid'],
    ['pr_layout', '1', 'form.invalid'],
    ['pr_city', 'x'.repeat(81), 'form.too_long'],
    ['pr_city', 'Wien\nGraz', 'form.invalid'],
    ['sepa_cor1', 'true', 'form.invalid'],
    ['expense_cat', ['Miete'], 'form.invalid'],
    ['pr_logo', 'logo.png', 'form.invalid'],
    ['pr_logo', 999999, 'form.invalid'],
    ['unknown_key', 'x', 'form.invalid'],
    ['mail_from', 'Schule', 'form.invalid'],
  ])('refuses %s = %j with 400 naming the item, and saves nothing', async (key, value, message) => {
    const before = await form('general', wien, 'wien');
    const stored = await rows();
    const res = await put('general', wien, [{ k: 'company', v: 'Kampfkunst', d: false }, { k: key, v: value, d: false }], before.version, 'wien');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: ERROR.notSaved, fields: { [key]: message } });
    expect(await rows()).toEqual(stored);
    expect((await form('general', wien, 'wien')).version).toBe(before.version);
  });

  it('checks the communication modes (e-mail with name, e-mail lists) and cleans rich text', async () => {
    const comm = await form('comm', wien, 'comm');
    const bad = await put('comm', wien, [{ k: 'mail_from', v: 'Schule Wien <office@>', d: false }, { k: 'mail_cc', v: ['a@example.org', 'kein-mail'], d: false }], comm.version, 'comm');
    expect(bad.json()).toEqual({ error: ERROR.notSaved, fields: { mail_from: 'form.invalid_email', mail_cc: 'form.invalid_email' } });
    const ok = await put(
      'comm',
      wien,
      [
        { k: 'mail_from', v: 'Schule Wien <office@schule-wien.example>', d: false },
        { k: 'mail_bcc', v: ['archiv@schule-wien.example'], d: false },
        { k: 'mail_sig', v: '<p>Liebe Grüße<script>alert(1)</script></p>', d: false },
      ],
      comm.version,
      'comm',
    );
    expect(ok.statusCode).toBe(200);
    const after = await form('comm', wien, 'comm');
    expect(item(after, 'mail_sig').v).toBe('<p>Liebe Grüße</p>');
    expect(item(after, 'mail_bcc').v).toEqual(['archiv@schule-wien.example']);
    // IBAN, BIC and creditor id are stored normalised.
    const general = await form('general', wien, 'wien');
    const sepa = await put(
      'general',
      wien,
      [{ k: 'sepa_iban', v: 'at61 1904 3002 3457 3201', d: false }, { k: 'sepa_bic', v: 'giba atww xxx', d: false }, { k: 'sepa_ci', v: 'DE98 ZZZ0 9999 9999 99', d: false }, { k: 'sepa_name', v: 'Kampfkunst Wien', d: false }],
      general.version,
      'wien',
    );
    expect(sepa.statusCode).toBe(200);
    const values = await readConfigValues(t.db, wien, ['sepa_iban', 'sepa_bic', 'sepa_ci']);
    expect(values).toEqual({ sepa_iban: 'AT611904300234573201', sepa_bic: 'GIBAATWWXXX', sepa_ci: 'DE98ZZZ09999999999' });
  });

  it('writes only the changed items', async () => {
    const before = await form('general', wien, 'wien');
    await put('general', wien, [{ k: 'company', v: 'Kampfkunst Wien GmbH', d: false }, { k: 'department', v: 'Büro', d: false }], before.version, 'wien');
    const [company] = await sql<{ updated_at: Date }>("SELECT updated_at FROM config_values WHERE key = 'company' AND school_id = $1", [wien]);
    t.clock.advance(60_000);
    const middle = await form('general', wien, 'wien');
    const res = await put('general', wien, [{ k: 'company', v: 'Kampfkunst Wien GmbH', d: false }, { k: 'department', v: 'Verwaltung', d: false }], middle.version, 'wien');
    expect(res.statusCode).toBe(200);
    const [companyAfter] = await sql<{ updated_at: Date }>("SELECT updated_at FROM config_values WHERE key = 'company' AND school_id = $1", [wien]);
    expect(companyAfter!.updated_at).toEqual(company!.updated_at);
    const [audit] = await sql<{ detail: { keys: string[] } }>("SELECT detail FROM audit_log WHERE route LIKE '/api-config/form%' AND method = 'PUT' AND status = 200 ORDER BY id DESC LIMIT 1");
    expect(audit!.detail.keys).toEqual(['department']);
    const after = await form('general', wien, 'wien');
    expect(item(after, 'department').v).toBe('Verwaltung');
    expect(item(after, 'pr_footer').o).toBe(false);
  });

  it('refuses a stale version with 409 {error: 9} and keeps the first save', async () => {
    const read = await form('general', wien, 'wien');
    expect((await put('general', wien, [{ k: 'pr_city', v: 'Wien', d: false }], read.version, 'wien')).statusCode).toBe(200);
    const stale = await put('general', wien, [{ k: 'pr_city', v: 'Linz', d: false }], read.version, 'wien');
    expect([stale.statusCode, stale.json()]).toEqual([409, { error: ERROR.staleVersion }]);
    expect(item(await form('general', wien, 'wien'), 'pr_city').v).toBe('Wien');
    expect((await call('PUT', `/api-config/form?cat=general&school=${wien}`, 'wien', { items: [] })).statusCode).toBe(400);
  });

  it("keeps other schools' settings and all schools away from a school's admin; refuses without the atoms", async () => {
    const grazForm = await form('general', graz);
    const stored = await rows();
    expect((await call('GET', `/api-config/form?cat=general&school=${graz}`, 'wien')).statusCode).toBe(404);
    expect((await put('general', graz, [{ k: 'pr_city', v: 'Hack', d: false }], grazForm.version, 'wien')).statusCode).toBe(404);
    // All schools: only for users with all schools.
    expect((await call('GET', '/api-config/form?cat=general', 'wien')).statusCode).toBe(404);
    expect((await put('general', null, [{ k: 'pr_city', v: 'Hack', d: false }], 5, 'wien')).statusCode).toBe(404);
    expect((await call('GET', `/api-config/form?cat=general&school=${wien}`, 'graz')).statusCode).toBe(404);
    expect(await rows()).toEqual(stored);

    // Atoms per category: reading general needs s_general_r, writing s_general_w, comm s_comm_*.
    expect((await call('GET', `/api-config/form?cat=general&school=${wien}`, 'reader')).statusCode).toBe(200);
    expect((await put('general', wien, [{ k: 'pr_city', v: 'Hack', d: false }], 1, 'reader')).statusCode).toBe(403);
    expect((await call('GET', `/api-config/form?cat=comm&school=${wien}`, 'reader')).statusCode).toBe(403);
    expect((await call('GET', `/api-config/form?cat=general&school=${wien}`, 'comm')).statusCode).toBe(403);
    expect((await put('general', wien, [{ k: 'pr_city', v: 'Hack', d: false }], 1, 'comm')).statusCode).toBe(403);
    expect(await rows()).toEqual(stored);
  });

  it('uploads a logo through the file pipeline (bad files refused), saves it by id and serves it', async () => {
    const url = `/api-config/image?key=pr_logo&school=${wien}`;
    const pdf = await upload(url, 'wien', tinyPdf(), 'logo.png');
    expect([pdf.statusCode, pdf.json()]).toEqual([400, { error: ERROR.fileTypeRefused }]);
    const text = await upload(url, 'wien', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'), 'logo.svg');
    expect(text.statusCode).toBe(400);
    expect((await upload(url, 'reader', await png())).statusCode).toBe(403);
    expect((await upload(`/api-config/image?key=pr_logo&school=${graz}`, 'wien', await png())).statusCode).toBe(404);

    const ok = await upload(url, 'wien', await png());
    expect(ok.statusCode).toBe(200);
    const { id } = ok.json<{ id: number }>();
    const image = await call('GET', `/api-config/image?id=${id}`, 'reader');
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect((await sharp(image.rawPayload).metadata()).width).toBe(300);
    expect((await call('GET', `/api-config/image?id=${id}`, 'graz')).statusCode).toBe(404);

    const before = await form('general', wien, 'wien');
    // A logo of another key or scope is refused.
    expect((await put('general', wien, [{ k: 'pr_sig', v: id, d: false }], before.version, 'wien')).json()).toEqual({ error: ERROR.notSaved, fields: { pr_sig: 'form.invalid' } });
    expect((await put('general', null, [{ k: 'pr_logo', v: id, d: false }], (await form('general', null)).version)).statusCode).toBe(400);
    expect((await put('general', wien, [{ k: 'pr_logo', v: id, d: false }], before.version, 'wien')).statusCode).toBe(200);
    expect((await readConfigValues(t.db, wien, ['pr_logo'])).pr_logo).toBe(id);
    // What letters print: the stored bytes of the value.
    expect((await sharp((await loadConfigImage(t.db, t.app.files, id))!).metadata()).format).toBe('png');
    expect(await loadConfigImage(t.db, t.app.files, 999999)).toBeNull();
  });

  it("/single-data answers the school's category names (null = the standard name)", async () => {
    const read = await form('general', wien, 'wien');
    const names = ['', 'Prüfungsgebühr', '', '', 'Shop'];
    expect((await put('general', wien, [{ k: 'payment_cat', v: names, d: false }], read.version, 'wien')).statusCode).toBe(200);
    const res = (await call('GET', '/api-config/single-data?key=payment_cat&cat=general', 'wien')).json<SingleDataResponse>();
    expect(res).toEqual({ key: 'payment_cat', items: [1, 2, 3, 4, 5].map((id, i) => ({ id, name: names[i] || null })) });
    const all = (await call('GET', '/api-config/single-data?key=payment_cat&cat=general', 'head')).json<SingleDataResponse>();
    expect(all.items.every((i) => i.name === null)).toBe(true);
    expect((await call('GET', `/api-config/single-data?key=payment_cat&cat=general&school=${wien}`, 'head')).json<SingleDataResponse>().items[1]!.name).toBe('Prüfungsgebühr');
    expect((await call('GET', `/api-config/single-data?key=payment_cat&cat=general&school=${graz}`, 'wien')).statusCode).toBe(404);
  });
});
