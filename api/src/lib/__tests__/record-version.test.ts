import { ERROR } from 'shared-kernel/contracts';
import { backends, createTestDatabase, type TestDatabase } from '../../../test/support/test-db.js';
import { HttpError } from '../http-error.js';
import { bumpVersion, updateVersioned, withVersionBody } from '../record-version.js';

async function statusOf(promise: Promise<unknown>): Promise<{ status: number; error: number }> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof HttpError) return { status: error.statusCode, error: error.body.error };
    throw error;
  }
  throw new Error('expected a refusal');
}

describe.each(backends())('record versions and the German sort key on %s', (backend) => {
  let database: TestDatabase;
  let schoolA: number;
  let schoolB: number;
  let noteId: number;
  let studentId: number;

  beforeAll(async () => {
    database = await createTestDatabase(backend);
    const { db } = database;
    schoolA = (await db.query<{ id: number }>("INSERT INTO schools (name, country) VALUES ('A', 'at') RETURNING id")).rows[0].id;
    schoolB = (await db.query<{ id: number }>("INSERT INTO schools (name, country) VALUES ('B', 'at') RETURNING id")).rows[0].id;
    studentId = (
      await db.query<{ id: number }>("INSERT INTO students (school_id, firstname, lastname) VALUES ($1, 'Anna', 'Berger') RETURNING id", [schoolA])
    ).rows[0].id;
    noteId = (
      await db.query<{ id: number }>("INSERT INTO student_notes (school_id, student_id, text) VALUES ($1, $2, 'first') RETURNING id", [schoolA, studentId])
    ).rows[0].id;
  });

  afterAll(async () => {
    await database.destroy();
  });

  const noteText = async () => (await database.db.query<{ text: string; version: number }>('SELECT text, version FROM student_notes WHERE id = $1', [noteId])).rows[0];
  const scoped = <T>(schools: number[], fn: Parameters<TestDatabase['db']['scoped']>[1]) =>
    database.db.scoped({ userId: 1, schoolIds: schools }, fn) as Promise<T>;
  const saveNote = (text: string, version: number, schools = [schoolA]) =>
    scoped<number>(schools, (tx) =>
      updateVersioned(tx, { table: 'student_notes', set: 'text = $3', where: 'id = $1 AND student_id = $2', params: [noteId, studentId, text], version }),
    );

  it('saves with the version read and answers the next one; a stale version is 409 {error: 9} and changes nothing', async () => {
    const read = await noteText();
    expect(read.version).toBe(1);
    // Two editors read version 1; the first saves, the second's save is refused.
    expect(await saveNote('first editor', read.version)).toBe(2);
    expect(await statusOf(saveNote('second editor', read.version))).toEqual({ status: 409, error: ERROR.staleVersion });
    expect(await noteText()).toEqual({ text: 'first editor', version: 2 });
    // After reading again the second editor saves.
    expect(await saveNote('second editor', 2)).toBe(3);
    expect(await noteText()).toEqual({ text: 'second editor', version: 3 });
  });

  it('answers 404, not 409, for a row that is missing or of another school (row-level security)', async () => {
    const version = (await noteText()).version;
    expect(await statusOf(saveNote('other school', version, [schoolB]))).toEqual({ status: 404, error: ERROR.generic });
    expect(await statusOf(saveNote('other school', version + 5, [schoolB]))).toEqual({ status: 404, error: ERROR.generic });
    expect(
      await statusOf(scoped([schoolA], (tx) => updateVersioned(tx, { table: 'student_notes', set: 'text = $2', where: 'id = $1', params: [2147483000, 'x'], version: 1 }))),
    ).toEqual({ status: 404, error: ERROR.generic });
    expect((await noteText()).text).toBe('second editor');
  });

  it('bumps a version alone (writes spread over several statements) and uses another counter column', async () => {
    const version = (await noteText()).version;
    expect(await scoped([schoolA], (tx) => bumpVersion(tx, { table: 'student_notes', where: 'id = $1', params: [noteId], version }))).toBe(version + 1);
    const addressVersion = await scoped<number>([schoolA], (tx) =>
      updateVersioned(tx, { table: 'students', set: "city = 'Graz'", where: 'id = $1', params: [studentId], version: 1, versionColumn: 'address_version' }),
    );
    expect(addressVersion).toBe(2);
    const student = (await database.db.query('SELECT version, address_version, city FROM students WHERE id = $1', [studentId])).rows[0];
    expect(student).toEqual({ version: 1, address_version: 2, city: 'Graz' });
  });

  it('adds a required version to a route body schema', () => {
    const body = withVersionBody({ type: 'object', required: ['text'], properties: { text: { type: 'string' } } } as const);
    expect(body.required).toEqual(['text', 'version']);
    expect(body.properties.version).toEqual({ type: 'integer', minimum: 1, maximum: 2147483647 });
  });

  it('sorts German names in DIN 5007 order (variant 1) through sbo_sort_key', async () => {
    const names = ['Ebner', 'Brandt', 'Böhm', 'Binder', 'Azur', 'Ärger', 'Abel', 'Zorn', 'Öztürk', 'Otto', 'Ullrich', 'Über', 'Straße', 'Strauch', 'Élodie', 'Eder', 'Čapek', 'Cap'];
    const sorted = await database.db.query<{ n: string }>(
      'SELECT n FROM unnest($1::text[]) n ORDER BY sbo_sort_key(n), n COLLATE "C"',
      [names],
    );
    expect(sorted.rows.map((row) => row.n)).toEqual([
      'Abel', 'Ärger', 'Azur', 'Binder', 'Böhm', 'Brandt', 'Cap', 'Čapek', 'Ebner', 'Eder', 'Élodie',
      'Otto', 'Öztürk', 'Straße', 'Strauch', 'Über', 'Ullrich', 'Zorn',
    ]);
    const keys = await database.db.query<{ k: string }>(
      `SELECT sbo_sort_key(v) AS k FROM unnest($1::text[]) WITH ORDINALITY AS t(v, i) ORDER BY i`,
      [['ÄÖÜäöüß', 'ẞ', 'Éèáàçčšžćđñøåł', 'Æon Œuvre', 'A\u0308rger', 'MÜLLER', 'Đorđe']],
    );
    expect(keys.rows.map((row) => row.k)).toEqual(['aouaouss', 'ss', 'eeaaccszcdnoal', 'aeon oeuvre', 'arger', 'muller', 'dorde']);
    expect((await database.db.query('SELECT sbo_sort_key(NULL) AS k')).rows[0].k).toBeNull();
  });
});
