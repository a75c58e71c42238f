import { parseSeedArgs } from '../../cli/seed.js';
import { seedDemo } from '../demo.js';
import { generateStudents } from '../generate.js';
import { backends, createTestDatabase, type TestDatabase } from '../../../test/support/test-db.js';

jest.setTimeout(120_000);

const NOW = new Date('2026-11-21T09:30:00Z');
const N = 2000;

const digest = `SELECT md5(string_agg(concat_ws('|', school_id, firstname, lastname, dob, student_status_id, e_member_status_id, mno, zip, divisions), ',' ORDER BY id)) AS d,
                       count(*)::int AS n FROM students`;

describe.each(backends())('large-data generator on %s', (backend) => {
  let empty: TestDatabase;
  let demo: TestDatabase;

  beforeAll(async () => {
    empty = await createTestDatabase(backend);
    demo = await createTestDatabase(backend);
    await seedDemo(demo.db, { now: NOW });
  });

  afterAll(async () => {
    await empty?.destroy();
    await demo?.destroy();
  });

  it(`makes ${N} students in an empty database in reasonable time, spread over 4 new schools`, async () => {
    const result = await generateStudents(empty.db, { students: N, seed: 42, now: NOW });
    expect(result.inserted).toBe(N);
    expect(result.schoolIds).toHaveLength(4);
    // 100k take ~8 s on PGlite here; 2000 must not take more than a few seconds.
    expect(result.milliseconds).toBeLessThan(10_000);
    const perSchool = (await empty.db.query<{ n: number }>('SELECT count(*)::int AS n FROM students GROUP BY school_id')).rows;
    expect(perSchool.map((r) => r.n)).toEqual([500, 500, 500, 500]);
    const statuses = (await empty.db.query<{ s: number[] }>('SELECT array_agg(DISTINCT student_status_id ORDER BY student_status_id) AS s FROM students')).rows[0]!.s;
    expect(statuses).toEqual([1, 2, 3, 4, 5, 6]);
    const divisions = (await empty.db.query<{ d: number[] }>('SELECT divisions AS d FROM students ORDER BY id LIMIT 1')).rows[0]!.d;
    expect(divisions.length).toBeGreaterThanOrEqual(1);
  });

  it('adds to the demo schools without clashing network numbers, and is deterministic for a seed', async () => {
    const before = (await demo.db.query<{ n: number }>('SELECT count(*)::int AS n FROM students')).rows[0]!.n;
    await generateStudents(demo.db, { students: 300, seed: 7, schools: 2, now: NOW });
    const counts = (await demo.db.query<{ school_id: number; n: number }>('SELECT school_id, count(*)::int AS n FROM students GROUP BY school_id ORDER BY school_id')).rows;
    expect(counts.reduce((sum, r) => sum + r.n, 0)).toBe(before + 300);
    expect(counts.map((r) => r.n)).toEqual([40 + 150, 40 + 150, 40, 40]);
    const duplicates = (await demo.db.query<{ n: number }>('SELECT count(*)::int AS n FROM (SELECT mno FROM students WHERE mno IS NOT NULL GROUP BY mno HAVING count(*) > 1) d')).rows[0]!.n;
    expect(duplicates).toBe(0);

    const again = await createTestDatabase(backend);
    try {
      await generateStudents(again.db, { students: N, seed: 42, now: NOW });
      const a = (await empty.db.query(digest)).rows[0];
      const b = (await again.db.query(digest)).rows[0];
      expect(b).toEqual(a);
    } finally {
      await again.destroy();
    }
  });
});

describe('seed CLI arguments', () => {
  it('reads --students, --seed (default 42) and --schools', () => {
    expect(parseSeedArgs(['--students', '100000'])).toEqual({ students: 100000, seed: 42, schools: undefined });
    expect(parseSeedArgs(['--students=10', '--seed', '7', '--schools', '2'])).toEqual({ students: 10, seed: 7, schools: 2 });
  });

  it('refuses missing or bad values with the usage line', () => {
    expect(() => parseSeedArgs([])).toThrow(/--students is required/);
    expect(() => parseSeedArgs(['--students', 'many'])).toThrow(/whole number/);
    expect(() => parseSeedArgs(['--students', '5', '--color', 'red'])).toThrow(/unknown argument/);
  });
});
