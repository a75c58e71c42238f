import { jwtVerify } from 'jose';
import type { OnlineContractsFrame } from 'shared-kernel/contracts';
import { backends, createClock, createTestApp } from '../../../../test/support/test-app.js';
import { demoSchoolsApp } from '../../../../test/support/demo-schools.js';

jest.setTimeout(180_000);

const NOW = new Date('2026-11-21T09:30:00Z');
const SECRET = 'online-contracts-secret-of-the-test-0123';
const PAGE = 'https://vertrag.example.org/neu?embed=1';
const ENV = { BETA_FLAGS: 'new_conclusion_frame', ONLINE_CONTRACTS_URL: PAGE, ONLINE_CONTRACTS_SECRET: SECRET };

describe.each(backends())('online-contracts frame token on %s', (backend) => {
  const clock = createClock(NOW);
  const s = demoSchoolsApp(backend, {
    clock,
    env: ENV,
    users: {
      writer: { atoms: ['conclusion_r', 'conclusion_w'], schools: ['wien', 'graz'] },
      reader: { atoms: ['conclusion_r', 'student_r'], schools: ['wien', 'graz'] },
    },
  });

  it("signs the active schools of the session's filter for 300000 ms (HS256 with the secret)", async () => {
    const filtered = await s.call('POST', '/api-base/filter', 'writer', { name: 'schools', value: [s.graz] });
    expect(filtered.statusCode).toBe(200);
    const res = await s.call('GET', '/api-conclusion/frame-token', 'writer');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const answer = res.json<OnlineContractsFrame>();
    expect(answer.origin).toBe('https://vertrag.example.org');
    const url = new URL(answer.url);
    expect(`${url.origin}${url.pathname}`).toBe('https://vertrag.example.org/neu');
    expect(url.searchParams.get('embed')).toBe('1');
    expect(url.searchParams.get('token')).toBe(answer.token);
    const { payload, protectedHeader } = await jwtVerify(answer.token, new TextEncoder().encode(SECRET), {
      audience: 'https://vertrag.example.org',
      currentDate: NOW,
    });
    expect(protectedHeader.alg).toBe('HS256');
    expect(payload.schools).toEqual([s.graz]);
    expect(payload.exp! - payload.iat!).toBe(300);
    expect(payload.iat).toBe(NOW.getTime() / 1000);
    expect(answer.exp).toBe(new Date(NOW.getTime() + 300_000).toISOString());
    // Another secret does not verify it.
    await expect(jwtVerify(answer.token, new TextEncoder().encode('x'.repeat(40)))).rejects.toThrow();
    // The CSP lets the screen frame that origin.
    expect(res.headers['content-security-policy']).toContain('https://vertrag.example.org');

    // Without a filter: both schools.
    await s.call('POST', '/api-base/filter', 'writer', { name: 'schools', value: [] });
    const all = (await s.call('GET', '/api-conclusion/frame-token', 'writer')).json<OnlineContractsFrame>();
    const claims = (await jwtVerify(all.token, new TextEncoder().encode(SECRET), { currentDate: NOW })).payload;
    expect([...(claims.schools as number[])].sort()).toEqual([s.wien, s.graz].sort());
  });

  it('refuses a user without conclusion_w (403)', async () => {
    const res = await s.call('GET', '/api-conclusion/frame-token', 'reader');
    expect(res.statusCode).toBe(403);
  });

  it('answers 404 {error: 65} when the flag is off or the page is not configured', async () => {
    const envs: Record<string, string>[] = [{ ONLINE_CONTRACTS_URL: PAGE, ONLINE_CONTRACTS_SECRET: SECRET }, { BETA_FLAGS: 'new_conclusion_frame' }];
    for (const env of envs) {
      const plain = await createTestApp({ backend, clock, env });
      try {
        const { cookie } = await plain.loginAs({ level: 1 });
        const res = await plain.request({ method: 'GET', url: '/api-conclusion/frame-token', headers: { cookie } });
        expect(res.statusCode).toBe(404);
        expect(res.json()).toEqual({ error: 65 });
      } finally {
        await plain.close();
      }
    }
  });
});
