import type { AssociationDocumentList } from 'shared-kernel/contracts';
import { DEMO_PASSWORD } from '../../../seed/demo.js';
import { multipart, tinyPdf } from '../../../../test/support/multipart.js';
import { backends, createClock, createTestApp, type TestApp } from '../../../../test/support/test-app.js';

jest.setTimeout(180_000);

const NOW = new Date('2026-11-21T09:30:00Z');
const PDF = tinyPdf('Satzung');

describe.each(backends())("the association's documents on %s", (backend) => {
  let t: TestApp;
  const cookies: Record<string, string> = {};
  const ids: Record<string, number> = {};

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, user: string, payload?: object) =>
    t.request({ method, url, headers: { cookie: cookies[user]! }, ...(payload ? { payload } : {}) });
  const list = async (query: string, user = 'reader') => {
    const res = await call('GET', `/api-document/list?${query}`, user);
    expect(res.statusCode).toBe(200);
    return res.json<AssociationDocumentList>();
  };
  const upload = (folder: number | null, name: string, data: Buffer, contentType = 'application/pdf', user = 'admin') => {
    const body = multipart([{ name: 'files', filename: name, data, contentType }]);
    return t.request({
      method: 'POST',
      url: `/api-document/upload${folder === null ? '' : `?p=${folder}`}`,
      headers: { cookie: cookies[user]!, ...body.headers },
      payload: body.payload,
    });
  };
  /** PUT /api-document/entry with the version the row has now (what a fresh read answers). */
  const put = async (id: number, change: object, user = 'admin') => {
    const version = (await t.db.query<{ version: number }>('SELECT version FROM association_documents WHERE id = $1', [id])).rows[0]?.version ?? 1;
    return call('PUT', `/api-document/entry?id=${id}`, user, { ...change, version });
  };
  const folder = async (p: number | null, n: string) => {
    const res = await call('POST', '/api-document/folder', 'admin', { p, n });
    expect(res.statusCode).toBe(200);
    return res.json<{ id: number }>().id;
  };

  beforeAll(async () => {
    t = await createTestApp({ backend, seed: 'demo', clock: createClock(NOW) });
    cookies.admin = await t.login('admin', DEMO_PASSWORD);
    const reader = await t.loginAs({ atoms: ['e_document_r'] });
    await t.db.query("UPDATE users SET mno = 'AT-4711' WHERE id = $1", [reader.id]);
    cookies.reader = reader.cookie;
    cookies.unlinked = (await t.loginAs({ atoms: ['e_document_r'] })).cookie;
    const noAtom = await t.loginAs({ atoms: ['e_ticket_r'] });
    await t.db.query("UPDATE users SET mno = 'AT-4712' WHERE id = $1", [noAtom.id]);
    cookies.noAtom = noAtom.cookie;

    ids.statutes = await folder(null, 'Satzung & Ordnungen');
    ids.archive = await folder(ids.statutes, 'Archiv 2020');
    ids.secret = await folder(null, 'Vorstand intern');
    const uploaded = await upload(ids.statutes, 'Satzung 2026.pdf', PDF);
    expect(uploaded.statusCode).toBe(200);
    ids.file = uploaded.json<{ ids: number[] }>().ids[0]!;
    ids.old = (await upload(ids.archive, 'Satzung 2020.pdf', PDF)).json<{ ids: number[] }>().ids[0]!;
    ids.secretFile = (await upload(ids.secret, 'Protokoll Satzung.pdf', PDF)).json<{ ids: number[] }>().ids[0]!;
    expect((await put(ids.secret, { h: true })).statusCode).toBe(200);
  });

  afterAll(async () => {
    await t?.close();
  });

  it('needs e_document_r and an account linked with a membership number (403 {error: 30})', async () => {
    expect((await call('GET', '/api-document/list?f=root', 'noAtom')).statusCode).toBe(403);
    const unlinked = await call('GET', '/api-document/list?f=root', 'unlinked');
    expect(unlinked.statusCode).toBe(403);
    expect(unlinked.json()).toEqual({ error: 30 });
    expect((await call('GET', `/api-document/file?id=${ids.file}`, 'unlinked')).json()).toEqual({ error: 30 });
    expect((await t.request({ method: 'GET', url: '/api-document/list?f=root' })).statusCode).toBe(401);
  });

  it('lists a folder with its path, folders first, and never a hidden entry to readers', async () => {
    const root = await list('f=root');
    expect(root.folder).toBeNull();
    expect(root.manage).toBe(false);
    expect(root.rows.map((row) => row.n)).toEqual(['Satzung & Ordnungen']);
    const statutes = await list(`f=${ids.statutes}`);
    expect(statutes.folder).toEqual({ id: ids.statutes, n: 'Satzung & Ordnungen', p: null, h: false });
    expect(statutes.path).toEqual([]);
    expect(statutes.rows).toEqual([
      expect.objectContaining({ id: ids.archive, folder: true, n: 'Archiv 2020', ext: '', s: 0 }),
      expect.objectContaining({ id: ids.file, folder: false, n: 'Satzung 2026.pdf', ext: 'pdf', s: PDF.length, dc: expect.any(String) }),
    ]);
    const archive = await list(`f=${ids.archive}`);
    expect(archive.path).toEqual([{ id: ids.statutes, n: 'Satzung & Ordnungen' }]);

    // The hidden folder, its content and its files do not exist for readers.
    expect((await call('GET', `/api-document/list?f=${ids.secret}`, 'reader')).statusCode).toBe(404);
    expect((await call('GET', `/api-document/file?id=${ids.secretFile}`, 'reader')).statusCode).toBe(404);
    // The superadmin sees and manages them.
    const adminRoot = await list('f=root', 'admin');
    expect(adminRoot.manage).toBe(true);
    expect(adminRoot.rows.map((row) => [row.n, row.h])).toEqual([
      ['Satzung & Ordnungen', false],
      ['Vorstand intern', true],
    ]);
    expect((await call('GET', '/api-document/list?f=999999', 'reader')).statusCode).toBe(404);
    expect((await call('GET', `/api-document/list?f=${ids.file}`, 'reader')).statusCode).toBe(404);
  });

  it('searches names across folders (at least 2 characters, wildcards literal), hidden ones left out', async () => {
    const hits = await list('s=satzung');
    expect(hits.rows.map((row) => row.n).sort()).toEqual(['Satzung & Ordnungen', 'Satzung 2020.pdf', 'Satzung 2026.pdf']);
    expect((await list('s=%25_', 'reader')).rows).toEqual([]);
    expect((await list('s=Protokoll', 'admin')).rows.map((row) => row.n)).toEqual(['Protokoll Satzung.pdf']);
    expect((await list('s=Protokoll')).rows).toEqual([]);
    expect((await call('GET', '/api-document/list?s=a', 'reader')).statusCode).toBe(400);
    expect((await call('GET', '/api-document/list?s=%20a%20', 'reader')).statusCode).toBe(400);
  });

  it('downloads a file as an attachment with its checked type', async () => {
    const res = await call('GET', `/api-document/file?id=${ids.file}`, 'reader');
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.equals(PDF)).toBe(true);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toContain('attachment; filename="Satzung 2026.pdf"');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect((await call('GET', `/api-document/file?id=${ids.statutes}`, 'reader')).statusCode).toBe(404);
  });

  it('refuses names that read as paths, content that is not what it claims, and managing without being superadmin', async () => {
    for (const n of ['../etc', 'a/b', 'a\\b', '..', '.', 'tab\there']) {
      const res = await call('POST', '/api-document/folder', 'admin', { p: null, n });
      expect(res.statusCode).toBe(400);
      expect(res.json().fields).toEqual({ n: 'form.invalid' });
    }
    const renamed = await put(ids.file, { n: '../../secret.pdf' });
    expect(renamed.statusCode).toBe(400);
    // A stale version changes nothing: 409 {error: 9}.
    const stale = await call('PUT', `/api-document/entry?id=${ids.file}`, 'admin', { n: 'Neu.pdf', version: 99 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toEqual({ error: 9 });
    // An upload named with a path keeps only a safe base name.
    const traversal = await upload(ids.statutes, '../../../etc/passwd.pdf', PDF);
    expect(traversal.statusCode).toBe(200);
    const stored = (await list(`f=${ids.statutes}`)).rows.find((row) => row.id === traversal.json<{ ids: number[] }>().ids[0]);
    expect(stored!.n).not.toMatch(/[/\\]/);
    expect((await upload(ids.statutes, 'evil.pdf', Buffer.from('<html><script>alert(1)</script></html>'))).json()).toEqual({ error: 1100 });
    expect((await call('POST', '/api-document/folder', 'reader', { p: null, n: 'Mine' })).statusCode).toBe(403);
    expect((await upload(null, 'x.pdf', PDF, 'application/pdf', 'reader')).statusCode).toBe(403);
    expect((await call('DELETE', `/api-document/entry?id=${ids.file}`, 'reader')).statusCode).toBe(403);
    expect((await call('POST', '/api-document/folder', 'admin', { p: 999999, n: 'Orphan' })).statusCode).toBe(400);
  });

  it('renames, moves (never into itself or below: 400 {error: 32}) and hides entries', async () => {
    const cycle = await put(ids.statutes, { p: ids.archive });
    expect(cycle.statusCode).toBe(400);
    expect(cycle.json().error).toBe(32);
    expect((await put(ids.statutes, { p: ids.statutes })).json().error).toBe(32);
    expect((await put(ids.file, { p: ids.file })).statusCode).toBe(400);

    expect((await put(ids.archive, { p: null, n: 'Archiv' })).statusCode).toBe(200);
    expect((await list('f=root')).rows.map((row) => row.n)).toEqual(['Archiv', 'Satzung & Ordnungen']);
    expect((await put(ids.archive, { h: true })).statusCode).toBe(200);
    expect((await list('f=root')).rows.map((row) => row.n)).toEqual(['Satzung & Ordnungen']);
    expect((await list('s=2020')).rows).toEqual([]);
    expect((await call('PUT', '/api-document/entry?id=999999', 'admin', { h: false, version: 1 })).statusCode).toBe(404);
  });

  it('deletes a file, refuses a non-empty folder (409 {error: 31}) unless recursive', async () => {
    const notEmpty = await call('DELETE', `/api-document/entry?id=${ids.secret}`, 'admin');
    expect(notEmpty.statusCode).toBe(409);
    expect(notEmpty.json()).toEqual({ error: 31 });
    expect((await call('DELETE', `/api-document/entry?id=${ids.secret}&recursive=true`, 'admin')).statusCode).toBe(200);
    expect((await call('GET', `/api-document/file?id=${ids.secretFile}`, 'admin')).statusCode).toBe(404);
    const empty = await folder(null, 'Leer');
    expect((await call('DELETE', `/api-document/entry?id=${empty}`, 'admin')).statusCode).toBe(200);
    expect((await call('DELETE', `/api-document/entry?id=${ids.file}`, 'admin')).statusCode).toBe(200);
    expect((await call('GET', `/api-document/file?id=${ids.file}`, 'reader')).statusCode).toBe(404);
  });

  it('keeps serving the students documents tab under the same base path', async () => {
    expect((await call('GET', '/api-document/doc-student?stid=999999', 'admin')).statusCode).toBe(404);
  });
});
