import type {
  PagedListResponse,
  SystemTemplateData,
  SystemTemplateRow,
  TemplateBaseData,
  TemplateData,
  TemplateFilled,
  TemplateListRow,
  TemplatePreviewResponse,
  TemplateSelectResponse,
  TemplateWidget,
} from 'shared-kernel/contracts';
import { backends, createClock, createTestApp, type TestApp } from '../../../../test/support/test-app.js';
import { fillTemplateForEntity } from '../fill.js';
import { fillText, maskIban, salutationLine, formatCents } from '../placeholders.js';

jest.setTimeout(180_000);

const NOW = new Date('2026-11-21T09:30:00Z');

describe('placeholder formatting', () => {
  it('masks IBANs, writes salutation lines and amounts', () => {
    expect(maskIban('AT61 1904 3002 3457 3201')).toBe('AT61 **** **** **** 3201');
    expect(salutationLine(1, 'Erika', 'Muster')).toBe('Sehr geehrte Frau Muster,');
    expect(salutationLine(2, 'Max', 'Muster')).toBe('Sehr geehrter Herr Muster,');
    expect(salutationLine(null, 'Kim', 'Muster')).toBe('Guten Tag Kim Muster,');
    expect(formatCents(123456)).toBe('1.234,56\u00a0€');
  });

  it('escapes values into content, lists unknown and stray placeholders', () => {
    const filled = fillText('Hallo ##firstname##', '<p>##firstname## ##nope##</p><p>##events1##</p>', { firstname: '<b>Eva</b>', events1: [] });
    expect(filled.subject).toBe('Hallo <b>Eva</b>');
    expect(filled.content).toBe('<p>&lt;b&gt;Eva&lt;/b&gt; ##nope##</p><p>Zur Zeit leider keine Termine</p>');
    expect(filled.unknown).toEqual(['nope']);
    expect(fillText('x', '<p>##first<b>name</b>##</p>', {}).unknown).toEqual(['##']);
  });
});

describe.each(backends())('templates on %s', (backend) => {
  let t: TestApp;
  let wien: number;
  let graz: number;
  let studentId: number;
  let contractId: number;
  const cookies: Record<string, string> = {};

  const call = (method: string, url: string, user: string, payload?: unknown) =>
    t.request({ method, url, payload: payload as object, headers: { cookie: cookies[user]! } });
  const sql = async <T>(text: string, params: unknown[] = []) => (await t.db.query<T>(text, params)).rows;
  const form = (overrides: Record<string, unknown> = {}) => ({
    name: 'Willkommensbrief',
    schools: [wien],
    type: 2,
    subject: 'Willkommen, ##firstname##',
    content: '<p>##salutation##</p><p>Ihre Nummer: ##memberno##</p>',
    ...overrides,
  });

  beforeAll(async () => {
    t = await createTestApp({ backend, seed: 'demo', clock: createClock(NOW) });
    const schools = await sql<{ id: number; name: string }>('SELECT id, name FROM schools ORDER BY id');
    wien = schools.find((s) => s.name.includes('Wien'))!.id;
    graz = schools.find((s) => s.name.includes('Graz'))!.id;
    studentId = (
      await sql<{ id: number }>(
        `INSERT INTO students (school_id, salutation_id, firstname, lastname, email, street, house_no, zip, city, mno)
         VALUES ($1, 1, 'Erika', 'Muster<script>x</script>', 'erika@example.com', 'Hauptstraße', '1', '1010', 'Wien', 'AT-777') RETURNING id`,
        [wien],
      )
    )[0]!.id;
    contractId = (
      await sql<{ id: number }>(
        `INSERT INTO student_contracts (school_id, student_id, contract_no, payment_method_id, due_date, contract_start, amount_gross,
           pay_interval, c_interval_start, c_cperiod_start, c_interval_follow, c_cperiod_follow, sepa_iban)
         VALUES ($1, $2, 'V-17', 1, '2026-12-01', '2026-01-01', 123456, 1, 12, 1, 1, 1, 'AT611904300234573201') RETURNING id`,
        [wien, studentId],
      )
    )[0]!.id;
    const atoms = ['template_r', 'template_w', 'template_d', 's_template_r', 's_template_w', 'student_r'] as const;
    cookies.wien = (await t.loginAs({ atoms: [...atoms], schools: [wien] })).cookie;
    cookies.graz = (await t.loginAs({ atoms: [...atoms], schools: [graz] })).cookie;
    cookies.reader = (await t.loginAs({ atoms: ['template_r'], schools: [wien] })).cookie;
    cookies.all = (await t.loginAs({ atoms: [...atoms] })).cookie;
  });

  afterAll(async () => {
    await t?.close();
  });

  it('creates, reads, updates (versioned) and deletes a template; content sanitised', async () => {
    const created = await call('POST', '/api-template/data', 'wien', form({ content: '<p onclick="x()">Hi ##firstname##</p><script>alert(1)</script>' }));
    expect(created.statusCode).toBe(200);
    const id = created.json<{ id: number }>().id;
    const read = (await call('GET', `/api-template/data?id=${id}`, 'wien')).json<TemplateData>();
    expect(read).toMatchObject({ id, name: 'Willkommensbrief', schools: [wien], type: 2, content: '<p>Hi ##firstname##</p>', version: 1 });
    expect(read.content).not.toContain('script');

    const saved = await call('PUT', `/api-template/data?id=${id}`, 'wien', { ...form({ name: 'Neu' }), version: 1 });
    expect(saved.json()).toEqual({ success: true, version: 2 });
    const stale = await call('PUT', `/api-template/data?id=${id}`, 'wien', { ...form({ name: 'Alt' }), version: 1 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toEqual({ error: 9 });

    // Another school's admin: 404 and nothing changes; no atom: 403.
    expect((await call('GET', `/api-template/data?id=${id}`, 'graz')).statusCode).toBe(404);
    expect((await call('PUT', `/api-template/data?id=${id}`, 'graz', { ...form({ name: 'Fremd', schools: [graz] }), version: 2 })).statusCode).toBe(404);
    expect((await call('DELETE', `/api-template/data?id=${id}`, 'graz')).statusCode).toBe(404);
    expect((await call('DELETE', `/api-template/data?id=${id}`, 'reader')).statusCode).toBe(403);
    expect((await call('POST', '/api-template/data', 'reader', form())).statusCode).toBe(403);
    expect((await call('GET', `/api-template/data?id=${id}`, 'wien')).json<TemplateData>().name).toBe('Neu');

    // Schools outside the user's: 400, nothing written.
    const before = (await sql<{ n: number }>('SELECT count(*)::int AS n FROM templates'))[0]!.n;
    const foreign = await call('POST', '/api-template/data', 'wien', form({ schools: [graz] }));
    expect(foreign.statusCode).toBe(400);
    expect((await call('POST', '/api-template/data', 'wien', form({ name: '' }))).statusCode).toBe(400);
    expect((await call('POST', '/api-template/data', 'wien', { ...form(), extra: 1 })).statusCode).toBe(400);
    expect((await sql<{ n: number }>('SELECT count(*)::int AS n FROM templates'))[0]!.n).toBe(before);

    expect((await call('DELETE', `/api-template/data?id=${id}`, 'wien')).statusCode).toBe(200);
    expect((await call('GET', `/api-template/data?id=${id}`, 'wien')).statusCode).toBe(404);
  });

  it('lists with paging, German name order and filters', async () => {
    for (const name of ['Brandt', 'Böhm', 'Binder', 'Ebner']) {
      expect((await call('POST', '/api-template/data', 'wien', form({ name: `Brief ${name}` }))).statusCode).toBe(200);
    }
    await call('POST', '/api-template/data', 'graz', form({ name: 'Brief Graz', schools: [graz] }));
    const list = async (body: Record<string, unknown>) =>
      (await call('POST', '/api-template/list', 'wien', { page: 0, pageSize: 3, sorted: [], filtered: [], ...body })).json<PagedListResponse<TemplateListRow>>();
    const byName = await list({ sorted: [{ id: 'n', desc: false }], filtered: [{ id: 'n', value: 'brief' }] });
    expect(byName.total).toBe(4);
    expect(byName.pages).toBe(2);
    expect(byName.rows.map((r) => r.n)).toEqual(['Brief Binder', 'Brief Böhm', 'Brief Brandt']);
    const second = await list({ page: 1, sorted: [{ id: 'n', desc: false }], filtered: [{ id: 'n', value: 'brief' }] });
    expect(second.rows.map((r) => r.n)).toEqual(['Brief Ebner']);
    expect(second.rows[0]).toMatchObject({ sid: [wien], type: 2 });
    expect((await list({ filtered: [{ id: 'type', value: 1 }] })).total).toBe(0);
  });

  it('fills a template for a student (select, data with oid), escaping values; sending refuses unknown placeholders', async () => {
    const id = (await call('POST', '/api-template/data', 'wien', form())).json<{ id: number }>().id;
    const select = await call('POST', '/api-template/select', 'wien', { base: id, id: studentId, sid: wien, type: 2 });
    expect(select.statusCode).toBe(200);
    const filled = select.json<TemplateSelectResponse>();
    expect(filled.subject).toBe('Willkommen, Erika');
    expect(filled.content).toBe('<p>Sehr geehrte Frau Muster&lt;script&gt;x&lt;/script&gt;,</p><p>Ihre Nummer: AT-777</p>');
    expect(filled.unknown).toEqual([]);

    const doc = (await call('GET', `/api-template/data?id=${id}&oid=${studentId}`, 'wien')).json<TemplateFilled>();
    expect(doc.recipient).toEqual({ name: 'Erika Muster<script>x</script>', address_lines: ['Hauptstraße 1', '1010 Wien'], email: 'erika@example.com' });
    expect(doc.school_id).toBe(wien);
    // Without student_r a user sees the template but not the student through it.
    expect((await call('GET', `/api-template/data?id=${id}&oid=${studentId}`, 'reader')).statusCode).toBe(403);
    expect((await call('POST', '/api-template/select', 'reader', { base: id, id: studentId, type: 2 })).statusCode).toBe(403);

    // Wrong type: 48; another school's entity: 404.
    expect((await call('POST', '/api-template/select', 'wien', { base: id, id: contractId, type: 3 })).json()).toMatchObject({ error: 48 });
    expect((await call('POST', '/api-template/select', 'graz', { base: 'payment_reminder', id: studentId, type: 2 })).statusCode).toBe(404);

    // A contract through a system template: amount, due date, masked IBAN.
    const invoice = (await call('POST', '/api-template/select', 'wien', { base: 'invoice_debit', id: contractId, type: 3 })).json<TemplateSelectResponse>();
    expect(invoice.content).toContain('1.234,56\u00a0€');
    expect(invoice.content).toContain('01.12.2026');
    expect(invoice.content).toContain('AT61 **** **** **** 3201');
    expect(invoice.unknown).toEqual([]);

    const broken = (await call('POST', '/api-template/data', 'wien', form({ content: '<p>##unbekannt##</p>' }))).json<{ id: number }>().id;
    const user = (await sql<{ id: number }>("SELECT id FROM users ORDER BY id DESC LIMIT 1"))[0]!.id;
    await expect(
      t.db.scoped({ userId: user, schoolIds: [wien] }, (tx) =>
        fillTemplateForEntity(tx, { userId: user, now: NOW }, { templateId: broken, targetType: 2, entityId: studentId }),
      ),
    ).rejects.toMatchObject({ statusCode: 400, body: { error: 50 } });
    const ok = await t.db.scoped({ userId: user, schoolIds: [wien] }, (tx) =>
      fillTemplateForEntity(tx, { userId: user, now: NOW }, { templateId: id, targetType: 2, entityId: studentId }),
    );
    expect(ok.html).not.toContain('##');
  });

  it('previews with samples and given values, reporting unknown placeholders', async () => {
    const res = await call('POST', '/api-template/preview', 'reader', {
      subject: 'Für ##school##',
      content: '<p>##contact## ##gibtsnicht##</p><script>x</script>',
      placeholders: { contact: '<i>Anna</i>' },
    });
    expect(res.statusCode).toBe(200);
    const body = res.json<TemplatePreviewResponse>();
    expect(body.key).toEqual(['gibtsnicht']);
    expect(body.data.subject).toBe('Für Kampfkunstschule Wien');
    expect(body.data.content).toBe('<p>&lt;i&gt;Anna&lt;/i&gt; ##gibtsnicht##</p>');
  });

  it('fills an info event invitation for a lead: salutation, the writing user, the next appointments', async () => {
    const leadId = (
      await sql<{ id: number }>("INSERT INTO leads (school_id, salutation_id, firstname, lastname, email) VALUES ($1, 2, 'Max', 'Mustermann', 'max@example.com') RETURNING id", [wien])
    )[0]!.id;
    const writer = await t.loginAs({ atoms: ['lead_r'], schools: [wien] });
    await sql("UPDATE users SET firstname = 'Anna', lastname = 'Berger', email = 'anna@example.com' WHERE id = $1", [writer.id]);
    const fill = async () =>
      (
        await t.request({ method: 'POST', url: '/api-template/select', payload: { base: 'inv_info_event', id: leadId, type: 1 }, headers: { cookie: writer.cookie } })
      ).json<TemplateSelectResponse>();
    const empty = await fill();
    expect(empty.unknown).toEqual([]);
    expect(empty.content).toContain('<p>Sehr geehrter Herr Mustermann,</p>');
    expect(empty.content).toContain('Zur Zeit leider keine Termine');
    expect(empty.content).toContain('Anna Berger');
    expect(empty.content).toContain('anna@example.com');
    await sql("INSERT INTO appointments (school_id, type, ds, de) VALUES ($1, 1, '2026-12-07T17:00:00Z', '2026-12-07T18:30:00Z'), ($1, 1, '2026-11-01T17:00:00Z', '2026-11-01T18:00:00Z')", [wien]);
    const listed = await fill();
    expect(listed.content).toMatch(/<ul><li>[^<]*07\.12\.2026[^<]*18:00[^<]*19:30<\/li><\/ul>/);
    expect(listed.content).not.toContain('01.11.2026');
  });

  it('widget and core-bd', async () => {
    const widget = (await call('GET', `/api-template/widget?type=1&sid=${wien}`, 'wien')).json<TemplateWidget>();
    expect(widget.rows.filter((r) => r.system).map((r) => r.base)).toEqual(['inv_info_event', 'inv_trial']);
    const base = (await call('GET', '/api-base/core-bd', 'reader')).json<TemplateBaseData>();
    expect(base.placeholders.map((p) => p.name)).toEqual(expect.arrayContaining(['contact', 'contactemail', 'school', 'company', 'events1', 'events1ser']));
  });

  it('overrides a system template per school and for all schools, and resets it', async () => {
    const read = async (user: string, query: string) => (await call('GET', `/api-template/system-data?${query}`, user)).json<SystemTemplateData>();
    const initial = await read('wien', `key=dunning_1&sid=${wien}`);
    expect(initial.source).toBe('default');
    const saved = await call('PUT', `/api-template/system-data?key=dunning_1&sid=${wien}`, 'wien', {
      subject: 'Mahnung Wien', content: '<p>Wien<script>x</script></p>', version: initial.version,
    });
    expect(saved.json()).toEqual({ success: true, version: 2 });
    expect(await read('wien', `key=dunning_1&sid=${wien}`)).toMatchObject({ source: 'school', subject: 'Mahnung Wien', content: '<p>Wien</p>', version: 2 });
    expect((await call('PUT', `/api-template/system-data?key=dunning_1&sid=${wien}`, 'wien', { subject: 'x', content: '<p>x</p>', version: 1 })).statusCode).toBe(409);
    // Graz still sees the default; Graz cannot touch Wien; a one-school user cannot write the all-schools level.
    expect((await read('graz', `key=dunning_1&sid=${graz}`)).source).toBe('default');
    expect((await call('GET', `/api-template/system-data?key=dunning_1&sid=${wien}`, 'graz')).statusCode).toBe(404);
    expect((await call('PUT', '/api-template/system-data?key=dunning_1', 'wien', { subject: 'x', content: '<p>x</p>', version: 1 })).statusCode).toBe(404);
    // All schools: Graz gets it, Wien keeps its own.
    const all = await read('all', 'key=dunning_1');
    expect((await call('PUT', '/api-template/system-data?key=dunning_1', 'all', { subject: 'Mahnung alle', content: '<p>alle</p>', version: all.version })).statusCode).toBe(200);
    expect(await read('graz', `key=dunning_1&sid=${graz}`)).toMatchObject({ source: 'all', subject: 'Mahnung alle' });
    const list = (await call('GET', `/api-template/system?q=mahn&sid=${wien}`, 'wien')).json<{ rows: SystemTemplateRow[] }>();
    expect(list.rows.map((r) => [r.key, r.overridden])).toEqual([['dunning_1', true], ['dunning_2', false], ['dunning_3', false]]);
    // Reset Wien: back to the all-schools text, version keeps counting.
    expect((await call('DELETE', `/api-template/system-data?key=dunning_1&sid=${wien}`, 'wien')).json()).toEqual({ success: true, version: 3 });
    expect(await read('wien', `key=dunning_1&sid=${wien}`)).toMatchObject({ source: 'all', subject: 'Mahnung alle', version: 3 });
  });
});
