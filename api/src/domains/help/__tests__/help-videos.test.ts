import { createHmac } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { HelpVideoInfo, SeminarToken } from 'shared-kernel/contracts';
import { DEMO_PASSWORD } from '../../../seed/demo.js';
import { backends, createClock, createTestApp, type TestApp } from '../../../../test/support/test-app.js';

jest.setTimeout(180_000);

const NOW = new Date('2026-11-21T09:30:00Z');
const SECRET = 'seminar-secret-of-the-test-0123456789';

/** A tiny MP4: an ftyp box and a free box (a valid header, enough for byte ranges). */
function tinyMp4(): Buffer {
  const ftyp = Buffer.concat([Buffer.from([0, 0, 0, 24]), Buffer.from('ftypisom'), Buffer.from([0, 0, 2, 0]), Buffer.from('isomiso2')]);
  const free = Buffer.concat([Buffer.from([0, 0, 0, 40]), Buffer.from('free'), Buffer.alloc(32, 7)]);
  return Buffer.concat([ftyp, free]);
}

describe.each(backends())('help videos and the seminar token on %s', (backend) => {
  let t: TestApp;
  let dir: string;
  let cookie: string;
  const video = tinyMp4();

  const get = (url: string, headers: Record<string, string> = {}) => t.request({ method: 'GET', url, headers: { cookie, ...headers } });

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'sbo-videos-'));
    writeFileSync(join(dir, 'first-steps.mp4'), video);
    writeFileSync(join(dir, 'first-steps.vtt'), 'WEBVTT\n\n00:00.000 --> 00:01.000\nWillkommen\n');
    writeFileSync(join(dir, 'secret.mp4'), video);
    t = await createTestApp({
      backend,
      seed: 'demo',
      clock: createClock(NOW),
      env: { VIDEO_DIR: dir, SEMINAR_URL: 'https://events.example.org/seminare?embed=1', SEMINAR_SECRET: SECRET },
    });
    cookie = await t.login('trainer', DEMO_PASSWORD);
  });

  afterAll(async () => {
    await t?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('lists the eight tutorials with what is installed', async () => {
    const res = await get('/api-base/videos');
    expect(res.statusCode).toBe(200);
    const list = res.json<HelpVideoInfo[]>();
    expect(list.map((item) => item.k)).toEqual(['first-steps', 'lead-management', 'conclusion', 'student-data', 'ir-cnc', 'update-1', 'network', 'microsite']);
    expect(list[0]).toEqual({ k: 'first-steps', installed: true, captions: true, type: 'video/mp4' });
    expect(list[1]).toEqual({ k: 'lead-management', installed: false, captions: false, type: null });
  });

  it('serves a video whole and by byte ranges (206, Content-Range), 416 outside the file', async () => {
    const whole = await get('/api-base/video?k=first-steps');
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['accept-ranges']).toBe('bytes');
    expect(whole.headers['content-type']).toBe('video/mp4');
    expect(whole.rawPayload.equals(video)).toBe(true);

    const part = await get('/api-base/video?k=first-steps', { range: 'bytes=4-11' });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 4-11/${video.length}`);
    expect(part.headers['content-length']).toBe('8');
    expect(part.rawPayload.toString('latin1')).toBe('ftypisom');

    const open = await get('/api-base/video?k=first-steps', { range: 'bytes=60-' });
    expect(open.statusCode).toBe(206);
    expect(open.rawPayload.equals(video.subarray(60))).toBe(true);
    const suffix = await get('/api-base/video?k=first-steps', { range: 'bytes=-4' });
    expect(suffix.headers['content-range']).toBe(`bytes ${video.length - 4}-${video.length - 1}/${video.length}`);

    for (const range of [`bytes=${video.length}-`, 'bytes=9-3', 'bytes=abc', 'bytes=-0']) {
      const refused = await get('/api-base/video?k=first-steps', { range });
      expect(refused.statusCode).toBe(416);
      expect(refused.headers['content-range']).toBe(`bytes */${video.length}`);
    }
  });

  it('serves only known keys, needs a session, and says when a video is not installed', async () => {
    expect((await get('/api-base/video?k=secret')).statusCode).toBe(400);
    expect((await get('/api-base/video?k=..%2Ffirst-steps')).statusCode).toBe(400);
    const missing = await get('/api-base/video?k=microsite');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ error: 33 });
    expect((await t.request({ method: 'GET', url: '/api-base/video?k=first-steps' })).statusCode).toBe(401);
    const captions = await get('/api-base/video-captions?k=first-steps');
    expect(captions.statusCode).toBe(200);
    expect(captions.headers['content-type']).toBe('text/vtt; charset=utf-8');
    expect((await get('/api-base/video-captions?k=conclusion')).statusCode).toBe(404);
  });

  it('signs a 5-minute seminar token (HS256) for the page origin with user, membership number and schools', async () => {
    const res = await get('/api-base/seminar-token');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const answer = res.json<SeminarToken>();
    expect(answer.url).toBe('https://events.example.org/seminare?embed=1');
    expect(answer.origin).toBe('https://events.example.org');
    const [header, payload, signature] = answer.token.split('.') as [string, string, string];
    expect(JSON.parse(Buffer.from(header, 'base64url').toString())).toEqual({ alg: 'HS256', typ: 'JWT' });
    expect(createHmac('sha256', SECRET).update(`${header}.${payload}`).digest('base64url')).toBe(signature);
    expect(createHmac('sha256', 'another-secret-another-secret-000').update(`${header}.${payload}`).digest('base64url')).not.toBe(signature);
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString());
    const trainer = (await t.db.query<{ id: number; mno: string | null }>("SELECT id, mno FROM users WHERE username = 'trainer'")).rows[0]!;
    const graz = (await t.db.query<{ id: number }>("SELECT id FROM schools WHERE name LIKE '%Graz%'")).rows[0]!.id;
    expect(claims).toEqual({
      sub: String(trainer.id),
      mno: trainer.mno,
      schools: [graz],
      aud: 'https://events.example.org',
      iss: expect.any(String),
      iat: NOW.getTime() / 1000,
      exp: NOW.getTime() / 1000 + 300,
    });
    expect(answer.exp).toBe(new Date(NOW.getTime() + 300_000).toISOString());
    // The CSP lets /c-seminar frame only that origin besides this one.
    expect(res.headers['content-security-policy']).toContain("frame-src 'self' https://events.example.org");
  });

  it('answers 404 {error: 34} when the seminar page is not configured', async () => {
    const plain = await createTestApp({ backend, seed: 'none', clock: createClock(NOW) });
    try {
      const user = await plain.loginAs({});
      const res = await plain.request({ method: 'GET', url: '/api-base/seminar-token', headers: { cookie: user.cookie } });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: 34 });
    } finally {
      await plain.close();
    }
  });
});
