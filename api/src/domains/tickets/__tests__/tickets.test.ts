import type { TicketDetail, TicketListRow } from 'shared-kernel/contracts';
import { DEMO_PASSWORD } from '../../../seed/demo.js';
import { multipart, tinyPdf, type FormPart } from '../../../../test/support/multipart.js';
import { backends, createClock, createTestApp, type TestApp } from '../../../../test/support/test-app.js';

jest.setTimeout(180_000);

const NOW = new Date('2026-11-21T09:30:00Z');
const TINY_PDF = tinyPdf();
const HOSTILE = '<img src=x onerror=alert(1)> <script>alert(2)</script> <a href="javascript:alert(3)">x</a>';

describe.each(backends())('ticket write paths on %s', (backend) => {
  let t: TestApp;
  let schools: Record<'wien' | 'graz', number>;
  const cookies: Record<string, string> = {};

  const get = (url: string, user: string) => t.request({ method: 'GET', url, headers: { cookie: cookies[user]! } });
  const send = (url: string, user: string, parts: FormPart[]) => {
    const body = multipart(parts);
    return t.request({ method: 'POST', url, headers: { cookie: cookies[user]!, ...body.headers }, payload: body.payload });
  };
  const data = (value: unknown): FormPart => ({ name: 'data', value: JSON.stringify(value) });
  const sql = async <T>(text: string, params: unknown[] = []) => (await t.db.query<T>(text, params)).rows;

  beforeAll(async () => {
    t = await createTestApp({ backend, seed: 'demo', clock: createClock(NOW) });
    const rows = await sql<{ id: number; name: string }>('SELECT id, name FROM schools ORDER BY id');
    schools = { wien: rows.find((r) => r.name.includes('Wien'))!.id, graz: rows.find((r) => r.name.includes('Graz'))!.id };
    cookies.admin = await t.login('admin', DEMO_PASSWORD);
    cookies.office = await t.login('office', DEMO_PASSWORD);
    cookies.grazSender = (await t.loginAs({ atoms: ['e_ticket_r', 'e_ticket_s'], schools: [schools.graz] })).cookie;
    cookies.grazReader = (await t.loginAs({ atoms: ['e_ticket_r'], schools: [schools.graz] })).cookie;
  });

  afterAll(async () => {
    await t?.close();
  });

  it('creates a support request with an attachment, lists it, and serves the attachment as a download', async () => {
    const res = await send('/api-base/ticket?m=1', 'grazSender', [
      data({ sid: schools.graz, subject: 'Beitragsbescheinigung', message: 'Bitte um eine Bescheinigung.\nDanke!' }),
      { name: 'files', filename: 'Mitgliederliste März.pdf', data: TINY_PDF, contentType: 'application/pdf' },
    ]);
    expect(res.statusCode).toBe(200);
    const id = res.json<{ id: number }>().id;

    const listRow = (await get('/api-base/ticket?m=1', 'grazSender')).json<TicketListRow[]>().find((r) => r.id === id);
    expect(listRow).toEqual(expect.objectContaining({ tsid: 1, type: 4, subject: 'Beitragsbescheinigung', school_id: schools.graz, cat: null }));

    const thread = (await get(`/api-base/ticket?m=1&id=${id}`, 'grazReader')).json<TicketDetail>();
    expect(thread.messages).toHaveLength(1);
    const [message] = thread.messages;
    expect(message!.pay.message).toBe('Bitte um eine Bescheinigung.\nDanke!');
    expect(thread.sender).toMatch(/^Test user/);
    expect(message!.spay.name).toBe(thread.sender);
    expect(message!.pay.files).toEqual([{ id: expect.any(Number), name: 'Mitgliederliste März.pdf', size: TINY_PDF.length }]);

    const file = await get(`/api-base/ticket-file?id=${message!.pay.files[0]!.id}`, 'grazReader');
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.equals(TINY_PDF)).toBe(true);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.headers['content-disposition']).toBe(`attachment; filename="Mitgliederliste Maerz.pdf"; filename*=UTF-8''Mitgliederliste%20M%C3%A4rz.pdf`);
    expect(file.headers['x-content-type-options']).toBe('nosniff');

    // The Wien-only view of another user never gets Graz's attachment.
    cookies.wienReader = (await t.loginAs({ atoms: ['e_ticket_r'], schools: [schools.wien] })).cookie;
    expect((await get(`/api-base/ticket-file?id=${message!.pay.files[0]!.id}`, 'wienReader')).statusCode).toBe(404);
    expect((await get(`/api-base/ticket?m=1&id=${id}`, 'wienReader')).statusCode).toBe(404);
  });

  it('creates a technical feedback (type 11, category) without attachments', async () => {
    const res = await send('/api-base/ticket?m=2', 'admin', [
      data({ sid: schools.wien, cat: 'bug', subject: 'Export hängt', message: 'Der Export bricht ab.' }),
    ]);
    expect(res.statusCode).toBe(200);
    const thread = (await get(`/api-base/ticket?m=2&id=${res.json().id}`, 'admin')).json<TicketDetail>();
    expect(thread).toEqual(expect.objectContaining({ m: 2, type: 11, tsid: 1, cat: 'bug', sender: 'Sabine Hofer' }));
    expect(thread.messages[0]!.spay.name).toBe('Sabine Hofer');
  });

  it('stores a message as sent, markup included (the screens sanitise when they render)', async () => {
    const res = await send('/api-base/ticket?m=1', 'grazSender', [data({ sid: schools.graz, subject: 'XSS', message: HOSTILE })]);
    expect(res.statusCode).toBe(200);
    const thread = (await get(`/api-base/ticket?m=1&id=${res.json().id}`, 'grazSender')).json<TicketDetail>();
    expect(thread.messages[0]!.pay.message).toBe(HOSTILE);
  });

  it('appends replies with attachments; a ticket waiting for the school goes back to "in process"', async () => {
    const [waiting] = await sql<{ id: number }>("SELECT id FROM tickets WHERE school_id = $1 AND mode = 1 AND tsid = 2 LIMIT 1", [schools.graz]);
    expect(waiting).toBeDefined();
    const before = (await get(`/api-base/ticket?m=1&id=${waiting!.id}`, 'grazSender')).json<TicketDetail>();
    const res = await send(`/api-base/ticket-reply?id=${waiting!.id}&m=1`, 'grazSender', [
      data({ message: 'Die Vertragsnummer ist G-1042.' }),
      { name: 'files', filename: 'notiz.txt', data: 'Vertrag G-1042', contentType: 'text/plain' },
      { name: 'files', filename: 'vertrag.pdf', data: TINY_PDF, contentType: 'application/pdf' },
    ]);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ id: waiting!.id });
    const after = (await get(`/api-base/ticket?m=1&id=${waiting!.id}`, 'grazSender')).json<TicketDetail>();
    expect(after.tsid).toBe(1);
    expect(after.messages).toHaveLength(before.messages.length + 1);
    const reply = after.messages[after.messages.length - 1]!;
    expect(reply.pay.message).toBe('Die Vertragsnummer ist G-1042.');
    expect(reply.pay.files.map((f) => f.name)).toEqual(['notiz.txt', 'vertrag.pdf']);
    const text = await get(`/api-base/ticket-file?id=${reply.pay.files[0]!.id}`, 'grazReader');
    expect(text.body).toBe('Vertrag G-1042');
    expect(text.headers['content-disposition']).toMatch(/^attachment;/);
  });

  it('refuses bad requests with 400 and writes nothing', async () => {
    const count = async () => (await sql<{ n: number }>('SELECT (SELECT count(*) FROM tickets) + (SELECT count(*) FROM ticket_files) AS n'))[0]!.n;
    const before = await count();
    const cases: [string, FormPart[], number][] = [
      ['/api-base/ticket?m=1', [data({ sid: schools.graz, subject: '', message: 'x' })], 4],
      ['/api-base/ticket?m=1', [data({ sid: schools.graz, subject: 'x' })], 4],
      ['/api-base/ticket?m=2', [data({ sid: schools.graz, subject: 'x', message: 'y' })], 4],
      ['/api-base/ticket?m=2', [data({ sid: schools.graz, cat: 'wishlist', subject: 'x', message: 'y' })], 4],
      ['/api-base/ticket?m=1', [data({ sid: schools.wien, subject: 'x', message: 'y' })], 4],
      ['/api-base/ticket?m=1', [{ name: 'data', value: '{not json' }], 4],
      ['/api-base/ticket?m=1', [{ name: 'files', filename: 'a.pdf', data: TINY_PDF }], 4],
      // An HTML page named .pdf is judged by its content.
      [
        '/api-base/ticket?m=1',
        [data({ sid: schools.graz, subject: 'x', message: 'y' }), { name: 'files', filename: 'rechnung.pdf', data: '<html><script>alert(1)</script></html>', contentType: 'application/pdf' }],
        1100,
      ],
      [
        '/api-base/ticket?m=1',
        [data({ sid: schools.graz, subject: 'x', message: 'y' }), ...Array.from({ length: 6 }, (_, i) => ({ name: 'files', filename: `${i}.pdf`, data: TINY_PDF }))],
        1102,
      ],
      ['/api-base/ticket?m=3', [data({ sid: schools.graz, subject: 'x', message: 'y' })], 4],
    ];
    for (const [url, parts, error] of cases) {
      const res = await send(url, 'grazSender', parts);
      expect({ url, parts: parts.length, status: res.statusCode, error: res.json().error }).toEqual({ url, parts: parts.length, status: 400, error });
    }
    const json = await t.request({ method: 'POST', url: '/api-base/ticket?m=1', headers: { cookie: cookies.grazSender! }, payload: { sid: schools.graz, subject: 'x', message: 'y' } });
    expect(json.statusCode).toBe(400);
    const [ticket] = await sql<{ id: number }>('SELECT id FROM tickets WHERE school_id = $1 LIMIT 1', [schools.graz]);
    const emptyReply = await send(`/api-base/ticket-reply?id=${ticket!.id}&m=1`, 'grazSender', [data({ message: '   ' })]);
    expect(emptyReply.json()).toEqual({ error: 4, fields: { message: 'form.required' } });
    expect(await count()).toBe(before);
  });

  it("needs e_ticket_s to send and reply; another school's ticket is 404", async () => {
    const [graz] = await sql<{ id: number }>('SELECT id FROM tickets WHERE school_id = $1 AND mode = 1 LIMIT 1', [schools.graz]);
    const [wien] = await sql<{ id: number }>('SELECT id FROM tickets WHERE school_id = $1 AND mode = 1 LIMIT 1', [schools.wien]);
    expect((await send('/api-base/ticket?m=1', 'grazReader', [data({ sid: schools.graz, subject: 'x', message: 'y' })])).statusCode).toBe(403);
    expect((await send(`/api-base/ticket-reply?id=${graz!.id}&m=1`, 'grazReader', [data({ message: 'y' })])).statusCode).toBe(403);
    expect((await send('/api-base/ticket?m=1', 'office', [data({ sid: schools.graz, subject: 'x', message: 'y' })])).statusCode).toBe(403);
    expect((await send(`/api-base/ticket-reply?id=${wien!.id}&m=1`, 'grazSender', [data({ message: 'y' })])).statusCode).toBe(404);
    // The wrong mode is another ticket list: 404 too.
    expect((await send(`/api-base/ticket-reply?id=${graz!.id}&m=2`, 'grazSender', [data({ message: 'y' })])).statusCode).toBe(404);
  });
});
