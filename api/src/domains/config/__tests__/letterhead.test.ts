import sharp from 'sharp';
import type { ConfigForm } from 'shared-kernel/contracts';
import { multipart } from '../../../../test/support/multipart.js';
import { pdfText } from '../../../../test/support/pdf-tools.js';
import { backends, createClock, createTestApp, type TestApp } from '../../../../test/support/test-app.js';
import { renderLetter } from '../../../letters/index.js';
import { readLetterhead } from '../letterhead.js';

jest.setTimeout(180_000);

describe.each(backends())('letterhead from the configuration on %s', (backend) => {
  let t: TestApp;
  let wien: number;
  let graz: number;
  let cookie: string;

  const form = async (school: number | null) =>
    (await t.request({ method: 'GET', url: `/api-config/form?cat=general${school ? `&school=${school}` : ''}`, headers: { cookie } })).json<ConfigForm>();
  const put = async (school: number | null, items: unknown[]) => {
    const { version } = await form(school);
    const res = await t.request({ method: 'PUT', url: `/api-config/form?cat=general${school ? `&school=${school}` : ''}`, headers: { cookie }, payload: { items, version } });
    expect(res.statusCode).toBe(200);
  };
  const upload = async (key: string, school: number) => {
    const data = await sharp({ create: { width: 300, height: 100, channels: 3, background: { r: 10, g: 60, b: 120 } } }).png().toBuffer();
    const body = multipart([{ name: 'file', filename: 'logo.png', data }]);
    const res = await t.request({ method: 'POST', url: `/api-config/image?key=${key}&school=${school}`, headers: { cookie, ...body.headers }, payload: body.payload });
    expect(res.statusCode).toBe(200);
    return res.json<{ id: number }>().id;
  };

  beforeAll(async () => {
    t = await createTestApp({ backend, seed: 'demo', clock: createClock(new Date('2026-11-24T09:00:00Z')) });
    const schools = (await t.db.query<{ id: number; name: string }>('SELECT id, name FROM schools ORDER BY id')).rows;
    wien = schools.find((r) => r.name.includes('Wien'))!.id;
    graz = schools.find((r) => r.name.includes('Graz'))!.id;
    cookie = (await t.loginAs({ atoms: ['s_general_r', 's_general_w'] })).cookie;
  });

  afterAll(async () => {
    await t?.close();
  });

  it('reads the school values over the all-schools ones, loads logo and signature, and renders them', async () => {
    await put(null, [{ k: 'pr_sender', v: 'Kampfkunst GmbH · Ring 1 · 1010 Wien', d: false }, { k: 'pr_footer', v: 'Kampfkunst GmbH\nFN 1\n\nIBAN AT61', d: false }]);
    const logo = await upload('pr_logo', wien);
    const sig = await upload('pr_sig', wien);
    await put(wien, [
      { k: 'pr_city', v: 'Wien', d: false }, { k: 'pr_layout', v: 3, d: false }, { k: 'pr_header', v: 'Schule Wien\nRing 1', d: false },
      { k: 'pr_logo', v: logo, d: false }, { k: 'pr_sig', v: sig, d: false },
    ]);

    const head = await t.db.transaction((tx) => readLetterhead(tx, wien, t.app.files));
    expect(head).toEqual(expect.objectContaining({
      layout: 3, city: 'Wien', senderLine: 'Kampfkunst GmbH · Ring 1 · 1010 Wien', headerLines: ['Schule Wien', 'Ring 1'],
      footerColumns: [['Kampfkunst GmbH', 'FN 1'], ['IBAN AT61']],
    }));
    expect(head.logo?.subarray(1, 4).toString()).toBe('PNG');
    expect(head.signatureImage?.subarray(1, 4).toString()).toBe('PNG');

    const text = pdfText(await renderLetter({ letterhead: head, recipient: ['Max Muster'], date: '2026-11-24', contentHtml: '<p>Hallo</p>', signature: { closing: 'Grüße' } }));
    for (const part of ['Schule Wien', 'Kampfkunst GmbH · Ring 1 · 1010 Wien', 'Wien, 24.11.2026', 'IBAN AT61', 'Hallo']) expect(text).toContain(part);

    // Graz has only the all-schools values: no logo of Wien, the default layout.
    const other = await t.db.transaction((tx) => readLetterhead(tx, graz, t.app.files));
    expect(other).toEqual(expect.objectContaining({ layout: 1, logo: null, signatureImage: null, senderLine: 'Kampfkunst GmbH · Ring 1 · 1010 Wien' }));
    expect(other.city).toBeUndefined();
  });
});
