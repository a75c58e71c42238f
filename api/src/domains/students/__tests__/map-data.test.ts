import { MAP_DATA_MAX_POINTS, type FilterEntry, type MapDataResponse, type StudentListResponse, type StudentListRow } from 'shared-kernel/contracts';
import { DEMO_PASSWORD } from '../../../seed/demo.js';
import { atomsExcept, backends, createClock, createSchool, createTestApp, type TestApp } from '../../../../test/support/test-app.js';

jest.setTimeout(240_000);

const NOW = new Date('2026-11-21T09:30:00Z');

describe.each(backends())('POST /api-base/map-data on %s', (backend) => {
  let t: TestApp;
  let schools: Record<'wien' | 'graz' | 'muenchen' | 'berlin', number>;
  const cookies: Record<string, string> = {};
  /** Students whose coordinates the test removed or broke (not on the map). */
  let unlocated: number[];

  const call = (user: string | null, payload: unknown) =>
    t.request({ method: 'POST', url: '/api-base/map-data', headers: user ? { cookie: cookies[user]! } : {}, payload: payload as object });
  const mapData = async (user: string, filtered: FilterEntry[]) => {
    const res = await call(user, { filtered });
    expect(res.statusCode).toBe(200);
    return res.json<MapDataResponse>();
  };
  /** Every row the student list answers for these filters (all pages). */
  const listAll = async (user: string, filtered: FilterEntry[]) => {
    const rows: StudentListRow[] = [];
    for (let page = 0; ; page++) {
      const res = await t.request({
        method: 'POST', url: '/api-student/list', headers: { cookie: cookies[user]! },
        payload: { page, pageSize: 100, sorted: [], filtered },
      });
      expect(res.statusCode).toBe(200);
      const body = res.json<StudentListResponse>();
      rows.push(...body.rows);
      if (page + 1 >= body.pages) return { rows, total: body.total };
    }
  };
  const sql = async <T>(text: string, params: unknown[] = []) => (await t.db.query<T>(text, params)).rows;

  beforeAll(async () => {
    t = await createTestApp({ backend, seed: 'demo', clock: createClock(NOW) });
    const rows = await sql<{ id: number; name: string }>('SELECT id, name FROM schools ORDER BY id');
    const idOf = (part: string) => rows.find((r) => r.name.includes(part))!.id;
    schools = { wien: idOf('Wien'), graz: idOf('Graz'), muenchen: idOf('München'), berlin: idOf('Berlin') };
    for (const user of ['admin', 'office', 'trainer']) cookies[user] = await t.login(user, DEMO_PASSWORD);
    cookies.noStudents = (await t.loginAs({ atoms: atomsExcept(['student_r']) })).cookie;
    cookies.onlyStudents = (await t.loginAs({ atoms: ['student_r'] })).cookie;
    // Some students of every school without a position: no coordinates or only one (the map
    // must leave them out, and count them). Values that are no place on earth (or NaN) are
    // refused by the database itself (migration 006).
    const picked = await sql<{ id: number }>(
      `SELECT id FROM (SELECT id, row_number() OVER (PARTITION BY school_id ORDER BY id) AS n FROM students) s
        WHERE n IN (2, 5, 9) ORDER BY id`,
    );
    unlocated = picked.map((row) => row.id);
    const [none, half] = [unlocated.filter((_, i) => i % 2 === 0), unlocated.filter((_, i) => i % 2 === 1)];
    await sql('UPDATE students SET lat = NULL, long = NULL WHERE id = ANY($1::int[])', [none]);
    await sql('UPDATE students SET long = NULL WHERE id = ANY($1::int[])', [half]);
    for (const bad of ["lat = 91", "long = 200", "lat = 'NaN'"]) {
      await expect(sql(`UPDATE students SET ${bad} WHERE id = $1`, [half[0]])).rejects.toThrow(/students_(lat|long)_range/);
    }
  });

  afterAll(async () => {
    await t?.close();
  });

  it('answers every located student by id with name, city, status and coordinates, and counts the others', async () => {
    const body = await mapData('office', []);
    const expected = await sql<{ id: number; fn: string; ln: string; c: string | null; sst: number; lat: number; long: number }>(
      `SELECT id, firstname AS fn, lastname AS ln, city AS c, student_status_id::int AS sst, lat, long
         FROM students WHERE NOT (id = ANY($1::int[])) ORDER BY id`,
      [unlocated],
    );
    const all = await sql<{ n: number }>('SELECT count(*)::int AS n FROM students');
    expect(expected.length).toBeGreaterThan(100); // more than the list's largest page
    expect(body.points).toEqual(expected);
    expect(body.total).toBe(all[0]!.n);
    expect(body.withoutPosition).toBe(unlocated.length);
    expect(body.capped).toBe(false);
    expect(Object.keys(body.points[0]!).sort()).toEqual(['c', 'fn', 'id', 'lat', 'ln', 'long', 'sst']);
  });

  it('filters exactly like the student list (same ids, same values)', async () => {
    const someone = (await sql<{ ln: string; fn: string; mno: string; zip: string }>(
      'SELECT lastname AS ln, firstname AS fn, mno, zip FROM students WHERE mno IS NOT NULL AND id <> ALL($1::int[]) ORDER BY id LIMIT 1',
      [unlocated],
    ))[0]!;
    const division = (await sql<{ d: number }>('SELECT divisions[1] AS d FROM students WHERE cardinality(divisions) > 0 ORDER BY id LIMIT 1'))[0]!.d;
    const filters: FilterEntry[][] = [
      [{ id: 'sst', value: 2 }],
      [{ id: 'sst', value: [2, 3] }, { id: 'sid', value: schools.wien }],
      [{ id: 'ms', value: 1 }],
      [{ id: 'ln', value: someone.ln.slice(0, 2).toUpperCase() }],
      [{ id: 'fn', value: someone.fn.slice(0, 3) }],
      [{ id: 'q', value: someone.mno }],
      [{ id: 'z', value: someone.zip.slice(0, 2) }],
      [{ id: 'c', value: 'gr' }],
      [{ id: 'p', value: division }],
      [{ id: 'sid', value: schools.berlin }, { id: 'ln', value: '' }],
      [{ id: 'ln', value: 'zzzz-nobody' }],
    ];
    for (const filtered of filters) {
      const [body, list] = await Promise.all([mapData('office', filtered), listAll('office', filtered)]);
      const located = list.rows.filter((row) => !unlocated.includes(row.id)).map((row) => row.id).sort((a, b) => a - b);
      expect([filtered, body.points.map((point) => point.id)]).toEqual([filtered, located]);
      expect([filtered, body.total, body.withoutPosition]).toEqual([filtered, list.total, list.total - located.length]);
    }
  });

  it('gives the trainer (Graz only) only the students of Graz, also when asking for another school', async () => {
    const body = await mapData('trainer', []);
    const graz = await sql<{ id: number }>('SELECT id FROM students WHERE school_id = $1 AND id <> ALL($2::int[]) ORDER BY id', [schools.graz, unlocated]);
    expect(body.points.map((point) => point.id)).toEqual(graz.map((row) => row.id));
    expect(body.total).toBe(graz.length + 3);
    expect(body.withoutPosition).toBe(3);
    expect(body.points.every((point) => point.c === 'Graz')).toBe(true);

    const other = await mapData('trainer', [{ id: 'sid', value: schools.wien }]);
    expect(other).toEqual({ points: [], total: 0, withoutPosition: 0, capped: false });
  });

  it('needs a session (401) and the right student_r (403)', async () => {
    expect((await call(null, { filtered: [] })).statusCode).toBe(401);
    const forbidden = await call('noStudents', { filtered: [] });
    expect(forbidden.statusCode).toBe(403);
    const allowed = await call('onlyStudents', { filtered: [] });
    expect(allowed.statusCode).toBe(200);
  });

  it('answers 400 (error 4) to bad filters and bodies', async () => {
    for (const payload of [
      {},
      { filtered: 'sst=2' },
      { filtered: [{ id: 'sst' }] },
      { filtered: [{ id: 'password_hash', value: 'x' }] },
      { filtered: [{ id: 'lower(lastname)', value: 'a' }] },
      { filtered: [{ id: 'sst', value: 'active' }] },
      { filtered: [{ id: 'sid', value: -1 }] },
      { filtered: [{ id: 'q', value: 'a' }] },
      { filtered: [{ id: 'ln', value: { $ne: 1 } }] },
      { filtered: [{ id: 'ln', value: 'x'.repeat(101) }] },
      { filtered: [{ id: 'sst', value: 1, extra: true }] },
      { filtered: [], page: 0 },
      { filtered: Array.from({ length: 21 }, () => ({ id: 'sst', value: 1 })) },
    ]) {
      const res = await call('office', payload);
      expect([payload, res.statusCode, res.json().error]).toEqual([payload, 400, 4]);
    }
  });

  it(`stops at ${MAP_DATA_MAX_POINTS} points and says so`, async () => {
    // A school with more located students than one answer holds (plus two without position).
    const big = await createSchool(t.db, 'Großschule Linz');
    await sql(
      `INSERT INTO students (school_id, firstname, lastname, city, lat, long)
       SELECT $1, 'Vorname' || n, 'Nachname' || n, 'Linz',
              CASE WHEN n <= 2 THEN NULL ELSE 48.3 + n / 1e6 END, 14.29
         FROM generate_series(1, $2::int + 3) AS n`,
      [big, MAP_DATA_MAX_POINTS],
    );
    // A user of all schools who signs in now (and so knows the new school).
    cookies.all = (await t.loginAs({ atoms: ['student_r'] })).cookie;
    const body = await mapData('all', [{ id: 'sid', value: big }]);
    const firstIds = await sql<{ id: number }>(
      'SELECT id FROM students WHERE school_id = $1 AND lat IS NOT NULL ORDER BY id LIMIT $2',
      [big, MAP_DATA_MAX_POINTS],
    );
    expect(body.capped).toBe(true);
    expect(body.total).toBe(MAP_DATA_MAX_POINTS + 3);
    expect(body.withoutPosition).toBe(2);
    expect(body.points).toHaveLength(MAP_DATA_MAX_POINTS);
    expect(body.points.map((point) => point.id)).toEqual(firstIds.map((row) => row.id));
  });
});
