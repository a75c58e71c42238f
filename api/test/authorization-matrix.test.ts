import type { Access, RouteAccessEntry } from '../src/auth/access.js';
import { resourceFixture } from './support/resources.js';
import { apiRoutes, buildBody, buildUrl } from './support/route-samples.js';
import { atomsExcept, backends, createSchool, createTestApp, createUser, type TestApp } from './support/test-app.js';

type Declared = Exclude<Access, 'public' | 'session'>;

/** What a user needs to pass (level-3 user with exactly these atoms, or the level). */
function sufficientUser(access: Declared) {
  if (access.maxLevel) return { level: access.maxLevel } as const;
  return { level: 3 as const, atoms: [...(access.atoms ?? []), ...(access.anyAtom?.slice(0, 1) ?? [])] };
}

/** A user that lacks what the route needs, or null when nothing can be lacking. */
function insufficientUser(access: Declared) {
  if (access.maxLevel) return { level: (access.maxLevel + 1) as 2 | 3, atoms: atomsExcept([]) };
  const missing = [...(access.atoms ?? []).slice(0, 1), ...(access.anyAtom ?? [])];
  if (!missing.length) return null;
  return { level: 3 as const, atoms: atomsExcept(missing) };
}

/** The user account or role a route acts on (`?id`), if it declares one. */
function managedTargetOf(entry: RouteAccessEntry) {
  return typeof entry.access === 'object' ? entry.access.managedTarget : undefined;
}

/**
 * Whether an answer is the access guard's refusal. The association's documents answer 403
 * {error: 30} by their own rule (the account is not linked with a membership number, which
 * the matrix users never are): that is let through the guard, not refused by it.
 */
function refusedByGuard(res: { statusCode: number; json(): { error?: number } }): boolean {
  if (res.statusCode === 401) return true;
  return res.statusCode === 403 && res.json().error !== 30;
}

function label(entry: RouteAccessEntry) {
  return `${entry.method} ${entry.url}`;
}

/**
 * Routes that serve a read and a write under one path: the declaration names the read right
 * and the handler asks for the write atom when the body is the writing variant (POST
 * /api-fin/dd: the preview needs finance_r, generating finance_w as well). This matrix checks
 * the declarations, so it calls them with the reading variant; spec-authorization.test.ts
 * checks both variants against the spec's tables.
 */
const READING_VARIANT: Record<string, Record<string, unknown>> = {
  'POST /api-fin/dd': { preview: true },
};

/**
 * Generated from the route declarations (app.routeAccess): every API route is checked, so a
 * new route is covered without anyone writing a test for it.
 */
describe.each(backends())('authorization matrix on %s', (backend) => {
  let t: TestApp;
  let routes: RouteAccessEntry[];
  let ownSchool: number;
  let otherSchool: number;
  const cookies = new Map<string, string>();

  const cookieFor = async (spec: { level: 1 | 2 | 3; atoms?: readonly string[] }, schools?: number[]) => {
    const key = JSON.stringify([spec, schools]);
    if (!cookies.has(key)) {
      const user = await t.loginAs({ level: spec.level, atoms: spec.atoms as never, schools });
      cookies.set(key, user.cookie);
    }
    return cookies.get(key)!;
  };

  const call = (entry: RouteAccessEntry, cookie?: string, overrides: Record<string, unknown> = {}) =>
    t.request({
      method: entry.method,
      url: buildUrl(entry, overrides),
      headers: cookie ? { cookie } : {},
      payload: buildBody(entry, {
        ...READING_VARIANT[label(entry)],
        ...(entry.access !== 'public' && typeof entry.access === 'object' && entry.access.scopedId?.in === 'body' ? overrides : {}),
      }),
    });

  beforeAll(async () => {
    t = await createTestApp({ backend });
    routes = apiRoutes(t.app.routeAccess);
    ownSchool = await createSchool(t.db, 'Own school', 'at');
    otherSchool = await createSchool(t.db, 'Other school', 'de');
  });
  afterAll(async () => {
    await t?.close();
  });

  it('collects a declaration for every route and finds the core routes', () => {
    const names = routes.map(label);
    for (const expected of ['POST /api-auth/login', 'GET /api-user/data', 'DELETE /api-base/role', 'GET /api-application-state/get-state']) {
      expect(names).toContain(expected);
    }
  });

  it('refuses to start when a route declares no access', async () => {
    const { buildApp } = await import('../src/app.js');
    const app = buildApp(t.config, { db: t.db, logger: false });
    app.register(async (instance) => {
      instance.get('/api-undeclared', async () => 'open');
    });
    await expect(app.ready()).rejects.toThrow(/declares no config.access/);
  });

  it('anonymous callers get 401 {error: 2} on every non-public route', async () => {
    const failures: string[] = [];
    for (const entry of routes.filter((r) => r.access !== 'public')) {
      const res = await call(entry);
      if (res.statusCode !== 401 || res.json().error !== 2) failures.push(`${label(entry)} -> ${res.statusCode}`);
    }
    expect(failures).toEqual([]);
  });

  it('a session without the atom or level gets 403 {error: 3}', async () => {
    const failures: string[] = [];
    for (const entry of routes) {
      if (typeof entry.access !== 'object') continue;
      const lacking = insufficientUser(entry.access);
      if (!lacking) continue;
      const res = await call(entry, await cookieFor(lacking));
      if (res.statusCode !== 403 || res.json().error !== 3) failures.push(`${label(entry)} -> ${res.statusCode}`);
    }
    expect(failures).toEqual([]);
  });

  it('a session with the atom or level is let through (neither 401 nor 403)', async () => {
    const failures: string[] = [];
    for (const entry of routes) {
      if (entry.access === 'public') continue;
      const spec = entry.access === 'session' ? { level: 3 as const, atoms: [] } : sufficientUser(entry.access);
      const res = await call(entry, await cookieFor(spec));
      if (refusedByGuard(res) || res.statusCode >= 500) failures.push(`${label(entry)} -> ${res.statusCode} ${res.body}`);
    }
    expect(failures).toEqual([]);
  });

  /**
   * The fifth identity: an admin limited to one school (level 2, schools [own school]) —
   * the account issue 10 found taking over all-schools users. Every route is tried with him:
   * what the declaration lets through must let him through, and the user-management rule
   * (domains/users/user-policy.ts) must keep him to the accounts and roles he may manage.
   * Public routes do not depend on the caller and are covered by the tests above.
   */
  describe('a school-limited admin (level 2, one school)', () => {
    const schoolAdmin = { level: 2 as const };
    let cookie: string;
    /** Ids he may act on: a level-3 user of his school, and a role only that user holds. */
    let manageable: { user: number; role: number };
    /** Accounts he may not act on, by what they are. */
    let foreignUsers: Record<string, number>;
    /** A role held by a user with all schools. */
    let foreignRole: number;

    const roleOf = async (userId: number) =>
      (await t.db.query<{ role_id: number }>('SELECT role_id FROM users WHERE id = $1', [userId])).rows[0].role_id;

    beforeAll(async () => {
      cookie = await cookieFor(schoolAdmin, [ownSchool]);
      const ownUser = await createUser(t.db, { atoms: ['student_r'], schools: [ownSchool] });
      manageable = { user: ownUser.id, role: await roleOf(ownUser.id) };
      const allSchoolsUser = await createUser(t.db, { atoms: ['student_r'] });
      foreignUsers = {
        'a level-3 user with all schools': allSchoolsUser.id,
        'a level-3 user of another school': (await createUser(t.db, { atoms: [], schools: [otherSchool] })).id,
        'a level-3 user of his and another school': (await createUser(t.db, { atoms: [], schools: [ownSchool, otherSchool] })).id,
        'another admin of his school': (await createUser(t.db, { level: 2, schools: [ownSchool] })).id,
        'the superadmin': (await createUser(t.db, { level: 1 })).id,
      };
      foreignRole = await roleOf(allSchoolsUser.id);
    });

    it('is refused the superadmin-only routes and let through every other route (neither 401, 403 nor 5xx)', async () => {
      const failures: string[] = [];
      for (const entry of routes) {
        if (entry.access === 'public') continue;
        const target = managedTargetOf(entry);
        const overrides = target ? { [target.name]: target.kind === 'user' ? manageable.user : manageable.role } : {};
        const res = await call(entry, cookie, overrides);
        const superadminOnly = typeof entry.access === 'object' && entry.access.maxLevel === 1;
        if (superadminOnly) {
          if (res.statusCode !== 403 || res.json().error !== 3) failures.push(`${label(entry)} (superadmin only) -> ${res.statusCode}`);
        } else if (refusedByGuard(res) || res.statusCode >= 500) {
          failures.push(`${label(entry)} -> ${res.statusCode} ${res.body}`);
        }
      }
      expect(failures).toEqual([]);
    });

    it('finds no account he may not manage (404) on every route acting on a user', async () => {
      const failures: string[] = [];
      const checked: string[] = [];
      for (const entry of routes) {
        const target = managedTargetOf(entry);
        if (target?.kind !== 'user') continue;
        checked.push(label(entry));
        const superadminOnly = typeof entry.access === 'object' && entry.access.maxLevel === 1;
        for (const [what, id] of Object.entries(foreignUsers)) {
          const res = await call(entry, cookie, { [target.name]: id });
          const expected = superadminOnly ? 403 : 404;
          if (res.statusCode !== expected) failures.push(`${label(entry)} on ${what} -> ${res.statusCode} (expected ${expected})`);
        }
      }
      expect(checked).toEqual(expect.arrayContaining(['GET /api-user/data', 'PUT /api-user/data', 'DELETE /api-user/data', 'PUT /api-user/cpw']));
      expect(failures).toEqual([]);
    });

    it('reads a role used outside his school as read-only and may neither change nor delete it (403 {error: 13})', async () => {
      const failures: string[] = [];
      const checked: string[] = [];
      for (const entry of routes) {
        const target = managedTargetOf(entry);
        if (target?.kind !== 'role') continue;
        checked.push(label(entry));
        const res = await call(entry, cookie, { [target.name]: foreignRole });
        if (entry.method === 'GET') {
          const body = res.statusCode === 200 ? res.json() : null;
          if (!body || body.ro !== true || body.ro_reason !== 'used_outside_schools') failures.push(`${label(entry)} -> ${res.statusCode} ${res.body}`);
        } else if (res.statusCode !== 403 || res.json().error !== 13) {
          failures.push(`${label(entry)} -> ${res.statusCode} ${res.body}`);
        }
      }
      expect(checked).toEqual(expect.arrayContaining(['GET /api-base/role', 'PUT /api-base/role', 'DELETE /api-base/role']));
      expect(failures).toEqual([]);
    });

    it("finds no row of another school (404) on every route naming a school-owned row", async () => {
      const failures: string[] = [];
      for (const entry of routes) {
        if (typeof entry.access !== 'object' || !entry.access.scopedId) continue;
        const { resource, name } = entry.access.scopedId;
        const fixture = resourceFixture(resource);
        if (!fixture) continue; // reported by the test below
        const res = await call(entry, cookie, { [name]: await fixture(t.db, otherSchool) });
        if (res.statusCode !== 404) failures.push(`${label(entry)} with ${resource} of another school -> ${res.statusCode}`);
      }
      expect(failures).toEqual([]);
    });
  });

  it("another school's id answers 404 (as if it did not exist)", async () => {
    const failures: string[] = [];
    for (const entry of routes) {
      if (typeof entry.access !== 'object' || !entry.access.scopedId) continue;
      const { resource, name } = entry.access.scopedId;
      const fixture = resourceFixture(resource);
      if (!fixture) {
        failures.push(`${label(entry)}: no fixture for resource '${resource}' in test/support/resources.ts`);
        continue;
      }
      const foreignId = await fixture(t.db, otherSchool);
      const cookie = await cookieFor(sufficientUser(entry.access), [ownSchool]);
      const res = await call(entry, cookie, { [name]: foreignId });
      if (res.statusCode !== 404) failures.push(`${label(entry)} with ${resource} ${foreignId} of another school -> ${res.statusCode}`);
    }
    expect(failures).toEqual([]);
  });
});
