import { ATOMS, type Atom } from 'shared-kernel/contracts';
import type { RouteAccessEntry } from '../src/auth/access.js';
import { SPEC_PERMISSIONS, type SpecNeed } from './fixtures/spec-permissions.js';
import { resourceFixture } from './support/resources.js';
import { apiRoutes, buildBody, buildUrl } from './support/route-samples.js';
import { backends, createSchool, createTestApp, createUser, type TestApp } from './support/test-app.js';

/**
 * Authorization from an independent source (issue 25): every API route is called by an
 * identity per atom (a level-3 user whose role holds only that atom), a level-3 user without
 * atoms, an admin (level 2), the superadmin (level 1), anonymous, and a user with exactly the
 * atoms of each rule that needs several. What each may do comes from the spec's permission
 * tables (test/fixtures/spec-permissions.ts, written from the spec text), never from the
 * routes' own declarations (app.routeAccess): a route declared with the wrong atom, or a
 * handler checking the wrong one, fails here. The full cross product is run (no sampling):
 * a refusal is answered by the guard before the body is read, so the ~11,000 calls per
 * backend stay quick; cookies are made once per identity, one app per backend.
 */

interface Identity {
  name: string;
  level?: 1 | 2 | 3;
  atoms: Atom[];
  anonymous?: boolean;
}

type Need = Exclude<SpecNeed, 'public' | 'session'>;

/** Whether the spec lets the identity call a route with this need. */
function specAllows(need: SpecNeed, who: Identity): boolean {
  if (need === 'public') return true;
  if (who.anonymous) return false;
  if (need === 'session') return true;
  const level = who.level ?? 3;
  if (need.maxLevel !== undefined && level > need.maxLevel) return false;
  // Levels 1 and 2 hold every atom (001 §6: the admin toggle gives full access).
  if (level <= 2) return true;
  if (need.all && !need.all.every((atom) => who.atoms.includes(atom))) return false;
  if (need.any?.length && !need.any.some((atom) => who.atoms.includes(atom))) return false;
  return true;
}

/** The atom sets of a level-3 user with exactly enough, for rules needing more than one atom. */
function sufficientSets(need: Need): Atom[][] {
  if (need.maxLevel) return [];
  const base = need.all ?? [];
  const sets = need.any?.length ? need.any.map((atom) => [...base, atom]) : [base];
  return sets.filter((set) => set.length > 1);
}

function label(method: string, url: string) {
  return `${method} ${url}`;
}

/** The identities every route is tried with; users with several atoms are added from the rules. */
function identities(): Identity[] {
  const list: Identity[] = [
    { name: 'anonymous', atoms: [], anonymous: true },
    { name: 'superadmin (level 1)', level: 1, atoms: [] },
    { name: 'admin (level 2)', level: 2, atoms: [] },
    { name: 'level 3 without atoms', level: 3, atoms: [] },
    ...ATOMS.map((atom) => ({ name: `level 3 with only ${atom}`, level: 3 as const, atoms: [atom] })),
  ];
  const seen = new Set<string>();
  const needs = Object.values(SPEC_PERMISSIONS).flatMap((rule) => [rule.need, ...(rule.variants ?? []).map((v) => v.need)]);
  for (const need of needs) {
    if (typeof need !== 'object') continue;
    for (const set of sufficientSets(need)) {
      // The sufficient set, and the set lacking each of its atoms (a user one atom short).
      const candidates = [set, ...set.map((atom) => set.filter((a) => a !== atom))];
      for (const atoms of candidates) {
        const key = [...atoms].sort().join('+');
        if (atoms.length < 2 || seen.has(key)) continue;
        seen.add(key);
        list.push({ name: `level 3 with only ${key}`, level: 3, atoms: [...atoms].sort() as Atom[] });
      }
    }
  }
  return list;
}

/** A refusal for lack of rights: 401 {error: 2} without a session, 403 {error: 3} without the right. */
function refusal(res: { statusCode: number; body: string }): 401 | 403 | null {
  if (res.statusCode === 401) return 401;
  if (res.statusCode !== 403) return null;
  try {
    return (JSON.parse(res.body) as { error?: number }).error === 3 ? 403 : null;
  } catch {
    return null;
  }
}

/**
 * Bodies for routes whose minimal sample would be refused for its content with the same
 * answer as the guard's (a wrong login is 401 {error: 2}): a valid one instead.
 */
const SAMPLE_BODIES: Record<string, () => Record<string, unknown>> = {
  'POST /api-auth/login': () => ({ username: sampleUser.username, password: sampleUser.password }),
};
let sampleUser: { username: string; password: string };
let sampleSchool: number;

/** Calls that end the caller's session: they are made last, so later calls keep their cookie. */
const SESSION_ENDING = new Set(['POST /api-auth/logout']);

describe('the spec permission file', () => {
  it('names a rule and where it comes from for every entry', () => {
    const bad = Object.entries(SPEC_PERMISSIONS)
      .filter(([, rule]) => !rule.spec && !rule.derived && !rule.deviation)
      .map(([key]) => key);
    expect(bad).toEqual([]);
  });
});

describe.each(backends())('authorization against the spec on %s', (backend) => {
  let t: TestApp;
  let routes: RouteAccessEntry[];
  const who = identities();
  const cookies = new Map<string, string>();

  beforeAll(async () => {
    t = await createTestApp({ backend });
    routes = apiRoutes(t.app.routeAccess);
    // Samples name id 1: make school 1, user 1 and role 1 nobody of the identities below
    // (a superadmin's sample DELETE /api-user/data?id=1 must not end an identity's session).
    sampleSchool = await createSchool(t.db, 'Sample school', 'at');
    sampleUser = await createUser(t.db, { atoms: [] });
    // One after the other: the login answers 429 to many password checks at once.
    for (const identity of who) {
      if (identity.anonymous) continue;
      const user = await t.loginAs({ level: identity.level, atoms: identity.level === 3 ? identity.atoms : undefined });
      cookies.set(identity.name, user.cookie);
    }
  });
  afterAll(async () => {
    await t?.close();
  });

  it('has a spec rule for every route of the product, and no rule for a route it does not have', () => {
    const product = routes.map((r) => label(r.method, r.url));
    expect(product.filter((name) => !SPEC_PERMISSIONS[name])).toEqual([]);
    expect(Object.keys(SPEC_PERMISSIONS).filter((name) => !product.includes(name))).toEqual([]);
  });

  it('refuses every route exactly to the identities the spec does not allow, and lets the others through', async () => {
    const failures: string[] = [];
    const ordered = [...routes].sort(
      (a, b) => Number(SESSION_ENDING.has(label(a.method, a.url))) - Number(SESSION_ENDING.has(label(b.method, b.url))),
    );
    let calls = 0;
    for (const entry of ordered) {
      const rule = SPEC_PERMISSIONS[label(entry.method, entry.url)];
      if (!rule) continue; // reported by the test above
      const cases = [{ with: {} as Record<string, unknown>, need: rule.need, what: '' }, ...(rule.variants ?? []).map((v) => ({ with: v.with, need: v.need, what: ` with ${JSON.stringify(v.with)}` }))];
      for (const c of cases) {
        // A route naming a school-owned row gets a real one (test/support/resources.ts) of the
        // sample school every identity sees, so an allowed call reaches the handler's own checks.
        const scoped = typeof entry.access === 'object' ? entry.access.scopedId : undefined;
        const fixture = scoped && resourceFixture(scoped.resource);
        const input = fixture ? { [scoped.name]: await fixture(t.db, sampleSchool), ...c.with } : c.with;
        // The identities of one case at once: what is checked (refused or not) does not depend
        // on what the others' calls changed.
        await Promise.all(
          who.map(async (identity) => {
            const cookie = cookies.get(identity.name);
            const res = await t.request({
              method: entry.method as 'GET',
              url: buildUrl(entry, input),
              headers: cookie ? { cookie } : {},
              payload: (SAMPLE_BODIES[label(entry.method, entry.url)]?.() ?? buildBody(entry, input)) as never,
            });
            calls++;
            const refused = refusal(res);
            const allowed = specAllows(c.need, identity);
            const expected = allowed ? null : identity.anonymous ? 401 : 403;
            if (refused !== expected) {
              failures.push(
                `${label(entry.method, entry.url)}${c.what} as ${identity.name}: spec ${allowed ? 'allows' : 'refuses'}, got ${res.statusCode} ${res.body.slice(0, 120)}`,
              );
            }
          }),
        );
      }
    }
    expect(calls).toBeGreaterThan(routes.length * who.length - 1);
    expect(failures.sort()).toEqual([]);
  }, 900_000);
});
