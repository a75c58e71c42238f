/**
 * A student's money in a real browser (issue 13), on a student created by activating a
 * conclusion (issue 12): a regular cash conclusion starting the first of this month (a school
 * of the admin with a bank account and an EUR contract template) is saved through the API and
 * activated in /m-con/list; the new student's contracts tab shows the contract the activation
 * made from the template; the finance tab generates the invoice ('op_succeeded') and shows the
 * open receipt of the template's amount plus its activation fee, and the balance; a cash
 * payment added on the payments tab is unbooked (red, in words) and assigned to the receipt;
 * the balance drops to 0, also in /m-student/list; the receipt prints (pdftotext shows its
 * number and amount); the contract is cancelled through the cancellation letter
 * (/m-student/cancellation/{id}; the confirmation letter downloads) and the cancellation
 * withdrawn. Axe-core on every step. Dates are computed from today; the data is this file's own.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import type { Locator, Page } from 'playwright-core';
import { expectAccessible } from '../support/browser';
import { signedInProduct } from '../support/signed-in';

jest.setTimeout(240_000);

const s = signedInProduct('admin');

const pad = (value: number) => String(value).padStart(2, '0');
const today = new Date();
const iso = (date: Date) => `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
const display = (date: Date) => `${pad(date.getDate())}.${pad(date.getMonth() + 1)}.${date.getFullYear()}`;
const firstOfMonth = `01.${pad(today.getMonth() + 1)}.${today.getFullYear()}`;
/** Cents as the screens write them (de-DE: 1.234,50). */
const money = (cents: number) => {
  const whole = String(Math.floor(cents / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, '.');
  return `${whole},${pad(cents % 100)}`;
};
/** The money text the screens show (de-DE, no-break space before the sign). */
const euro = (text: string) => new RegExp(`^${text.replace(/\./g, '\\.')}\\s€$`);

/** A last name of letters only, new for each run. */
const lastname = `Geldfluss${Date.now().toString(26).replace(/\d/g, (d) => 'qrstuvwxyz'[Number(d)]!)}`;
const firstname = 'Mira';
let studentId = 0;
/** The first receipt's amount in cents. */
let gross = 0;
let receiptNo = '';

async function pdfText(page: Page, click: () => Promise<void>): Promise<string> {
  const event = page.waitForEvent('download');
  await click();
  const file = await (await event).path();
  expect(readFileSync(file).subarray(0, 5).toString('latin1')).toBe('%PDF-');
  return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
}

async function apiHeaders(): Promise<Record<string, string>> {
  const state = await (await s.page.request.get(`${s.product.url}/api-application-state/get-state`)).json();
  return { 'x-client-version': state.version };
}

interface TemplateOption { id: number; sid: number; country_iso: string; amount_gross: number; activation_gross: number; currency: string }

/**
 * Saves a regular cash conclusion starting the first of this month through the API (as the
 * form does): the first EUR template of a school of the admin that has a bank account, a
 * network contract of its country. Answers the template.
 */
async function saveConclusion(): Promise<TemplateOption> {
  const headers = await apiHeaders();
  const lists = await (await s.page.request.get(`${s.product.url}/api-conclusion/data`, { headers })).json();
  const accounts = (await (await s.page.request.get(`${s.product.url}/api-account/sel`, { headers })).json()) as { id: number; school_id: number; is_main: boolean }[];
  const templates = (lists.contracts as TemplateOption[]).filter((t) => t.currency === 'EUR' && t.amount_gross > 0);
  const template = templates.find((t) => accounts.some((a) => a.school_id === t.sid));
  if (!template) throw new Error('the demo office has no school with a bank account and an EUR contract template');
  const account = accounts.filter((a) => a.school_id === template.sid).sort((a, b) => Number(b.is_main) - Number(a.is_main))[0]!;
  const network = (lists.network_contracts as { id: number; country_iso: string }[]).find((n) => n.country_iso === template.country_iso);
  if (!network) throw new Error(`no network contract for ${template.country_iso}`);
  const [zip, city] = template.country_iso === 'de' ? ['80802', 'München'] : ['1030', 'Wien'];
  const body = {
    school_id: template.sid,
    products: [lists.products[0]],
    ec_contract_id: network.id,
    c_contract_id: template.id,
    account_id: account.id,
    contract_start: iso(new Date(today.getFullYear(), today.getMonth(), 1)),
    payment_method_id: 3,
    new_app: true,
    salutation_id: 2,
    firstname,
    lastname,
    street: 'Geldgasse',
    house_no: '3',
    zip,
    city,
    country_iso: template.country_iso,
    birthdate: `${today.getFullYear() - 30}-05-03`,
  };
  const saved = await s.page.request.post(`${s.product.url}/api-conclusion/data`, { headers, data: body });
  expect([saved.status(), await saved.text()]).toEqual([200, expect.stringContaining('"success":true')]);
  return template;
}

async function openTab(name: string): Promise<void> {
  await s.page.getByRole('tab', { name }).click();
}

async function rowWith(table: Locator, text: string | RegExp): Promise<Locator> {
  const row = table.getByRole('row').filter({ hasText: text }).first();
  await row.waitFor();
  return row;
}

describe('student money', () => {
  it('activates a cash conclusion in /m-con/list: the new student has the contract from the template', async () => {
    const template = await saveConclusion();
    // The first period's receipt: the template's amount plus its activation fee.
    gross = template.amount_gross + template.activation_gross;
    await s.page.goto(`${s.product.url}/m-con/list`);
    await s.page.getByRole('heading', { level: 1, name: 'Vertragsabschlüsse' }).waitFor();
    await s.page.getByLabel('Filter Nachname').fill(lastname);
    const row = s.page.getByRole('row').filter({ hasText: lastname }).first();
    await row.waitFor();
    await row.getByRole('button', { name: `Vertragsabschluss von ${firstname} ${lastname} aktivieren` }).click();
    const dialog = s.page.getByRole('dialog', { name: 'Vertragsabschluss aktivieren' });
    await expectAccessible(s.page);
    const activated = s.page.waitForResponse((r) => r.url().includes('/api-conclusion/actcon'));
    await dialog.getByRole('button', { name: 'Aktivieren' }).click();
    const answer = await activated;
    expect(answer.status()).toBe(200);
    studentId = (await answer.json()).stu;
    expect(studentId).toBeGreaterThan(0);
    await s.page.getByText('Der Vertragsabschluss wurde aktiviert.').first().waitFor();
    await expectAccessible(s.page);
    await row.getByRole('link', { name: `Schüler ${firstname} ${lastname} öffnen` }).click();
    await s.page.waitForURL(new RegExp(`/m-student/details/${studentId}`));

    await s.page.goto(`${s.product.url}/m-student/details/${studentId}?tab=contracts`);
    await s.page.getByRole('heading', { name: 'Aktiver Vertrag' }).waitFor();
    const contracts = s.page.getByRole('table', { name: 'Verträge des Schülers' });
    const contract = await rowWith(contracts, firstOfMonth);
    await contract.getByText('aktiv', { exact: true }).waitFor();
    await contract.getByText(euro(money(template.amount_gross))).first().waitFor();
    await expectAccessible(s.page);
  });

  it('generates the invoice on the finance tab: the open receipt (template amount + activation fee) and the balance', async () => {
    await openTab('Finanzen');
    await s.page.getByText(/^Saldo: 0,00\s€$/).waitFor();
    const generated = s.page.waitForResponse((r) => r.url().includes('/api-student/gi'));
    await s.page.getByRole('button', { name: 'Rechnungen erstellen' }).click();
    expect((await generated).status()).toBe(200);
    await s.page.getByText('Vorgang erfolgreich ausgeführt.').first().waitFor();
    const open = s.page.getByRole('table', { name: 'Offene Posten' });
    const receipt = await rowWith(open, firstOfMonth);
    expect(await receipt.getByText(euro(money(gross))).count()).toBeGreaterThan(0);
    receiptNo = (await receipt.getByRole('cell').first().innerText()).trim();
    expect(receiptNo).toMatch(/^\d+$/);
    await s.page.getByText(new RegExp(`^Saldo: ${money(gross).replace(/\./g, '\\.')}\\s€$`)).waitFor();
    await expectAccessible(s.page);
  });

  it('records a cash payment, assigns it to the receipt and the balance drops to 0', async () => {
    await openTab('Zahlungen');
    await s.page.getByRole('button', { name: 'Zahlung hinzufügen' }).click();
    const form = s.page.getByRole('dialog', { name: 'Zahlung hinzufügen' });
    await form.getByLabel(/^Zahlungsdatum/).fill(display(today));
    await form.getByLabel(/^Betrag/).fill(money(gross));
    await form.getByLabel(/^Zahlungsart/).selectOption({ label: 'Bar' });
    await expectAccessible(s.page);
    await form.getByRole('button', { name: 'Speichern' }).click();
    await form.waitFor({ state: 'detached' });
    const payments = s.page.getByRole('table', { name: 'Zahlungen des Schülers' });
    const payment = await rowWith(payments, 'nicht verbucht');
    await expectAccessible(s.page);

    await payment.getByRole('button', { name: /^Zuordnen/ }).click();
    const assign = s.page.getByRole('dialog', { name: 'Zahlung zuordnen' });
    await assign.getByRole('table', { name: 'Offene Belege' }).waitFor();
    await assign.getByRole('button', { name: 'Automatisch verteilen' }).click();
    await expectAccessible(s.page);
    const assigned = s.page.waitForResponse((r) => r.url().includes('/api-student/spa') && r.request().method() === 'PUT');
    await assign.getByRole('button', { name: 'Speichern' }).click();
    expect((await assigned).status()).toBe(200);
    await assign.waitFor({ state: 'detached' });
    await (await rowWith(payments, 'nicht verbucht')).getByText(euro(money(gross))).first().waitFor();

    await openTab('Finanzen');
    await s.page.getByText(/^Saldo: 0,00\s€$/).waitFor();
    await expectAccessible(s.page);
    expect(s.tracked.errors).toEqual([]);
  });

  it('shows the balance 0 in the student list and prints the receipt', async () => {
    const receipt = s.page.getByRole('button', { name: `Drucken: Beleg ${receiptNo}` });
    const text = await pdfText(s.page, () => receipt.click());
    expect(text).toContain(receiptNo);
    expect(text).toContain(`${money(gross)} EUR`);

    await s.page.goto(`${s.product.url}/m-student/list`);
    await s.page.getByRole('heading', { name: 'Schülerliste' }).waitFor();
    await s.page.getByLabel('Filter Nachname').fill(lastname);
    const row = s.page.getByRole('table', { name: 'Schüler' }).getByRole('row').filter({ has: s.page.locator(`a[href$="/m-student/details/${studentId}"]`) });
    await row.waitFor();
    await row.getByText(euro('0,00')).waitFor();
  });

  it('cancels the contract through the cancellation letter and withdraws the cancellation', async () => {
    await s.page.goto(`${s.product.url}/m-student/details/${studentId}?tab=contracts`);
    const contracts = s.page.getByRole('table', { name: 'Verträge des Schülers' });
    await (await rowWith(contracts, firstOfMonth)).getByRole('button', { name: /^Kündigen:/ }).click();
    const dialog = s.page.getByRole('dialog', { name: 'Vertrag kündigen' });
    await dialog.getByText(/^Vorgeschlagenes Vertragsende: |^Kein Kündigungstermin/).waitFor();
    await expectAccessible(s.page);
    await dialog.getByRole('button', { name: 'Kündigungsschreiben erstellen' }).click();
    await s.page.waitForURL(new RegExp(`/m-student/cancellation/${studentId}\\?sc=\\d+$`));
    const form = s.page.getByRole('form', { name: 'Kündigungsschreiben' });
    await form.waitFor();
    // Without terms the contract proposes no date: the user types one.
    const effective = form.getByLabel(/^Wirksam zum/);
    await s.page.getByText(/^Vorgeschlagen: |^Kein Kündigungstermin/).waitFor();
    if ((await effective.inputValue()) === '') await effective.fill(`28.02.${today.getFullYear() + 1}`);
    expect(await form.getByLabel(/^Vorlage/).locator('option:checked').innerText()).toBeTruthy();
    await expectAccessible(s.page);
    const saved = s.page.waitForResponse((r) => r.url().includes('/api-student/cancellation') && r.request().method() === 'POST');
    const letter = s.page.waitForEvent('download');
    await form.getByRole('button', { name: 'Kündigen und Bestätigung erstellen' }).click();
    expect((await saved).status()).toBe(200);
    // The confirmation letter comes as a download (and stays in the documents tab).
    expect(readFileSync(await (await letter).path()).subarray(0, 5).toString('latin1')).toBe('%PDF-');
    await s.page.waitForURL(new RegExp(`/m-student/details/${studentId}\\?tab=contracts$`));
    await s.page.getByText('Erfolgreich gespeichert!').first().waitFor();
    const cancelled = await rowWith(contracts, firstOfMonth);
    await cancelled.getByText(display(today)).first().waitFor();

    await cancelled.getByRole('button', { name: /^Kündigung zurücknehmen:/ }).click();
    const question = s.page.getByRole('alertdialog');
    await question.getByRole('button', { name: 'Zurücknehmen' }).click();
    await question.waitFor({ state: 'detached' });
    const withdrawn = await rowWith(contracts, firstOfMonth);
    await withdrawn.getByRole('button', { name: /^Kündigen:/ }).waitFor();
    expect(await withdrawn.getByRole('button', { name: /^Kündigung zurücknehmen:/ }).count()).toBe(0);
    await expectAccessible(s.page);
    expect(s.tracked.errors).toEqual([]);
  });
});
