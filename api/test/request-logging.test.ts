import { createTestApp, type TestApp } from './support/test-app.js';

jest.setTimeout(120_000);

/** At the default level (info) a request that answers in time writes no log line (issue 18). */
describe('request logging at the default level', () => {
  let t: TestApp;
  const lines: { level: number; msg?: string }[] = [];

  beforeAll(async () => {
    t = await createTestApp({
      backend: 'pglite',
      seed: 'demo',
      logger: { level: 'info', stream: { write: (line: string) => void lines.push(JSON.parse(line) as { level: number; msg?: string }) } },
    });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('writes nothing for a student list page, and logs at debug when asked to', async () => {
    const cookie = await t.login('admin', 'demo1234');
    const before = lines.length;
    const list = await t.request({ method: 'POST', url: '/api-student/list', headers: { cookie }, payload: { page: 0, pageSize: 25 } });
    expect(list.statusCode).toBe(200);
    expect(lines.slice(before)).toEqual([]);

    t.app.log.level = 'debug';
    try {
      expect((await t.request({ method: 'POST', url: '/api-student/list', headers: { cookie }, payload: { page: 0, pageSize: 25 } })).statusCode).toBe(200);
    } finally {
      t.app.log.level = 'info';
    }
    expect(lines.slice(before)).toEqual([expect.objectContaining({ level: 20, msg: 'request completed' })]);
  });
});
