/**
 * Association requests in a real browser (issue 5): send a support request with an
 * attachment, open its thread, download the attachment, reply; a hostile message shows as
 * inert text and runs nothing. Axe-core checks every screen visited.
 */
import { expectAccessible } from '../support/browser';
import { signedInProduct } from '../support/signed-in';

jest.setTimeout(180_000);

const HOSTILE = '<img src=x onerror="window.__pwned=1;alert(1)"> bitte prüfen';
/** A minimal real PDF: the server checks the type by content, not by the name. */
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n');

let dialogs: string[];

const s = signedInProduct('admin');

beforeAll(() => {
  dialogs = [];
  s.page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
});

describe('association requests', () => {
  it('sends a support request with an attachment and lands on the overview with a notice', async () => {
    await s.page.goto(`${s.product.url}/e-ticket/1`);
    await s.page.getByRole('heading', { name: 'Supportanfrage' }).waitFor();
    await expectAccessible(s.page);
    const school = s.page.getByLabel('Schule');
    if ((await school.evaluate((el) => el.tagName)) === 'SELECT') {
      await school.selectOption({ label: 'Kampfkunstschule Graz' });
    }
    await s.page.getByLabel('Betreff').fill('Export der Schülerliste hängt');
    await s.page.getByLabel('Nachricht').fill(HOSTILE);
    await s.page.getByLabel('Anhänge').setInputFiles({ name: 'protokoll.pdf', mimeType: 'application/pdf', buffer: PDF });
    await s.page.getByRole('button', { name: 'Senden' }).click();
    await s.page.waitForURL(/\/e-dash$/);
    await s.page.getByText('Ihre Anfrage wurde gesendet.').waitFor();
    await s.page.getByRole('link', { name: 'Export der Schülerliste hängt' }).waitFor();
    await expectAccessible(s.page);
  });

  it('shows the thread with the hostile message as inert text and serves the attachment as a download', async () => {
    await s.page.getByRole('link', { name: 'Export der Schülerliste hängt' }).click();
    await s.page.waitForURL(/\/e-ticket\/edit\/1\/\d+$/);
    await s.page.getByText(HOSTILE).waitFor();
    await expectAccessible(s.page);
    // Nothing of the message became markup: no image with the handler, no script ran.
    expect(await s.page.locator('img[src="x"], [onerror]').count()).toBe(0);
    expect(await s.page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
    expect(dialogs).toEqual([]);

    const link = s.page.getByRole('link', { name: /protokoll\.pdf/ });
    const href = await link.getAttribute('href');
    expect(href).toMatch(/^\/api-base\/ticket-file\?id=\d+$/);
    const response = await s.page.request.get(`${s.product.url}${href}`);
    expect(response.status()).toBe(200);
    expect(response.headers()['content-disposition']).toMatch(/^attachment;/);
    expect(Buffer.from(await response.body()).equals(PDF)).toBe(true);
  });

  it('replies: the box clears and the thread shows the answer', async () => {
    const box = s.page.getByLabel('Ihre Antwort');
    await box.fill('Nachtrag: betrifft nur den Excel-Export.');
    await s.page.getByRole('button', { name: 'Antwort senden' }).click();
    // The thread (not the reply box, which holds the same text until it is cleared) shows it.
    const inThread = s.page.getByText('Nachtrag: betrifft nur den Excel-Export.').and(s.page.locator(':not(textarea)'));
    await inThread.waitFor();
    await s.page.waitForFunction((el) => (el as HTMLTextAreaElement).value === '', await box.elementHandle());
    // Reload: the reply is stored, not only shown.
    await s.page.reload();
    await inThread.waitFor();
    await s.page.getByText(HOSTILE).waitFor();
    expect(dialogs).toEqual([]);
    expect(s.tracked.errors.filter((e) => !/favicon/.test(e))).toEqual([]);
  });
});
