import { LIST_LAYOUT_NAMES } from 'shared-kernel/contracts';
import { backends, createTestApp, type TestApp } from '../../../../test/support/test-app.js';

/**
 * Issue 26: a user's column layout of a list, saved per user and list on the server
 * (GET/PUT /api-user/list-layout?list=NAME) with the record-version rule.
 */
describe.each(backends())('saved list layouts on %s', (backend) => {
  let t: TestApp;

  const get = (cookie: string, list: string) => t.request({ method: 'GET', url: `/api-user/list-layout?list=${encodeURIComponent(list)}`, headers: { cookie } });
  const put = (cookie: string, list: string, payload: unknown) =>
    t.request({ method: 'PUT', url: `/api-user/list-layout?list=${encodeURIComponent(list)}`, headers: { cookie }, payload: payload as Record<string, unknown> });
  const stored = async (userId: number) =>
    (await t.db.query<{ list: string; columns: unknown; version: number }>(
      'SELECT list, columns, version FROM user_list_layouts WHERE user_id = $1 ORDER BY list',
      [userId],
    )).rows;

  const layout = [
    { id: 'ln', hide: false, width: 180, pinned: 'left' },
    { id: 'photo', hide: true, width: null, pinned: null },
    { id: 'fn', hide: false, width: 40, pinned: null },
    { id: 'actions', hide: false, width: 2000, pinned: 'right' },
  ];

  beforeAll(async () => {
    t = await createTestApp({ backend });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('never saved: no columns, version 1, for every list name', async () => {
    const user = await t.loginAs({ level: 3, atoms: [] });
    for (const list of LIST_LAYOUT_NAMES) {
      const res = await get(user.cookie, list);
      expect([list, res.statusCode, res.json()]).toEqual([list, 200, { columns: [], version: 1 }]);
    }
  });

  it('round trip of the own layout: saved as sent (order kept), next version; a second save needs the new version', async () => {
    const user = await t.loginAs({ level: 3, atoms: [] });
    const saved = await put(user.cookie, 'students', { columns: layout, version: 1 });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual({ success: true, version: 2 });
    expect((await get(user.cookie, 'students')).json()).toEqual({ columns: layout, version: 2 });
    // Another list of the same user is apart.
    expect((await get(user.cookie, 'leads')).json()).toEqual({ columns: [], version: 1 });

    const moved = [layout[3], layout[0], { ...layout[1], hide: false, width: 90 }, layout[2]];
    const again = await put(user.cookie, 'students', { columns: moved, version: 2 });
    expect(again.json()).toEqual({ success: true, version: 3 });
    expect((await get(user.cookie, 'students')).json()).toEqual({ columns: moved, version: 3 });

    // Reset: empty columns.
    expect((await put(user.cookie, 'students', { columns: [], version: 3 })).json()).toEqual({ success: true, version: 4 });
    expect((await get(user.cookie, 'students')).json()).toEqual({ columns: [], version: 4 });
  });

  it("another user sees only their own layout, and their save does not change the first user's", async () => {
    const first = await t.loginAs({ level: 1 });
    const second = await t.loginAs({ level: 3, atoms: ['student_r'] });
    expect((await put(first.cookie, 'conclusions', { columns: layout, version: 1 })).statusCode).toBe(200);
    expect((await get(second.cookie, 'conclusions')).json()).toEqual({ columns: [], version: 1 });
    const own = [{ id: 'nr', hide: true, width: 100, pinned: null }];
    expect((await put(second.cookie, 'conclusions', { columns: own, version: 1 })).json()).toEqual({ success: true, version: 2 });
    expect((await get(first.cookie, 'conclusions')).json()).toEqual({ columns: layout, version: 2 });
    expect((await get(second.cookie, 'conclusions')).json()).toEqual({ columns: own, version: 2 });
    expect(await stored(first.id)).toEqual([{ list: 'conclusions', columns: layout, version: 2 }]);
  });

  it('a stale version answers 409 {error: 9} and changes nothing (first save and later saves)', async () => {
    const user = await t.loginAs({ level: 3, atoms: [] });
    // Never saved, but a version that was never read.
    const early = await put(user.cookie, 'income', { columns: layout, version: 2 });
    expect(early.statusCode).toBe(409);
    expect(early.json()).toEqual({ error: 9 });
    expect(await stored(user.id)).toEqual([]);

    expect((await put(user.cookie, 'income', { columns: layout, version: 1 })).statusCode).toBe(200);
    for (const version of [1, 3]) {
      const stale = await put(user.cookie, 'income', { columns: [], version });
      expect([version, stale.statusCode, stale.json()]).toEqual([version, 409, { error: 9 }]);
    }
    expect(await stored(user.id)).toEqual([{ list: 'income', columns: layout, version: 2 }]);
  });

  it.each([1, 2])('two saves at once with the same version (%i): one 200, one 409', async (start) => {
    const user = await t.loginAs({ level: 3, atoms: [] });
    if (start === 2) expect((await put(user.cookie, 'expense', { columns: [], version: 1 })).statusCode).toBe(200);
    const a = [{ id: 'a', hide: false, width: 100, pinned: null }];
    const b = [{ id: 'b', hide: true, width: 200, pinned: 'left' }];
    const answers = await Promise.all([put(user.cookie, 'expense', { columns: a, version: start }), put(user.cookie, 'expense', { columns: b, version: start })]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const winner = answers[0].statusCode === 200 ? a : b;
    expect(answers.find((r) => r.statusCode === 409)!.json()).toEqual({ error: 9 });
    expect(await stored(user.id)).toEqual([{ list: 'expense', columns: winner, version: start + 1 }]);
  });

  it('bad input answers 400 {error: 4} with the field and writes nothing', async () => {
    const user = await t.loginAs({ level: 3, atoms: [] });
    const col = { id: 'ln', hide: false, width: 120, pinned: null };
    const cases: [string, string, unknown][] = [
      ['unknown list', 'nolist', { columns: [col], version: 1 }],
      ['list name in another case', 'Students', { columns: [col], version: 1 }],
      ['width too small', 'students', { columns: [{ ...col, width: 39 }], version: 1 }],
      ['width too large', 'students', { columns: [{ ...col, width: 2001 }], version: 1 }],
      ['width not whole', 'students', { columns: [{ ...col, width: 120.5 }], version: 1 }],
      ['width as a boolean', 'students', { columns: [{ ...col, width: true }], version: 1 }],
      ['hide as a number', 'students', { columns: [{ ...col, hide: 1 }], version: 1 }],
      ['pinned elsewhere', 'students', { columns: [{ ...col, pinned: 'top' }], version: 1 }],
      ['column id with a space', 'students', { columns: [{ ...col, id: 'l n' }], version: 1 }],
      ['column id markup', 'students', { columns: [{ ...col, id: '<b>' }], version: 1 }],
      ['column id empty', 'students', { columns: [{ ...col, id: '' }], version: 1 }],
      ['column id too long', 'students', { columns: [{ ...col, id: `a${'b'.repeat(64)}` }], version: 1 }],
      ['hide missing', 'students', { columns: [{ id: 'ln', width: 120, pinned: null }], version: 1 }],
      ['unknown column field', 'students', { columns: [{ ...col, sort: 'asc' }], version: 1 }],
      ['a column twice', 'students', { columns: [col, { ...col, hide: true }], version: 1 }],
      ['101 columns', 'students', { columns: Array.from({ length: 101 }, (_, i) => ({ ...col, id: `c${i}` })), version: 1 }],
      ['columns missing', 'students', { version: 1 }],
      ['version missing', 'students', { columns: [col] }],
      ['version 0', 'students', { columns: [col], version: 0 }],
    ];
    for (const [what, list, payload] of cases) {
      const res = await put(user.cookie, list, payload);
      const body = res.json();
      expect([what, res.statusCode, body.error, typeof body.fields]).toEqual([what, 400, 4, 'object']);
    }
    expect(await stored(user.id)).toEqual([]);
    // 100 columns are fine.
    const hundred = Array.from({ length: 100 }, (_, i) => ({ ...col, id: `c${i}` }));
    expect((await put(user.cookie, 'students', { columns: hundred, version: 1 })).statusCode).toBe(200);
    const unknownList = await get(user.cookie, 'nolist');
    expect(unknownList.statusCode).toBe(400);
    expect(unknownList.json()).toMatchObject({ error: 4, fields: { list: expect.any(String) } });
  });

  it('without a session, and after logout: 401, nothing written', async () => {
    const user = await t.loginAs({ level: 3, atoms: [] });
    const anonymousGet = await t.request({ method: 'GET', url: '/api-user/list-layout?list=students' });
    expect(anonymousGet.statusCode).toBe(401);
    expect((await t.request({ method: 'PUT', url: '/api-user/list-layout?list=students', payload: { columns: layout, version: 1 } })).statusCode).toBe(401);
    expect((await t.request({ method: 'POST', url: '/api-auth/logout', headers: { cookie: user.cookie } })).statusCode).toBe(200);
    expect((await get(user.cookie, 'students')).statusCode).toBe(401);
    expect((await put(user.cookie, 'students', { columns: layout, version: 1 })).statusCode).toBe(401);
    expect(await stored(user.id)).toEqual([]);
  });
});
