import type { Appointment, SchoolCalendar } from 'shared-kernel/contracts';
import { demoSchoolsApp } from '../../../../test/support/demo-schools.js';
import { backends, createClock } from '../../../../test/support/test-app.js';

jest.setTimeout(180_000);

const NOW = new Date('2026-11-21T09:30:00Z');

describe.each(backends())('school calendar and appointments on %s', (backend) => {
  const s = demoSchoolsApp(backend, {
    clock: createClock(NOW),
    users: {
      calendar: { atoms: ['c_settings_r', 'c_news_r'], schools: ['wien'] },
      noNews: { atoms: ['c_settings_r'], schools: ['wien'] },
      leads: { atoms: ['lead_r'], schools: ['wien'] },
      nothing: { atoms: ['c_news_r', 'team_r'], schools: ['wien'] },
    },
  });
  const { sql } = s;
  let wien: number;
  let graz: number;
  beforeAll(() => {
    ({ wien, graz } = s);
  });
  const get = (url: string, user: string) => s.call('GET', url, user);
  const appointment = async (school: number, type: number, ds: string, de: string) =>
    (await sql<{ id: number }>('INSERT INTO appointments (school_id, type, ds, de) VALUES ($1, $2, $3, $4) RETURNING id', [school, type, ds, de]))[0]!.id;
  const range = (from: string, to: string) => `from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}`;

  it('ie-next: the upcoming appointments of one type, soonest first, only of the school asked for', async () => {
    const later = await appointment(wien, 1, '2026-12-10T17:00:00Z', '2026-12-10T18:30:00Z');
    const sooner = await appointment(wien, 1, '2026-11-28T17:00:00Z', '2026-11-28T18:30:00Z');
    await appointment(wien, 1, '2026-11-14T17:00:00Z', '2026-11-14T18:30:00Z'); // past
    await appointment(wien, 2, '2026-11-25T16:00:00Z', '2026-11-25T17:00:00Z'); // a trial
    await appointment(graz, 1, '2026-11-26T17:00:00Z', '2026-11-26T18:30:00Z'); // another school

    const res = await get(`/api-content/ie-next?sid=${wien}&type=1`, 'leads');
    expect(res.statusCode).toBe(200);
    const rows = res.json<{ rows: Appointment[] }>().rows;
    expect(rows.map((row) => row.id)).toEqual([sooner, later]);
    expect(rows[0]).toEqual({ id: sooner, sid: wien, type: 1, ds: '2026-11-28T17:00:00.000Z', de: '2026-11-28T18:30:00.000Z', status: 1 });
    expect((await get(`/api-content/ie-next?sid=${wien}&type=2`, 'leads')).json<{ rows: Appointment[] }>().rows).toHaveLength(1);

    expect((await get(`/api-content/ie-next?sid=${graz}&type=1`, 'leads')).statusCode).toBe(404);
    expect((await get(`/api-content/ie-next?sid=${wien}&type=1`, 'calendar')).statusCode).toBe(403);
    expect((await get(`/api-content/ie-next?sid=${wien}&type=3`, 'leads')).statusCode).toBe(400);
    expect((await get(`/api-content/ie-next?sid=${wien}&type=1&x=1`, 'leads')).statusCode).toBe(400);
  });

  it('calendar: timetable, appointments overlapping the range and news publish dates (with c_news_r)', async () => {
    const inside = await appointment(wien, 2, '2026-12-02T16:00:00Z', '2026-12-02T17:00:00Z');
    const overlapping = await appointment(wien, 1, '2026-11-30T22:30:00Z', '2026-12-01T00:30:00Z');
    await appointment(wien, 1, '2027-01-15T17:00:00Z', '2027-01-15T18:00:00Z'); // after the range
    const news = await sql<{ content_id: number }>(
      `INSERT INTO news (school_id, visibility, title, date_published, active) VALUES
         ($1, 1, 'Weihnachtsfeier', '2026-12-05T08:00:00Z', true),
         ($1, 1, 'Entwurf', '2026-12-06T08:00:00Z', false),
         ($2, 1, 'Graz intern', '2026-12-07T08:00:00Z', true),
         ($2, 4, 'Für alle Schulen', '2026-12-08T08:00:00Z', true)
       RETURNING content_id`,
      [wien, graz],
    );
    // Up to 10 December (the info event of the first test on the 10th is after it).
    const url = `/api-content/calendar?sid=${wien}&${range('2026-11-30T23:00:00Z', '2026-12-09T23:00:00Z')}`;
    const res = await get(url, 'calendar');
    expect(res.statusCode).toBe(200);
    const calendar = res.json<SchoolCalendar>();
    expect(calendar.timetable.length).toBeGreaterThan(0);
    expect(calendar.timetable[0]).toEqual(expect.objectContaining({ id: expect.any(Number), pid: expect.any(Number), ts: expect.stringMatching(/^\d\d:\d\d$/) }));
    expect(calendar.appointments.map((row) => row.id)).toEqual([overlapping, inside]);
    expect(calendar.news).toEqual([
      { content_id: news[0]!.content_id, title: 'Weihnachtsfeier', date_published: '2026-12-05T08:00:00.000Z' },
      { content_id: news[3]!.content_id, title: 'Für alle Schulen', date_published: '2026-12-08T08:00:00.000Z' },
    ]);

    const withoutNews = (await get(url, 'noNews')).json<SchoolCalendar>();
    expect(withoutNews.news).toBeNull();
    expect(withoutNews.appointments).toHaveLength(2);
  });

  it('calendar: refuses another school, a user without c_settings_r and bad ranges', async () => {
    const month = range('2026-11-30T23:00:00Z', '2026-12-31T23:00:00Z');
    expect((await get(`/api-content/calendar?sid=${graz}&${month}`, 'calendar')).statusCode).toBe(404);
    expect((await get(`/api-content/calendar?sid=${wien}&${month}`, 'nothing')).statusCode).toBe(403);
    const backwards = await get(`/api-content/calendar?sid=${wien}&${range('2026-12-31T23:00:00Z', '2026-11-30T23:00:00Z')}`, 'calendar');
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json()).toEqual(expect.objectContaining({ fields: { to: expect.any(String) } }));
    expect((await get(`/api-content/calendar?sid=${wien}&${range('2026-01-01T00:00:00Z', '2026-06-01T00:00:00Z')}`, 'calendar')).statusCode).toBe(400);
    expect((await get(`/api-content/calendar?sid=${wien}&from=gestern&to=heute`, 'calendar')).statusCode).toBe(400);
  });
});
