import { ERROR } from 'shared-kernel/contracts';
import { backends, createClock, createTestApp, createUser, type TestApp } from './support/test-app.js';

jest.setTimeout(240_000);

const NOW = new Date('2026-11-21T09:30:00Z');

type Json = Record<string, unknown>;

/**
 * One editable record: where it is read and saved, how a read becomes a PUT body, and the
 * field two editors change.
 */
interface VersionedRoute {
  name: string;
  /** GET of the record (answers `version`). */
  read: string;
  /** PUT of the record. */
  save: string;
  /** The PUT body (without `version`) from what the GET answered. */
  body(read: Json): Json;
  /** A text field both editors change, and how to read it back from the GET. */
  field: string;
  value(read: Json): unknown;
  /** The PUT body (without `version`) with `text` in the field, where it is not a top-level field. */
  bodyWith?(read: Json, text: string): Json;
}

describe.each(backends())('record versions: no lost updates on every PUT, on %s', (backend) => {
  let t: TestApp;
  let cookie: string;
  let otherTab: string;
  const routes: VersionedRoute[] = [];

  const call = (method: string, url: string, payload?: unknown, session = cookie) => t.request({ method, url, headers: { cookie: session }, payload: payload as object });
  const sql = async <T>(text: string, params: unknown[] = []) => (await t.db.query<T>(text, params)).rows;
  const pick = (read: Json, fields: string[]) => Object.fromEntries(fields.map((f) => [f, read[f]]));

  beforeAll(async () => {
    t = await createTestApp({ backend, seed: 'demo', clock: createClock(NOW) });
    const superadmin = await t.loginAs({ level: 1 });
    cookie = superadmin.cookie;
    otherTab = await t.login(superadmin.username, superadmin.password);
    const [school] = await sql<{ id: number }>("SELECT id FROM schools WHERE name LIKE '%Graz%'");
    const graz = school!.id;
    const [student] = await sql<{ id: number }>('SELECT id FROM students WHERE school_id = $1 ORDER BY id LIMIT 1', [graz]);
    const stid = student!.id;
    await sql('DELETE FROM student_addresses WHERE student_id = $1 AND type = 2', [stid]);
    const [account] = await sql<{ id: number }>('SELECT id FROM accounts WHERE school_id = $1 AND is_main', [graz]);

    const noteId = (await call('POST', `/api-student/note?stid=${stid}`, { type: 1, text: 'Erste Fassung' })).json<{ id: number }>().id;
    const leadId = (await call('POST', '/api-lead/data', { school_id: graz, salutation_id: 1, lastname: 'Versioniert', date_created: '2026-11-02' })).json<{ id: number }>().id;
    const reminderId = (await call('POST', '/api-reminder/data', { date_deadline: '2026-12-01', subject: 'Gurt bestellen', student_id: stid })).json<{ id: number }>().id;
    const target = await createUser(t.db, { schools: [graz], atoms: ['student_r'] });
    const roleId = (await call('POST', '/api-base/role', { role_name: 'Versioniert', atoms: ['student_r'] })).json<{ id: number }>().id;
    const incomeId = (
      await call('POST', '/api-fin/income', {
        school_id: graz, payment_cat_id: 4, custom_category: null, payment_method_id: 2, account_id: account!.id,
        payment_date: '2026-11-15', amount: 12_345, tax_percent: 20, annotation: 'Seminar',
      })
    ).json<{ id: number }>().id;
    const expenseId = (
      await call('POST', '/api-fin/expense', { school_id: graz, name: 'Matten', expense_cat_id: 4, payment_date: '2026-11-10', amount: 89_900, tax_percent: 20, annotation: '' })
    ).json<{ id: number }>().id;
    const newsId = (
      await call('POST', '/api-content/news', {
        title: 'Sommerfest', teaser: 'Alle', body: '<p>Park</p>', date_published: null, date_expired: null, active: true,
        visibility: 1, schools: [], school_id: graz, files: [],
      })
    ).json<{ id: number }>().id;

    const templateId = (
      await call('POST', '/api-template/data', { name: 'Willkommen', schools: [graz], type: 2, subject: 'Hallo', content: '<p>Hallo ##firstname##</p>' })
    ).json<{ id: number }>().id;

    const contractTemplateId = (
      await call('POST', '/api-contract/data', {
        school_id: graz, name: 'Erwachsene', notes: '', pay_interval: 1, c_country_iso: 'at', amount_gross: 6900, activation_gross: 0,
        tax_percent: 20, c_interval_start: 12, c_cperiod_start: 1, c_interval_follow: 1, c_cperiod_follow: 1, currency: 'EUR',
      })
    ).json<{ id: number }>().id;
    const [network] = await sql<{ id: number }>("SELECT id FROM network_contracts WHERE country_iso = 'at' ORDER BY id LIMIT 1");
    const [template] = await sql<{ id: number }>('SELECT id FROM contract_templates WHERE school_id = $1 ORDER BY id LIMIT 1', [graz]);
    const conclusionId = (
      await call('POST', '/api-conclusion/data', {
        school_id: graz, products: [4], ec_contract_id: network!.id, c_contract_id: template!.id, account_id: account!.id,
        contract_start: '2026-12-01', payment_method_id: 3, salutation_id: 1, firstname: 'Vera', lastname: 'Version', street: 'Herrengasse',
        house_no: '3', zip: '8010', city: 'Graz', country_iso: 'at', birthdate: '1990-05-03',
      })
    ).json<{ id: number }>().id;
    const conclusionForm = (r: Json) => {
      const { id: _id, version: _v, po: _po, activated_at: _a, date_withdrawal: _w, student_id: _s, created_at: _c, created_by_name: _n, ...form } = r.data as Json;
      return form;
    };

    const withoutVersion = ({ version: _version, ...rest }: Json) => rest;
    routes.push(
      { name: 'student personal data', read: `/api-student/pd?stid=${stid}`, save: `/api-student/pd?stid=${stid}`, body: withoutVersion, field: 'supplement', value: (r) => r.supplement },
      { name: 'student main address', read: `/api-student/address?stid=${stid}&type=1`, save: `/api-student/address?stid=${stid}&type=1`, body: withoutVersion, field: 'street', value: (r) => r.street },
      {
        name: 'student note',
        read: `/api-student/note?id=${noteId}&stid=${stid}`,
        save: `/api-student/note?id=${noteId}&stid=${stid}`,
        body: (r) => pick(r, ['type', 'text']),
        field: 'text',
        value: (r) => r.text,
      },
      {
        name: 'lead',
        read: `/api-lead/data?id=${leadId}`,
        save: `/api-lead/data?id=${leadId}`,
        body: (r) => {
          const d = r.data as Json;
          return pick(d, ['school_id', 'lead_status_id', 'date_created', 'salutation_id', 'firstname', 'lastname', 'email', 'interests', 'products']);
        },
        field: 'annotation',
        value: (r) => (r.data as Json).annotation,
      },
      {
        name: 'reminder',
        read: `/api-reminder/data?id=${reminderId}`,
        save: `/api-reminder/data?id=${reminderId}`,
        body: (r) => ({ ...pick(r, ['date_deadline', 'subject', 'notes', 'student_id']), date_deadline: String(r.date_deadline).slice(0, 10) }),
        field: 'subject',
        value: (r) => r.subject,
      },
      {
        name: 'user (admin edit)',
        read: `/api-user/data?id=${target.id}`,
        save: `/api-user/data?id=${target.id}`,
        body: (r) => {
          const d = r.data as Json;
          return { username: d.un, salutation_id: 1, firstname: d.fn, lastname: d.ln, email: d.email, role_id: d.role_id, status: 2, schools: [graz] };
        },
        field: 'lastname',
        value: (r) => (r.data as Json).ln,
      },
      { name: 'own user settings', read: '/api-user/settings', save: '/api-user/settings', body: withoutVersion, field: 'o_signature', value: (r) => r.o_signature },
      {
        // The caller's own column layout of a list (issue 26): the text travels as a column id (hex).
        name: 'own list layout',
        read: '/api-user/list-layout?list=leads',
        save: '/api-user/list-layout?list=leads',
        body: () => ({ columns: [] }),
        bodyWith: (_r, text) => ({ columns: [{ id: `h${Buffer.from(text).toString('hex')}`, hide: false, width: 120, pinned: null }] }),
        field: 'columns',
        value: (r) => Buffer.from(String((r.columns as Json[])[0]!.id).slice(1), 'hex').toString(),
      },
      { name: 'role', read: `/api-base/role?id=${roleId}`, save: `/api-base/role?id=${roleId}`, body: (r) => pick(r, ['atoms']), field: 'role_name', value: (r) => r.role_name },
      {
        name: 'income',
        read: `/api-fin/income?id=${incomeId}`,
        save: `/api-fin/income?id=${incomeId}`,
        body: (r) => pick(r, ['school_id', 'payment_cat_id', 'custom_category', 'payment_method_id', 'account_id', 'payment_date', 'amount', 'tax_percent']),
        field: 'annotation',
        value: (r) => r.annotation,
      },
      {
        name: 'bank account',
        read: `/api-account/data?id=${account!.id}`,
        save: `/api-account/data?id=${account!.id}`,
        body: (r) => pick(r, ['school_id', 'sepa_name', 'sepa_ci', 'sepa_iban', 'sepa_bic', 'sepa_bank', 'is_main']),
        field: 'name',
        value: (r) => r.name,
      },
      {
        name: 'expense',
        read: `/api-fin/expense?id=${expenseId}`,
        save: `/api-fin/expense?id=${expenseId}`,
        body: (r) => pick(r, ['school_id', 'name', 'expense_cat_id', 'payment_date', 'amount', 'tax_percent']),
        field: 'annotation',
        value: (r) => r.annotation,
      },
      {
        name: 'news item',
        read: `/api-content/news?id=${newsId}`,
        save: `/api-content/news?id=${newsId}`,
        body: (r) => ({ ...pick(r, ['body', 'date_published', 'date_expired', 'active', 'visibility', 'schools', 'school_id']), title: r.title, files: [] }),
        field: 'teaser',
        value: (r) => r.teaser,
      },
      {
        name: 'contract template',
        read: `/api-contract/data?id=${contractTemplateId}`,
        save: `/api-contract/data?id=${contractTemplateId}`,
        body: ({ id: _id, version: _version, uc: _uc, ...rest }: Json) => rest,
        field: 'name',
        value: (r) => r.name,
      },
      {
        name: 'custom template',
        read: `/api-template/data?id=${templateId}`,
        save: `/api-template/data?id=${templateId}`,
        body: (r) => pick(r, ['schools', 'type', 'subject', 'content']),
        field: 'name',
        value: (r) => r.name,
      },
      {
        name: 'system template (all schools)',
        read: '/api-template/system-data?key=dunning_1',
        save: '/api-template/system-data?key=dunning_1',
        body: (r) => pick(r, ['subject']),
        field: 'content',
        value: (r) => r.content,
      },
      {
        name: 'conclusion',
        read: `/api-conclusion/data?id=${conclusionId}`,
        save: `/api-conclusion/data?id=${conclusionId}`,
        body: conclusionForm,
        field: 'annotation',
        value: (r) => (r.data as Json).annotation,
      },
      {
        // One version per category and school (null = all schools); the items change inside it.
        name: 'configuration form',
        read: '/api-config/form?cat=general&key=pr_city',
        save: '/api-config/form?cat=general',
        body: () => ({ items: [] }),
        bodyWith: (_r, text) => ({ items: [{ k: 'pr_city', v: text.slice(0, 80), d: false }] }),
        field: 'pr_city',
        value: (r) => (r.items as Json[])[0]!.v,
      },
    );
  });

  afterAll(async () => {
    await t?.close();
  });

  const read = async (route: VersionedRoute, session = cookie) => {
    const res = await call('GET', route.read, undefined, session);
    expect([route.name, res.statusCode]).toEqual([route.name, 200]);
    const json = res.json<Json>();
    // The user, the lead and the conclusion answer the record under `data` (with lists beside it).
    const nested = ['/api-user/data', '/api-lead/data', '/api-conclusion/data'].some((path) => route.read.startsWith(path));
    const version = (nested ? (json.data as Json).version : json.version) as number;
    expect([route.name, typeof version]).toEqual([route.name, 'number']);
    return { json, version };
  };
  const save = (route: VersionedRoute, from: Json, text: string, version: number | undefined, session = cookie) =>
    call('PUT', route.save, { ...(route.bodyWith ? route.bodyWith(from, text) : { ...route.body(from), [route.field]: text }), ...(version === undefined ? {} : { version }) }, session);

  it('every PUT of the API requires the version read (uploads and the password change excepted)', async () => {
    // Not record edits: a password change (re-authenticated), multipart uploads that replace a
    // file, and the direct-debit candidates of a month, a read the spec sends as PUT (002 §7).
    const notRecordEdits = ['PUT /api-user/cpw', 'PUT /api-fin/dd'];
    type Operation = { requestBody?: { content?: Record<string, { schema?: { required?: string[] } }> } };
    const doc = (await t.request({ method: 'GET', url: '/api-docs/json' })).json<{ paths: Record<string, { put?: Operation }> }>();
    const puts = Object.entries(doc.paths).filter(([, methods]) => methods.put);
    expect(puts.length).toBeGreaterThanOrEqual(routes.length);
    const unversioned = puts
      .filter(([path]) => !notRecordEdits.includes(`PUT ${path}`))
      .filter(([, methods]) => {
        const content = methods.put!.requestBody?.content ?? {};
        if (Object.keys(content).length === 0 || 'multipart/form-data' in content) return false;
        return !Object.values(content).some((media) => media.schema?.required?.includes('version'));
      })
      .map(([path]) => `PUT ${path}`);
    expect(unversioned).toEqual([]);
    // ... and every record edit this table checks is one of them.
    expect(puts.map(([path]) => `PUT ${path}`)).toEqual(expect.arrayContaining(routes.map((r) => `PUT ${r.save.split('?')[0]}`)));
  });

  it('two editors read, both save: the second gets 409 {error: 9} and the first one\'s change is kept', async () => {
    for (const route of routes) {
      const first = await read(route);
      const second = await read(route, otherTab);
      expect(second.version).toBe(first.version);

      const saved = await save(route, first.json, `Editor A ${route.name}`, first.version);
      expect([route.name, saved.statusCode, saved.json()]).toEqual([route.name, 200, { success: true, version: first.version + 1 }]);

      const stale = await save(route, second.json, `Editor B ${route.name}`, second.version, otherTab);
      expect([route.name, stale.statusCode, stale.json()]).toEqual([route.name, 409, { error: ERROR.staleVersion }]);

      const after = await read(route);
      expect([route.name, route.value(after.json), after.version]).toEqual([route.name, `Editor A ${route.name}`, first.version + 1]);

      // After reading again, the second editor saves.
      const again = await save(route, after.json, `Editor B ${route.name}`, after.version, otherTab);
      expect([route.name, again.statusCode]).toEqual([route.name, 200]);
      expect(route.value((await read(route)).json)).toBe(`Editor B ${route.name}`);

      // Without a version the save is refused (400) and changes nothing.
      const unversioned = await save(route, after.json, 'no version', undefined);
      expect([route.name, unversioned.statusCode]).toEqual([route.name, 400]);
      expect(route.value((await read(route)).json)).toBe(`Editor B ${route.name}`);
    }
  });

  it('parallel saves with the same version: exactly one is 200, the others 409, and the stored value is the winner\'s', async () => {
    for (const route of routes) {
      const { json, version } = await read(route);
      const texts = Array.from({ length: 6 }, (_, i) => `parallel ${i} ${route.name}`);
      const answers = await Promise.all(texts.map((text, i) => save(route, json, text, version, i % 2 ? otherTab : cookie)));
      const statuses = answers.map((a) => a.statusCode);
      expect([route.name, statuses.filter((s) => s === 200).length, statuses.filter((s) => s === 409).length]).toEqual([route.name, 1, texts.length - 1]);
      const winner = texts[statuses.indexOf(200)];
      const after = await read(route);
      expect([route.name, route.value(after.json), after.version]).toEqual([route.name, winner, version + 1]);
    }
  });

  it('the invoice address: created against "none read" (version 0) once; a second creation or a stale save is 409', async () => {
    const [student] = await sql<{ id: number }>('SELECT id FROM students ORDER BY id DESC LIMIT 1');
    const url = `/api-student/address?stid=${student!.id}&type=2`;
    await sql('DELETE FROM student_addresses WHERE student_id = $1 AND type = 2', [student!.id]);
    expect((await call('GET', url)).json()).toBeNull();
    const address = (lastname: string) => ({ salutation_id: 1, title_id: null, firstname: 'Eva', lastname, company: null, street: 'Herrengasse', house_no: '3', zip: '8010', city: 'Graz', country_iso: 'at', email: null });
    const created = await Promise.all([call('PUT', url, { ...address('Erste'), version: 0 }), call('PUT', url, { ...address('Zweite'), version: 0 }, otherTab)]);
    expect(created.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const stored = (await call('GET', url)).json<Json>();
    expect(stored).toEqual(expect.objectContaining({ lastname: created[0]!.statusCode === 200 ? 'Erste' : 'Zweite', version: 1 }));
    expect((await call('PUT', url, { ...address('Dritte'), version: 1 })).json()).toEqual({ success: true, version: 2 });
    expect((await call('PUT', url, { ...address('Vierte'), version: 1 }, otherTab)).json()).toEqual({ error: ERROR.staleVersion });
    // Deleted meanwhile: saving the version read is stale too (not a silent re-creation).
    expect((await call('DELETE', url)).statusCode).toBe(200);
    expect((await call('PUT', url, { ...address('Fünfte'), version: 2 }, otherTab)).json()).toEqual({ error: ERROR.staleVersion });
    expect((await call('GET', url)).json()).toBeNull();
  });

  it("a stale version of another school's record is still 404, not 409", async () => {
    const grazOnly = await t.loginAs({ atoms: ['student_r', 'student_w'], schools: [(await sql<{ id: number }>("SELECT id FROM schools WHERE name LIKE '%Graz%'"))[0]!.id] });
    const [wien] = await sql<{ id: number }>("SELECT s.id FROM students s JOIN schools sc ON sc.id = s.school_id WHERE sc.name LIKE '%Wien%' LIMIT 1");
    const pd = (await call('GET', `/api-student/pd?stid=${wien!.id}`)).json<Json>();
    const res = await call('PUT', `/api-student/pd?stid=${wien!.id}`, { ...pd, version: 999 }, grazOnly.cookie);
    expect(res.statusCode).toBe(404);
  });
});
