/**
 * Letters and mail in a real browser (issue 11, the first browser test's second half): the
 * admin edits a school's letterhead (pr_sender), creates a custom template with placeholders,
 * opens "Dokument aus Vorlage" from a student's toolbar, downloads the PDF (pdftotext shows
 * the student's name, the sender line and no ##) and sends it by mail: a local SMTP server
 * started by the test receives it with the PDF attached. Axe-core on every screen visited.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { startTestSmtp, type TestSmtp } from '../../api/test/support/smtp';
import { expectAccessible, launchBrowser, login, openPage, type TrackedPage } from '../support/browser';
import { startProduct, type RunningProduct } from '../support/product';

jest.setTimeout(300_000);

const SENDER_LINE = 'Kampfkunst Wien · Briefweg 7 · 1030 Wien';

let smtp: TestSmtp;
let product: RunningProduct;
let browser: Browser;
let tracked: TrackedPage;
let page: Page;

beforeAll(async () => {
  smtp = await startTestSmtp();
  [product, browser] = await Promise.all([startProduct({ SMTP_URL: smtp.url }), launchBrowser()]);
  tracked = await openPage(browser);
  page = tracked.page;
  await login(page, product.url, 'admin');
  tracked.errors.length = 0;
});
afterAll(async () => {
  await browser?.close();
  await product?.stop();
  await smtp?.close();
});

/** A JSON call of the API with the signed-in page's cookie. */
async function api<T>(method: 'get' | 'post', path: string, data?: object): Promise<T> {
  const state = await (await page.request.get(`${product.url}/api-application-state/get-state`)).json();
  const response = await page.request[method](`${product.url}${path}`, {
    headers: { 'x-client-version': state.version, Origin: product.url },
    data,
  });
  if (!response.ok()) throw new Error(`${method} ${path}: ${response.status()} ${await response.text()}`);
  return (await response.json()) as T;
}

describe('letters and mail', () => {
  it("a student's document from template: the PDF with the school's letterhead, then by mail with the PDF attached", async () => {
    // The letterhead of a school (its own sender line), through the settings screen.
    await page.goto(`${product.url}/m-conf/general`);
    const picker = page.getByRole('combobox', { name: 'Gültig für' });
    await picker.waitFor();
    const wien = Number(await picker.locator('option', { hasText: 'Wien' }).first().getAttribute('value'));
    await picker.selectOption(String(wien));
    await page.waitForURL(new RegExp(`/m-conf/general/edit/${wien}$`));
    const sender = page.getByRole('textbox', { name: 'Absenderzeile' });
    await sender.waitFor();
    await sender.fill(SENDER_LINE);
    const saved = page.waitForResponse((r) => r.url().includes('/api-config/form') && r.request().method() === 'PUT');
    await page.getByRole('button', { name: 'Speichern' }).click();
    expect((await saved).status()).toBe(200);

    // A student of that school with an e-mail address, and a custom template for students.
    const list = await api<{ rows: { id: number }[] }>('post', '/api-student/list', {
      page: 0,
      pageSize: 20,
      sorted: [],
      filtered: [{ id: 'sid', value: wien }],
    });
    let student: { id: number; firstname: string; lastname: string; email: string } | null = null;
    for (const row of list.rows) {
      const data = await api<{ firstname: string; lastname: string; email: string | null }>('get', `/api-student/data?id=${row.id}`);
      if (data.email) {
        student = { id: row.id, firstname: data.firstname, lastname: data.lastname, email: data.email };
        break;
      }
    }
    if (!student) throw new Error('the demo school has no student with an e-mail address');
    const template = await api<{ id: number }>('post', '/api-template/data', {
      name: 'Begrüßungsbrief E2E',
      schools: [wien],
      type: 2,
      subject: 'Willkommen, ##firstname##',
      content: '<p>##salutation##</p><p>schön, dass Sie bei uns trainieren.</p>',
    });

    // The student's toolbar opens the document screen through the template picker.
    await page.goto(`${product.url}/m-student/details/${student.id}`);
    await page.getByRole('button', { name: 'Dokument aus Vorlage' }).click();
    const dialog = page.getByRole('dialog', { name: 'Dokument aus Vorlage' });
    await dialog.getByLabel('Vorlage').selectOption({ label: 'Begrüßungsbrief E2E' });
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'Öffnen' }).click();
    await page.waitForURL(new RegExp(`/m-template/doc/${template.id}/${student.id}$`));
    await page.getByRole('heading', { level: 1, name: 'Begrüßungsbrief E2E' }).waitFor();
    const subject = page.getByRole('textbox', { name: /Betreff/ });
    expect(await subject.inputValue()).toBe(`Willkommen, ${student.firstname}`);
    await expectAccessible(page);

    // PDF: the student's name, the school's sender line, no placeholder left.
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'PDF' }).click();
    const file = await (await download).path();
    const pdf = readFileSync(file);
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
    expect(text).toContain(student.lastname);
    expect(text).toContain(SENDER_LINE);
    expect(text).not.toContain('##');
    await page.getByText('PDF erstellt.').first().waitFor();

    // By mail: the local SMTP server receives it with the PDF attached.
    await page.getByRole('button', { name: 'Per E-Mail senden' }).click();
    await page.getByText(`E-Mail an ${student.email} gesendet.`).first().waitFor();
    const [{ envelope, mail }] = await smtp.waitFor(1, 30_000);
    expect(envelope.to).toContain(student.email);
    expect(mail.subject).toBe(`Willkommen, ${student.firstname}`);
    expect(mail.attachments).toHaveLength(1);
    expect(mail.attachments[0].contentType).toBe('application/pdf');
    expect(mail.attachments[0].content.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    await expectAccessible(page);

    // The student's timeline shows the mail.
    await page.goto(`${product.url}/m-student/details/${student.id}`);
    await page.getByRole('region', { name: 'Verlauf' }).getByText(`Willkommen, ${student.firstname}`).waitFor();
    expect(tracked.errors).toEqual([]);
  });
});
