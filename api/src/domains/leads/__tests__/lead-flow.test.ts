import type { AppointmentRow, InvitationAnswer, LeadAttendance, LeadTimelineEntry } from 'shared-kernel/contracts';
import { pdfText } from '../../../../test/support/pdf-tools.js';
import { startTestSmtp, type TestSmtp } from '../../../../test/support/smtp.js';
import { backends, createClock, createSchool, createTestApp, type TestApp } from '../../../../test/support/test-app.js';
import { sendDueInvitationsNow } from '../invitation-scheduler.js';

jest.setTimeout(240_000);

const NOW = new Date('2026-11-21T09:30:00Z');

/**
 * The lead's flow (issue 15 part G): appointments, invitations by e-mail (the local SMTP
 * server gets them), by letter (pdftotext), deferred ones sent once by overlapping job runs at
 * once, attendance, no interest, the timeline; scoping (another school: 404) and atoms (403).
 */
describe.each(backends())('lead flow on %s', (backend) => {
  let t: TestApp;
  let smtp: TestSmtp;
  let wien: number;
  let graz: number;
  const cookies: Record<string, string> = {};

  const call = (method: string, url: string, user: string, payload?: object, headers: Record<string, string> = {}) =>
    t.request({ method, url, payload, headers: { cookie: cookies[user]!, ...headers } });
  const sql = async <T>(text: string, params: unknown[] = []) => (await t.db.query<T>(text, params)).rows;
  const insertLead = async (school: number, email: string | null = 'eva@example.test') =>
    (
      await sql<{ id: number }>(
        `INSERT INTO leads (school_id, salutation_id, firstname, lastname, email, street, house_no, zip, city)
         VALUES ($1, 1, 'Eva', 'Özdemir', $2, 'Lindengasse', '7', '1070', 'Wien') RETURNING id`,
        [school, email],
      )
    )[0]!.id;
  const createAppointment = async (school: number, type: number, ds: string, de: string, user = 'writer') => {
    const res = await call('POST', '/api-content/appointment', user, { sid: school, type, ds, de, status: 1 });
    expect(res.statusCode).toBe(200);
    return res.json<{ id: number }>().id;
  };
  const invitation = (overrides: Record<string, unknown> = {}) => ({
    invite_tr: 2,
    notes: '',
    date_delivery: '',
    events: [] as number[],
    email: 'eva@example.test',
    update_email: false,
    template: 'inv_info_event',
    subject: 'Einladung zum Infoabend – ##school##',
    content: '<p>##salutation##</p><p>Unsere Termine:</p><p>##events1##</p><p>Also ##events1ser##.</p>',
    ...overrides,
  });

  beforeAll(async () => {
    smtp = await startTestSmtp();
    t = await createTestApp({ backend, clock: createClock(NOW), env: { SMTP_URL: smtp.url } });
    wien = await createSchool(t.db, 'Kampfkunst Wien');
    graz = await createSchool(t.db, 'Kampfkunst Graz');
    cookies.writer = (await t.loginAs({ atoms: ['lead_r', 'lead_w'], schools: [wien] })).cookie;
    cookies.reader = (await t.loginAs({ atoms: ['lead_r'], schools: [wien] })).cookie;
    cookies.graz = (await t.loginAs({ atoms: ['lead_r', 'lead_w'], schools: [graz] })).cookie;
    cookies.noLeads = (await t.loginAs({ atoms: ['c_settings_r', 'template_r'], schools: [wien] })).cookie;
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  it('appointments: created, listed with their invitations, changed with the version, deleted unless invited', async () => {
    const id = await createAppointment(wien, 1, '2026-12-07T17:00:00Z', '2026-12-07T18:30:00Z');
    const list = await call('GET', `/api-content/appointment?sid=${wien}&type=1`, 'reader');
    expect(list.statusCode).toBe(200);
    const row = list.json<{ rows: AppointmentRow[] }>().rows.find((r) => r.id === id)!;
    expect(row).toEqual({ id, sid: wien, type: 1, ds: '2026-12-07T17:00:00.000Z', de: '2026-12-07T18:30:00.000Z', status: 1, version: 1, invited: 0 });

    // The end before the start, another school's id in the body, no lead_w: nothing written.
    expect((await call('POST', '/api-content/appointment', 'writer', { sid: wien, type: 1, ds: '2026-12-07T17:00:00Z', de: '2026-12-07T16:00:00Z', status: 1 })).json()).toEqual({
      error: 4,
      fields: { de: 'form.end_before_start' },
    });
    expect((await call('POST', '/api-content/appointment', 'writer', { sid: graz, type: 1, ds: '2026-12-07T17:00:00Z', de: '2026-12-07T18:00:00Z', status: 1 })).statusCode).toBe(400);
    expect((await call('POST', '/api-content/appointment', 'reader', { sid: wien, type: 1, ds: '2026-12-07T17:00:00Z', de: '2026-12-07T18:00:00Z', status: 1 })).statusCode).toBe(403);
    expect((await call('GET', `/api-content/appointment?sid=${graz}&type=1`, 'writer')).statusCode).toBe(404);
    expect((await call('GET', `/api-content/appointment?sid=${wien}&type=1`, 'noLeads')).statusCode).toBe(403);

    const put = (version: number, user = 'writer') =>
      call('PUT', `/api-content/appointment?id=${id}`, user, { sid: wien, type: 1, ds: '2026-12-07T17:30:00Z', de: '2026-12-07T19:00:00Z', status: 1, version });
    expect((await put(1)).json()).toEqual({ success: true, version: 2 });
    expect((await put(1)).statusCode).toBe(409);
    expect((await put(2, 'graz')).statusCode).toBe(404);
    expect((await call('DELETE', `/api-content/appointment?id=${id}`, 'graz')).statusCode).toBe(404);

    // Invited: refused until marked "can be removed".
    const lead = await insertLead(wien);
    expect((await call('POST', `/api-lead/invite?id=${lead}&type=1`, 'writer', invitation({ invite_tr: 1, events: [id] }))).statusCode).toBe(200);
    const refused = await call('DELETE', `/api-content/appointment?id=${id}`, 'writer');
    expect([refused.statusCode, refused.json()]).toEqual([409, { error: 76 }]);
    expect(
      (await call('PUT', `/api-content/appointment?id=${id}`, 'writer', { sid: wien, type: 1, ds: '2026-12-07T17:30:00Z', de: '2026-12-07T19:00:00Z', status: 2, version: 2 })).statusCode,
    ).toBe(200);
    expect((await call('DELETE', `/api-content/appointment?id=${id}`, 'writer')).json()).toEqual({ success: true });
    expect(await sql('SELECT 1 FROM appointments WHERE id = $1', [id])).toHaveLength(0);
  });

  it('invitation by e-mail: the chosen dates in the mail the SMTP server receives, the lead invited, the timeline shows it; idempotent', async () => {
    const lead = await insertLead(wien, null);
    const later = await createAppointment(wien, 1, '2026-12-16T17:00:00Z', '2026-12-16T18:30:00Z');
    const sooner = await createAppointment(wien, 1, '2026-12-09T17:00:00Z', '2026-12-09T18:30:00Z');
    // The invite screen's text: the template filled with the chosen appointments.
    const draft = await call('POST', `/api-lead/invite-text?id=${lead}&type=1`, 'writer', { template: 'inv_info_event', events: [later, sooner] });
    expect(draft.statusCode).toBe(200);
    expect(draft.json<{ content: string }>().content).toMatch(/<ul><li>[^<]*09\.12\.2026[^<]*<\/li><li>[^<]*16\.12\.2026/);
    expect((await call('POST', `/api-lead/invite-text?id=${lead}&type=1`, 'graz', { template: 'inv_info_event', events: [] })).statusCode).toBe(404);
    const before = smtp.received.length;
    const key = { 'idempotency-key': 'invite-eva-1' };
    const body = invitation({ events: [later, sooner], update_email: true, email: 'eva.neu@example.test', notes: 'Rief an' });
    const res = await call('POST', `/api-lead/invite?id=${lead}&type=1`, 'writer', body, key);
    expect(res.statusCode).toBe(200);
    const answer = res.json<InvitationAnswer>();
    expect(answer).toEqual({ success: true, invitation: expect.any(Number), status: 2, pdf: null });
    // A double click: the same answer, no second mail.
    expect((await call('POST', `/api-lead/invite?id=${lead}&type=1`, 'writer', body, key)).json()).toEqual(answer);
    await t.app.mailer.idle();
    const [received] = await smtp.waitFor(before + 1);
    const mail = smtp.received[before]!.mail;
    expect(received).toBeDefined();
    expect(smtp.received).toHaveLength(before + 1);
    expect(mail.subject).toBe('Einladung zum Infoabend – Kampfkunst Wien');
    expect(mail.to && 'text' in mail.to ? mail.to.text : '').toContain('eva.neu@example.test');
    // Vienna time, soonest first; the serial form too.
    expect(mail.text).toContain('Sehr geehrte Frau Özdemir,');
    expect(mail.text).toMatch(/09\.12\.2026.*18:00–19:30[\s\S]*16\.12\.2026.*18:00–19:30/);
    expect(mail.text).toMatch(/Also am .*09\.12\.2026.* oder am .*16\.12\.2026/);

    const [row] = await sql<{ email: string; ie1: Date; ie2: Date; ieid: number; lead_status_id: number }>('SELECT email, ie1, ie2, ieid, lead_status_id FROM leads WHERE id = $1', [lead]);
    // The first invitation: ie1 = its earliest appointment's start (migration 091's meaning).
    expect(row).toEqual({ email: 'eva.neu@example.test', ie1: new Date('2026-12-09T17:00:00Z'), ie2: null, ieid: sooner, lead_status_id: 7 });
    // The list's suggestion: invited to an info event still to come (3).
    expect((await sql<{ x: number }>('SELECT lead_suggestion(lead_status_id, ie1, ie2, it1, it2, date_info_event, date_trial, $2) AS x FROM leads WHERE id = $1', [lead, NOW]))[0]!.x).toBe(3);
    const attendance = (await call('GET', `/api-lead/attend?id=${lead}&type=1`, 'reader')).json<LeadAttendance>();
    expect(attendance).toEqual({ date: null, invited: NOW.toISOString(), event: '2026-12-09T17:00:00.000Z', version: expect.any(Number) });

    const timeline = (await call('GET', `/api-lead/timeline?id=${lead}`, 'reader')).json<LeadTimelineEntry[]>();
    expect(timeline.map((entry) => entry.kind).sort()).toEqual(['invitation', 'mail']);
    expect(timeline.find((entry) => entry.kind === 'invitation')).toEqual(
      expect.objectContaining({
        type: 1,
        text: 'Einladung zum Infoabend – Kampfkunst Wien – Rief an',
        invitation: { transport: 2, status: 2, events: ['2026-12-09T17:00:00.000Z', '2026-12-16T17:00:00.000Z'] },
      }),
    );
    expect(timeline.find((entry) => entry.kind === 'mail')!.mail).toEqual({ to: 'eva.neu@example.test', status: 'sent' });
  });

  it('invitation: bad input is 400 and writes nothing; another school 404; without lead_w 403', async () => {
    const lead = await insertLead(wien);
    const grazEvent = await createAppointment(graz, 1, '2026-12-10T17:00:00Z', '2026-12-10T18:00:00Z', 'graz');
    const trial = await createAppointment(wien, 2, '2026-12-10T17:00:00Z', '2026-12-10T18:00:00Z');
    const past = (await sql<{ id: number }>("INSERT INTO appointments (school_id, type, ds, de) VALUES ($1, 1, '2026-11-01T17:00:00Z', '2026-11-01T18:00:00Z') RETURNING id", [wien]))[0]!.id;
    const invite = (body: object, user = 'writer', type = 1) => call('POST', `/api-lead/invite?id=${lead}&type=${type}`, user, body);

    expect((await invite(invitation({ events: [] }))).json()).toEqual({ error: 4, fields: { events: 'form.no_event' } });
    expect((await invite(invitation({ email: '' , events: [trial] }), 'writer', 2)).json()).toEqual({ error: 4, fields: { email: 'form.required' } });
    for (const events of [[grazEvent], [trial], [past]]) {
      expect((await invite(invitation({ events }))).json()).toEqual({ error: 77, fields: { events: 'form.invalid' } });
    }
    expect((await invite(invitation({ events: [], content: '<p>##nope##</p>' }), 'writer', 2)).json()).toEqual(
      expect.objectContaining({ error: 50 }),
    );
    expect((await invite(invitation({ events: [], template: 'rep_memb_canc' }), 'writer', 2)).json()).toEqual(expect.objectContaining({ error: 48 }));
    expect((await call('POST', `/api-lead/invite?id=${lead}&type=2`, 'graz', invitation())).statusCode).toBe(404);
    expect((await invite(invitation({ events: [] }), 'reader', 2)).statusCode).toBe(403);
    expect(await sql('SELECT 1 FROM lead_invitations WHERE lead_id = $1', [lead])).toHaveLength(0);
    expect((await sql<{ ie1: Date | null }>('SELECT ie1 FROM leads WHERE id = $1', [lead]))[0]!.ie1).toBeNull();
  });

  it('invitation by letter: the PDF of the school\'s letter with the lead\'s address and the dates', async () => {
    const lead = await insertLead(wien);
    const trial = await createAppointment(wien, 2, '2026-12-11T16:00:00Z', '2026-12-11T17:00:00Z');
    const res = await call('POST', `/api-lead/invite?id=${lead}&type=2`, 'writer', invitation({ invite_tr: 3, email: '', events: [trial], template: 'inv_trial', subject: 'Probetraining' }));
    const answer = res.json<InvitationAnswer>();
    expect(answer.pdf).toBe(`/api-lead/invitation-pdf?id=${answer.invitation}`);
    const pdf = await call('GET', answer.pdf!, 'reader');
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const text = pdfText(pdf.rawPayload);
    expect(text).toContain('Eva Özdemir');
    expect(text).toContain('Lindengasse 7');
    expect(text).toMatch(/11\.12\.2026.*17:00–18:00/);
    expect(text).not.toContain('##');
    expect((await call('GET', answer.pdf!, 'graz')).statusCode).toBe(404);
    const flow = async () => (await sql<{ it1: Date; it2: Date | null }>('SELECT it1, it2 FROM leads WHERE id = $1', [lead]))[0];
    expect(await flow()).toEqual({ it1: new Date('2026-12-11T16:00:00Z'), it2: null });
    // A new invitation (by phone, no appointment named): it2 = when it was made.
    const again = await call('POST', `/api-lead/invite?id=${lead}&type=2`, 'writer', invitation({ invite_tr: 1, email: '', events: [], template: 'inv_trial', subject: 'Probetraining' }));
    expect(again.json<InvitationAnswer>().pdf).toBeNull();
    expect(await flow()).toEqual({ it1: new Date('2026-12-11T16:00:00Z'), it2: NOW });
  });

  it('attendance: recorded and cleared with the version; no interest with a reason and a note', async () => {
    const lead = await insertLead(wien);
    const read = async () => (await call('GET', `/api-lead/attend?id=${lead}&type=2`, 'reader')).json<LeadAttendance>();
    const { version } = await read();
    const put = (date: string | null, v: number, user = 'writer') => call('PUT', `/api-lead/attend?id=${lead}&type=2`, user, { date, version: v });
    const saved = await put('2026-11-20T16:00:00Z', version);
    expect(saved.json()).toEqual({ success: true, version: version + 1 });
    expect((await put('2026-11-20T16:00:00Z', version)).statusCode).toBe(409);
    expect((await put('gestern', version + 1)).json()).toEqual({ error: 4, fields: { date: 'form.invalid_date' } });
    // One cannot have attended in the future (a mistyped year).
    const nextYear = new Date(Date.now() + 365 * 86_400_000).toISOString();
    expect((await put(nextYear, version + 1)).json()).toEqual({ error: 4, fields: { date: 'form.not_future' } });
    expect((await put(null, version + 1, 'reader')).statusCode).toBe(403);
    expect((await put(null, version + 1, 'graz')).statusCode).toBe(404);
    expect((await read()).date).toBe('2026-11-20T16:00:00.000Z');
    expect((await sql<{ lead_status_id: number }>('SELECT lead_status_id FROM leads WHERE id = $1', [lead]))[0]!.lead_status_id).toBe(7);
    expect((await call('GET', `/api-lead/timeline?id=${lead}`, 'reader')).json<LeadTimelineEntry[]>()).toEqual([
      expect.objectContaining({ kind: 'attendance', type: 2, dc: '2026-11-20T16:00:00.000Z' }),
    ]);
    expect((await put(null, version + 1)).statusCode).toBe(200);
    expect((await read()).date).toBeNull();

    expect((await call('POST', `/api-lead/no-interest?id=${lead}`, 'writer', { reason: 9 })).statusCode).toBe(400);
    expect((await call('POST', `/api-lead/no-interest?id=${lead}`, 'graz', { reason: 1 })).statusCode).toBe(404);
    expect((await call('POST', `/api-lead/no-interest?id=${lead}`, 'reader', { reason: 1 })).statusCode).toBe(403);
    const noInterest = await call('POST', `/api-lead/no-interest?id=${lead}`, 'writer', { reason: 1, notes: 'Budget' });
    expect(noInterest.json()).toEqual({ success: true, version: version + 3 });
    expect((await sql('SELECT lead_status_id, no_interest_reason_id FROM leads WHERE id = $1', [lead]))[0]).toEqual({ lead_status_id: 2, no_interest_reason_id: 1 });
    const timeline = (await call('GET', `/api-lead/timeline?id=${lead}`, 'reader')).json<LeadTimelineEntry[]>();
    expect(timeline[0]).toEqual(expect.objectContaining({ kind: 'note', text: 'Kein Interesse: zu teuer – Budget' }));
    expect((await call('GET', `/api-lead/timeline?id=${lead}`, 'graz')).statusCode).toBe(404);
    expect((await call('GET', `/api-lead/timeline?id=${lead}`, 'noLeads')).statusCode).toBe(403);
  });

  // Last: it moves the clock a day on (the sessions of the other tests idle out).
  it('a deferred invitation is sent once when due, by three overlapping runs of the job', async () => {
    const lead = await insertLead(wien, 'spaeter@example.test');
    const event = await createAppointment(wien, 1, '2026-12-20T17:00:00Z', '2026-12-20T18:00:00Z');
    const res = await call('POST', `/api-lead/invite?id=${lead}&type=1`, 'writer', invitation({ email: 'spaeter@example.test', events: [event], date_delivery: '2026-11-22T08:00:00Z' }));
    expect(res.json<InvitationAnswer>().status).toBe(1);
    // The job's work, called as two runners would if their runs overlapped.
    const runOnce = () => sendDueInvitationsNow(t.app);
    // Not due yet: nothing.
    expect(await runOnce()).toBe(0);
    expect((await sql<{ ie1: Date | null }>('SELECT ie1 FROM leads WHERE id = $1', [lead]))[0]!.ie1).toBeNull();

    t.clock.set(new Date('2026-11-22T08:00:01Z'));
    const before = smtp.received.length;
    const counts = await Promise.all([runOnce(), runOnce(), runOnce()]);
    expect(counts.reduce((a, b) => a + b, 0)).toBe(1);
    await t.app.mailer.idle();
    await smtp.waitFor(before + 1);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(smtp.received.filter((m) => m.envelope.to.includes('spaeter@example.test'))).toHaveLength(1);
    expect(await sql('SELECT status FROM lead_invitations WHERE lead_id = $1', [lead])).toEqual([{ status: 2 }]);
    expect((await sql<{ ie1: Date }>('SELECT ie1 FROM leads WHERE id = $1', [lead]))[0]!.ie1).toEqual(new Date('2026-12-20T17:00:00Z'));
    expect(await sql('SELECT sent_at FROM lead_invitations WHERE lead_id = $1', [lead])).toEqual([{ sent_at: new Date('2026-11-22T08:00:01Z') }]);
    t.clock.set(NOW);
  });
});
