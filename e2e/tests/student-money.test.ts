/**
 * A student's money in a real browser (issue 13): on a student without contract and without
 * open items, a cash contract starting this month is added on the contracts tab; the finance
 * tab generates the invoice ('op_succeeded') and shows the open receipt and the balance; a
 * cash payment added on the payments tab is unbooked (red, in words) and assigned to the
 * receipt; the balance drops to 0, also in /m-student/list; the receipt prints (pdftotext
 * shows its number and amount); the contract is cancelled through the cancellation letter
 * (/m-student/cancellation/{id}; the confirmation letter downloads) and the cancellation withdrawn. Axe-core on every step.
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
const display = (date: Date) => `${pad(date.getDate())}.${pad(date.getMonth() + 1)}.${date.getFullYear()}`;
const firstOfMonth = `01.${pad(today.getMonth() + 1)}.${today.getFullYear()}`;
/** The money text the screens show (de-DE, no-break space before the sign). */
const euro = (text: string) => new RegExp(`^${text.replace('.', '\\.')}\\s€$`);

let studentId = 0;
let lastname = '';
let receiptNo = '';

async function pdfText(page: Page, click: () => Promise<void>): Promise<string> {
  const event = page.waitForEvent('download');
  await click();
  const file = await (await event).path();
  expect(readFileSync(file).subarray(0, 5).toString('latin1')).toBe('%PDF-');
  return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
}

/** A student without contract (status 6) and with a balance of 0, in a school with no disabled member status in the way. */
async function studentWithoutContract(): Promise<number> {
  const state = await (await s.page.request.get(`${s.product.url}/api-application-state/get-state`)).json();
  const list = await s.page.request.post(`${s.product.url}/api-student/list`, {
    headers: { 'x-client-version': state.version },
    data: { page: 0, pageSize: 100, sorted: [], filtered: [{ id: 'sst', value: 6 }] },
  });
  const rows = (await list.json()).rows as { id: number; b: number | null; ms: number | null }[];
  const disabled = new Set<number>(state.disabledMemberStatuses ?? []);
  const student = rows.find((row) => row.b === 0 && (row.ms === null || !disabled.has(row.ms)));
  if (!student) throw new Error('the demo office has no student without contract and balance 0');
  return student.id;
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
  it('adds a cash contract starting this month on the contracts tab', async () => {
    studentId = await studentWithoutContract();
    await s.page.goto(`${s.product.url}/m-student/details/${studentId}?tab=contracts`);
    await s.page.getByRole('heading', { name: 'Aktiver Vertrag' }).waitFor();
    lastname = (await s.page.getByRole('heading', { level: 1 }).innerText()).trim().split(/\s+/).pop()!;
    await s.page.getByText('Kein aktiver Vertrag.').waitFor();
    await expectAccessible(s.page);

    await s.page.getByRole('button', { name: 'Vertrag hinzufügen' }).click();
    const dialog = s.page.getByRole('dialog', { name: 'Vertrag hinzufügen' });
    await dialog.getByLabel(/^Zahlungsart/).selectOption({ label: 'Bar' });
    await dialog.getByLabel(/^Beginn/).fill(firstOfMonth);
    await dialog.getByLabel(/^Betrag \(brutto\)/).fill('30,00');
    await dialog.getByLabel(/^Zahlungsintervall/).selectOption({ label: 'monatlich' });
    await expectAccessible(s.page);
    const saved = s.page.waitForResponse((r) => r.url().includes('/api-student/sc') && r.request().method() === 'POST');
    await dialog.getByRole('button', { name: 'Speichern' }).click();
    expect((await saved).status()).toBe(200);
    await dialog.waitFor({ state: 'detached' });
    const contracts = s.page.getByRole('table', { name: 'Verträge des Schülers' });
    const row = await rowWith(contracts, firstOfMonth);
    await row.getByText('aktiv', { exact: true }).waitFor();
    await row.getByText(euro('30,00')).first().waitFor();
  });

  it('generates the invoice on the finance tab: the open receipt and the balance', async () => {
    await openTab('Finanzen');
    await s.page.getByText(/^Saldo: 0,00\s€$/).waitFor();
    const generated = s.page.waitForResponse((r) => r.url().includes('/api-student/gi'));
    await s.page.getByRole('button', { name: 'Rechnungen erstellen' }).click();
    expect((await generated).status()).toBe(200);
    await s.page.getByText('Vorgang erfolgreich ausgeführt.').first().waitFor();
    const open = s.page.getByRole('table', { name: 'Offene Posten' });
    const receipt = await rowWith(open, firstOfMonth);
    expect(await receipt.getByText(euro('30,00')).count()).toBeGreaterThan(0);
    receiptNo = (await receipt.getByRole('cell').first().innerText()).trim();
    expect(receiptNo).toMatch(/^\d+$/);
    await s.page.getByText(/^Saldo: 30,00\s€$/).waitFor();
    await expectAccessible(s.page);
  });

  it('records a cash payment, assigns it to the receipt and the balance drops to 0', async () => {
    await openTab('Zahlungen');
    await s.page.getByRole('button', { name: 'Zahlung hinzufügen' }).click();
    const form = s.page.getByRole('dialog', { name: 'Zahlung hinzufügen' });
    await form.getByLabel(/^Zahlungsdatum/).fill(display(today));
    await form.getByLabel(/^Betrag/).fill('30,00');
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
    await (await rowWith(payments, 'nicht verbucht')).getByText(euro('30,00')).first().waitFor();

    await openTab('Finanzen');
    await s.page.getByText(/^Saldo: 0,00\s€$/).waitFor();
    await expectAccessible(s.page);
    expect(s.tracked.errors).toEqual([]);
  });

  it('shows the balance 0 in the student list and prints the receipt', async () => {
    const receipt = s.page.getByRole('button', { name: `Drucken: Beleg ${receiptNo}` });
    const text = await pdfText(s.page, () => receipt.click());
    expect(text).toContain(receiptNo);
    expect(text).toMatch(/30,00 EUR/);

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
