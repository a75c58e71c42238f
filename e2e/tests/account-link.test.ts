/**
 * Linking an account to a membership number in a real browser (issue 10 item 10): the
 * trainer opens the screen from the user menu, is refused a number another account holds
 * and a wrong birth date, then links the number of a member with the birth date the
 * network's register holds, and removes the link again. Axe-core on every state visited.
 */
import { expectAccessible } from '../support/browser';
import { signedInProduct } from '../support/signed-in';

jest.setTimeout(240_000);

const s = signedInProduct('trainer');

/** Display date of an ISO date (the form takes DD.MM.YYYY). */
function displayDate(iso: string): string {
  const [year, month, day] = iso.split('-');
  return `${day}.${month}.${year}`;
}

/** A student of the trainer's school with a network number, as the list shows it (number and birth date). */
async function memberOfTheSchool(): Promise<{ mno: string; dob: string }> {
  const state = await (await s.page.request.get(`${s.product.url}/api-application-state/get-state`)).json();
  const list = await s.page.request.post(`${s.product.url}/api-student/list`, {
    headers: { 'x-client-version': state.version },
    data: { page: 0, pageSize: 100, sorted: [], filtered: [] },
  });
  const rows = (await list.json()).rows as { mno: string | null; dob: string | null }[];
  const member = rows.find((row) => row.mno && row.dob);
  if (!member) throw new Error('the demo office has no student with a network number in Graz');
  return { mno: member.mno!, dob: member.dob! };
}

async function submitLink(mno: string, dob: string, password = 'demo1234') {
  await s.page.getByLabel('Mitgliedsnummer').fill(mno);
  await s.page.getByLabel('Geburtsdatum').fill(dob);
  await s.page.getByLabel('Ihr Passwort').fill(password);
  await s.page.getByRole('button', { name: 'Verknüpfen' }).click();
}

describe('account linking', () => {
  it('opens from the user menu', async () => {
    await s.page.getByRole('button', { name: /Benutzermenü/ }).click();
    await s.page.getByRole('link', { name: 'Mitgliedsnummer verknüpfen' }).click();
    await s.page.waitForURL(/\/account-link$/);
    await s.page.getByRole('heading', { name: 'Mitgliedsnummer verknüpfen' }).waitFor();
    await expectAccessible(s.page);
  });

  it("refuses the superadmin's number (linked to his account) and a wrong birth date", async () => {
    await submitLink('AT-100001', '14.03.1979');
    await s.page.getByRole('alert').filter({ hasText: 'bereits mit einem anderen Benutzerkonto verknüpft' }).waitFor();
    await expectAccessible(s.page);
    const member = await memberOfTheSchool();
    await submitLink(member.mno, '01.01.1950');
    await s.page.getByRole('alert').filter({ hasText: 'Ungültiger Benutzername und/oder ungültiges Passwort.' }).waitFor();
    // Still signed in: a wrong proof does not end the session.
    await s.page.getByRole('button', { name: /Benutzermenü/ }).waitFor();
  });

  it("links with the member's birth date on file and removes the link again", async () => {
    const member = await memberOfTheSchool();
    await submitLink(member.mno.toLowerCase(), displayDate(member.dob));
    await s.page.getByRole('status').filter({ hasText: `mit der Mitgliedsnummer ${member.mno} verknüpft` }).waitFor();
    await expectAccessible(s.page);
    await s.page.reload();
    await s.page.getByRole('status').filter({ hasText: member.mno }).waitFor();
    await s.page.getByRole('button', { name: 'Verknüpfung lösen' }).click();
    const dialog = s.page.getByRole('alertdialog');
    await dialog.waitFor();
    await expectAccessible(s.page);
    await dialog.getByRole('button', { name: 'Verknüpfung lösen' }).click();
    await s.page.getByLabel('Mitgliedsnummer').waitFor();
  });
});
