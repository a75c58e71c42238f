import type { ContractRequestOverview, TicketDetail, TicketListRow } from 'shared-kernel/contracts';
import { DEMO_PASSWORD } from '../../../seed/demo.js';
import { backends, createClock, createTestApp, type TestApp } from '../../../../test/support/test-app.js';

jest.setTimeout(180_000);

const NOW = new Date('2026-11-21T09:30:00Z');

describe.each(backends())('contract and trainer requests on %s', (backend) => {
  let t: TestApp;
  let schools: Record<'wien' | 'graz', number>;
  const cookies: Record<string, string> = {};

  const get = (url: string, user: string) => t.request({ method: 'GET', url, headers: { cookie: cookies[user]! } });
  const post = (url: string, user: string, payload: object, key?: string) =>
    t.request({ method: 'POST', url, payload, headers: { cookie: cookies[user]!, ...(key ? { 'idempotency-key': key } : {}) } });
  const address = {
    firstname: 'Eva',
    lastname: 'Gruber',
    supplement: 'Kampfsportschule Graz',
    street: 'Annenstraße',
    house_no: '12',
    zip: '8020',
    city: 'Graz',
    supplement_location: '',
    country_iso: 'AT',
  };

  beforeAll(async () => {
    t = await createTestApp({ backend, seed: 'demo', clock: createClock(NOW) });
    const rows = (await t.db.query<{ id: number; name: string }>('SELECT id, name FROM schools ORDER BY id')).rows;
    schools = { wien: rows.find((r) => r.name.includes('Wien'))!.id, graz: rows.find((r) => r.name.includes('Graz'))!.id };
    cookies.admin = await t.login('admin', DEMO_PASSWORD);
    cookies.grazSender = (await t.loginAs({ atoms: ['e_ticket_r', 'e_ticket_s'], schools: [schools.graz] })).cookie;
    cookies.grazReader = (await t.loginAs({ atoms: ['e_ticket_r'], schools: [schools.graz] })).cookie;
    cookies.wienReader = (await t.loginAs({ atoms: ['e_ticket_r'], schools: [schools.wien] })).cookie;
  });

  afterAll(async () => {
    await t?.close();
  });

  it('turns a contract request into a type-5 ticket, lists it as open and saves the default address, once per key', async () => {
    const form = { amount: 2, kid_cert_amount: 15, school: schools.graz, save_shipping: true, ...address };
    const first = await post('/api-request/rc', 'grazSender', form, 'rc-double-click-1');
    expect(first.statusCode).toBe(200);
    const again = await post('/api-request/rc', 'grazSender', form, 'rc-double-click-1');
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    const { id, tid } = first.json<{ id: number; tid: number }>();

    const overview = (await get('/api-request/rc', 'grazReader')).json<ContractRequestOverview>();
    expect(overview.rows.filter((row) => row.school_id === schools.graz)).toEqual([
      { id, tid, dc: expect.any(String), user: expect.stringMatching(/^Test user/), school_id: schools.graz, school: expect.stringContaining('Graz'), amount: 2, kid_cert_amount: 15, tsid: 1 },
    ]);
    expect(overview.shipping[String(schools.graz)]).toEqual(address);

    // The ticket is a support request (mode 1) the association answers in its thread.
    const requests = (await get('/api-base/ticket?m=1', 'grazReader')).json<TicketListRow[]>();
    expect(requests.find((row) => row.id === tid)).toEqual(expect.objectContaining({ type: 5, tsid: 1, subject: 'Vertragsanforderung: 40 Verträge' }));
    const thread = (await get(`/api-base/ticket?m=1&id=${tid}`, 'grazReader')).json<TicketDetail>();
    expect(thread.messages[0]!.pay.message).toContain('Anzahl Verträge: 40 (2 × 20)');
    expect(thread.messages[0]!.pay.message).toContain('Annenstraße 12');

    // Another school's reader sees neither the request nor the address.
    const wien = (await get('/api-request/rc', 'wienReader')).json<ContractRequestOverview>();
    expect(wien.rows.some((row) => row.id === id)).toBe(false);
    expect(wien.shipping[String(schools.graz)]).toBeUndefined();

    // A closed ticket is no longer an open request.
    await t.db.query('UPDATE tickets SET tsid = 4 WHERE id = $1', [tid]);
    expect((await get('/api-request/rc', 'grazReader')).json<ContractRequestOverview>().rows.some((row) => row.id === id)).toBe(false);
  });

  it('refuses bad input, another school and readers, writing nothing', async () => {
    const before = Number((await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM tickets')).rows[0]!.n);
    const bad = await post('/api-request/rc', 'grazSender', { amount: 0, kid_cert_amount: 0, school: schools.graz, ...address });
    expect(bad.statusCode).toBe(400);
    const missing = await post('/api-request/rc', 'grazSender', { amount: 1, kid_cert_amount: 0, school: schools.graz, ...address, street: '  ' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().fields).toEqual({ street: 'form.required' });
    expect((await post('/api-request/rc', 'grazSender', { amount: 1, kid_cert_amount: 0, school: schools.wien, ...address })).statusCode).toBe(400);
    expect((await post('/api-request/rc', 'grazReader', { amount: 1, kid_cert_amount: 0, school: schools.graz, ...address })).statusCode).toBe(403);
    expect((await post('/api-request/trainer', 'grazSender', { sid: schools.graz, firstname: 'A', lastname: 'B', mno: 'AT-1', annotation: ' ' })).statusCode).toBe(400);
    expect((await post('/api-request/trainer', 'grazSender', { sid: schools.wien, firstname: 'A', lastname: 'B', mno: 'AT-1', annotation: 'x' })).statusCode).toBe(400);
    expect(Number((await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM tickets')).rows[0]!.n)).toBe(before);
  });

  it('sends a trainer request as a type-9 ticket', async () => {
    const res = await post('/api-request/trainer', 'grazSender', {
      sid: schools.graz,
      firstname: 'Lukas',
      lastname: 'Maier',
      mno: 'AT-20931',
      annotation: 'Hat die Trainerprüfung im Oktober bestanden.',
    });
    expect(res.statusCode).toBe(200);
    const thread = (await get(`/api-base/ticket?m=1&id=${res.json().tid}`, 'grazReader')).json<TicketDetail>();
    expect(thread).toEqual(expect.objectContaining({ type: 9, m: 1, school_id: schools.graz, pay: { subject: 'Traineraktivierung: Lukas Maier' } }));
    expect(thread.messages[0]!.pay.message).toContain('Mitgliedsnummer: AT-20931');
  });
});
