import type { Db, Queryable } from '../db/index.js';
import { addDays, addMonths, at, firstOfMonth, schoolDate } from './dates.js';
import { insertRows } from './insert-rows.js';
import { CITIES, FEMALE_FIRST_NAMES, LAST_NAMES, MALE_FIRST_NAMES, type CityStreets } from './names.js';
import { mulberry32, SeededRandom } from './random.js';

/** Options of {@link generateStudents}. */
export interface GenerateStudentsOptions {
  /** How many students to add. */
  students: number;
  /** PRNG seed: the same seed (on the same schools) gives the same students. */
  seed: number;
  /**
   * Spread the students over this many schools: the first N existing schools, creating
   * more when fewer exist. Default: every existing school, or 4 new ones in an empty database.
   */
  schools?: number;
  /** Reference date for ages and entry dates (default: now). */
  now?: Date;
  /** Rows per INSERT statement (default 5000). */
  batchSize?: number;
}

/** What {@link generateStudents} did. */
export interface GenerateStudentsResult {
  inserted: number;
  schoolIds: number[];
  milliseconds: number;
}

const CITY_KEYS = Object.keys(CITIES) as (keyof typeof CITIES)[];

/** Status mix of a large school: mostly active, some of every other status. */
const STATUS_WEIGHTS = [[2, 62], [1, 4], [3, 6], [4, 14], [5, 8], [6, 6]] as const;

/**
 * A PostgreSQL array literal of scalars ('{1,2}', '{"a","b"}'), so a whole column travels as
 * one text parameter and `unnest` spreads it: one statement per batch with a fixed number of
 * parameters, equally fast on PGlite and a server.
 */
function arrayLiteral(values: readonly (string | number | boolean | null)[]): string {
  return `{${values
    .map((value) => {
      if (value === null) return 'NULL';
      if (typeof value !== 'string') return String(value);
      return `"${value.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;
    })
    .join(',')}}`;
}

/** Column name, SQL element type, and how to get the value from a generated student. */
const COLUMNS = [
  ['school_id', 'int'], ['salutation_id', 'smallint'], ['firstname', 'text'], ['lastname', 'text'],
  ['email', 'text'], ['phone_cellphone', 'text'], ['dob', 'date'], ['street', 'text'], ['house_no', 'text'],
  ['zip', 'text'], ['city', 'text'], ['country_iso', 'text'], ['lat', 'float8'], ['long', 'float8'],
  ['student_status_id', 'smallint'], ['e_member_status_id', 'smallint'], ['mno', 'text'],
  ['e_entry_date', 'date'], ['e_cancel_date', 'date'], ['divisions', 'text'], ['network_flag', 'boolean'],
  ['created_at', 'timestamptz'], ['updated_at', 'timestamptz'],
] as const;

type ColumnName = (typeof COLUMNS)[number][0];
type GeneratedStudent = Record<ColumnName, string | number | boolean | null>;

const INSERT_SQL =
  `INSERT INTO students (${COLUMNS.map(([name]) => name).join(', ')}) ` +
  `SELECT ${COLUMNS.map(([name]) => (name === 'divisions' ? 'divisions::int[]' : name)).join(', ')} ` +
  `FROM unnest(${COLUMNS.map(([, type], i) => `$${i + 1}::${type}[]`).join(', ')}) ` +
  `AS t(${COLUMNS.map(([name]) => name).join(', ')})`;

interface SchoolInfo {
  id: number;
  country: 'at' | 'de';
  city: CityStreets;
}

async function ensureSchools(tx: Queryable, wanted: number | undefined, rnd: SeededRandom): Promise<SchoolInfo[]> {
  const existing = (await tx.query<{ id: number; country: 'at' | 'de'; city: string }>(
    'SELECT id, country, city FROM schools ORDER BY id',
  )).rows;
  const count = wanted ?? (existing.length || 4);
  const chosen = existing.slice(0, count);
  for (let i = chosen.length; i < count; i++) {
    const key = CITY_KEYS[i % CITY_KEYS.length]!;
    const city = CITIES[key];
    const country = key === 'wien' || key === 'graz' ? 'at' : 'de';
    const [row] = await insertRows<{ id: number }>(tx, 'schools', [{
      name: `Kampfkunstschule ${city.city} ${i + 1}`, country, street: rnd.pick(city.streets), house_no: String(rnd.int(1, 99)),
      zip: city.zips[0], city: city.city, lat: city.lat, long: city.long, email: '', phone: '',
    }]);
    chosen.push({ id: row!.id, country, city: city.city });
  }
  return chosen.map((school) => ({
    id: school.id,
    country: school.country,
    city: Object.values(CITIES).find((c) => c.city === school.city) ?? CITIES[school.country === 'at' ? 'wien' : 'muenchen'],
  }));
}

function memberStatus(rnd: SeededRandom, status: number): number | null {
  switch (status) {
    case 1: return null;
    case 2: return rnd.weighted([[1, 30], [10, 1], [3, 1]]);
    case 3: return 7;
    case 4: return rnd.weighted([[2, 3], [6, 1], [9, 1]]);
    case 5: return rnd.weighted([[6, 2], [8, 1]]);
    default: return rnd.weighted([[1, 2], [2, 1]]);
  }
}

/**
 * Adds many realistic students (names, addresses, ages, statuses, network data) for load
 * tests and benchmarks, in batches of multi-row inserts inside one transaction. 100k
 * students take a few seconds on PGlite and on PostgreSQL. Deterministic for a seed.
 */
export async function generateStudents(db: Db, opts: GenerateStudentsOptions): Promise<GenerateStudentsResult> {
  if (!Number.isInteger(opts.students) || opts.students < 0) throw new Error('students must be a whole number >= 0');
  if (opts.schools !== undefined && (!Number.isInteger(opts.schools) || opts.schools < 1)) throw new Error('schools must be a whole number >= 1');
  const started = Date.now();
  const rnd = new SeededRandom(mulberry32(opts.seed));
  const today = schoolDate(opts.now ?? new Date());
  const batchSize = opts.batchSize ?? 5000;

  return db.transaction(async (tx) => {
    const schools = await ensureSchools(tx, opts.schools, rnd);
    await tx.query(`SELECT set_config('app.school_ids', $1, true)`, [schools.map((s) => s.id).join(',')]);
    // Network numbers continue after the existing ones, so they stay unique.
    const offset = (await tx.query<{ n: number }>('SELECT count(*)::int AS n FROM students')).rows[0]!.n;
    const createdAt = at(today, 3);

    for (let start = 0; start < opts.students; start += batchSize) {
      const size = Math.min(batchSize, opts.students - start);
      const columns = new Map<ColumnName, (string | number | boolean | null)[]>(COLUMNS.map(([name]) => [name, []]));
      for (let i = 0; i < size; i++) {
        const school = schools[(start + i) % schools.length]!;
        const student = makeStudent(rnd, school, today, offset + start + i, createdAt);
        for (const [name] of COLUMNS) columns.get(name)!.push(student[name]);
      }
      await tx.query(INSERT_SQL, COLUMNS.map(([name]) => arrayLiteral(columns.get(name)!)));
    }
    return { inserted: opts.students, schoolIds: schools.map((s) => s.id), milliseconds: Date.now() - started };
  });
}

function makeStudent(rnd: SeededRandom, school: SchoolInfo, today: string, serial: number, createdAt: string): GeneratedStudent {
  const female = rnd.chance(0.45);
  const firstname = rnd.pick(female ? FEMALE_FIRST_NAMES : MALE_FIRST_NAMES);
  const lastname = rnd.pick(LAST_NAMES);
  const status = rnd.weighted(STATUS_WEIGHTS);
  const member = memberStatus(rnd, status);
  const kid = rnd.chance(0.4);
  const city = school.city;
  const cc = school.country.toUpperCase();
  const ascii = (value: string) => value.toLowerCase().replace(/ä/g, 'ae').replace(/ö/g, 'oe').replace(/ü/g, 'ue').replace(/ß/g, 'ss');
  const divisions = rnd.sample([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14], rnd.int(1, 2)).sort((a, b) => a - b);
  return {
    school_id: school.id,
    salutation_id: female ? 1 : 2,
    firstname,
    lastname,
    email: `${ascii(firstname)}.${ascii(lastname)}.${serial}@example.com`,
    phone_cellphone: cc === 'AT' ? `+43 664 ${rnd.digits(7)}` : `+49 151 ${rnd.digits(8)}`,
    dob: addDays(addMonths(today, -12 * (kid ? rnd.int(6, 16) : rnd.int(18, 60))), -rnd.int(0, 364)),
    street: rnd.pick(city.streets),
    house_no: String(rnd.int(1, 180)),
    zip: rnd.pick(city.zips),
    city: city.city,
    country_iso: school.country,
    lat: Math.round((city.lat + (rnd.next() - 0.5) * 0.1) * 1e6) / 1e6,
    long: Math.round((city.long + (rnd.next() - 0.5) * 0.15) * 1e6) / 1e6,
    student_status_id: status,
    e_member_status_id: member,
    mno: member === null ? null : `${cc}-${1_000_000 + serial}`,
    e_entry_date: member === null ? null : firstOfMonth(addMonths(today, -rnd.int(1, 120))),
    e_cancel_date: member !== null && [2, 6, 8, 9].includes(member) ? addDays(today, -rnd.int(1, 700)) : null,
    divisions: arrayLiteral(divisions),
    network_flag: rnd.chance(0.03),
    created_at: createdAt,
    updated_at: createdAt,
  };
}
