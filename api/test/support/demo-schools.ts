import type { Backend } from './test-db.js';
import { createTestApp, type TestApp, type TestAppOptions, type UserSpec } from './test-app.js';

/** What {@link demoSchoolsApp} fills before the first test runs. */
export interface DemoSchoolsApp {
  t: TestApp;
  /** Ids of the demo schools Wien-Mitte and Graz. */
  wien: number;
  graz: number;
  /** Session cookie of each user named in the options. */
  cookies: Record<string, string>;
  /** An API call as the named user. */
  call(method: string, url: string, user: string, payload?: unknown): ReturnType<TestApp['request']>;
  /** Rows of a query run as the system (no row-level security). */
  sql<T>(text: string, params?: unknown[]): Promise<T[]>;
}

/**
 * The setup the school-scoped API tests share (microsite, calendar): the app on a fresh
 * database with the demo data, the ids of the demo schools Wien and Graz, and one signed-in
 * user per entry of `users` (their schools given by name). Registers the jest hooks that start
 * and stop it; the returned object is filled before the first test runs.
 * @example
 * const s = demoSchoolsApp(backend, { clock, users: { editor: { atoms: ['c_settings_r'], schools: ['wien'] } } });
 * it('reads', async () => expect((await s.call('GET', `/api-config/school?sid=${s.wien}`, 'editor')).statusCode).toBe(200));
 */
export function demoSchoolsApp(
  backend: Backend,
  options: Omit<TestAppOptions, 'backend' | 'seed'> & { users: Record<string, Omit<UserSpec, 'schools'> & { schools: ('wien' | 'graz')[] }> },
): DemoSchoolsApp {
  const { users, ...appOptions } = options;
  const cookies: Record<string, string> = {};
  const s = {
    cookies,
    call: (method: string, url: string, user: string, payload?: unknown) =>
      s.t.request({ method, url, payload: payload as object, headers: { cookie: cookies[user]! } }),
    sql: async <T>(text: string, params: unknown[] = []) => (await s.t.db.query<T>(text, params)).rows,
  } as DemoSchoolsApp;
  beforeAll(async () => {
    s.t = await createTestApp({ ...appOptions, backend, seed: 'demo' });
    const rows = await s.sql<{ id: number; name: string }>('SELECT id, name FROM schools ORDER BY id');
    s.wien = rows.find((r) => r.name.includes('Wien'))!.id;
    s.graz = rows.find((r) => r.name.includes('Graz'))!.id;
    for (const [name, spec] of Object.entries(users)) {
      cookies[name] = (await s.t.loginAs({ ...spec, schools: spec.schools.map((school) => s[school]) })).cookie;
    }
  });
  afterAll(async () => {
    await s.t?.close();
  });
  return s;
}
