import { screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { todayIso } from 'shared-kernel';
import type { ReminderRow } from 'shared-kernel/contracts';
import { makeAppState, renderWithProviders } from 'shared-kernel/testing';
import { routes } from '../../../routes';
import { createReminder, deleteReminder, getReminderList, getSchoolUsers, markReminderDone, updateReminder } from '../api/reminders';

jest.mock('../api/reminders', () => ({
  ...jest.requireActual('../api/reminders'),
  getReminderList: jest.fn(),
  getReminder: jest.fn(),
  createReminder: jest.fn(),
  updateReminder: jest.fn(),
  markReminderDone: jest.fn(),
  deleteReminder: jest.fn(),
  getSchoolUsers: jest.fn(),
}));

// user-event sessions are slow on the small shared test machines.
jest.setTimeout(40_000);

/** The ISO day `days` after today (the list's colours are relative to today). */
function dayFromToday(days: number): string {
  const [y, m, d] = todayIso().split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}
const screenDate = (iso: string) => iso.split('-').reverse().join('.');

function reminder(overrides: Partial<ReminderRow>): ReminderRow {
  return {
    reminder_id: 1, date_created: '2026-11-01T08:00:00Z', date_deadline: dayFromToday(5), subject: 'Subject', notes: '', username: 'office',
    lead_id: null, student_id: null, delegated_to: null, delegated_username: null, date_done: null, user_done: null, ref_name: null,
    school_id: 1, version: 3, ...overrides,
  };
}

const rows: ReminderRow[] = [
  reminder({ reminder_id: 11, subject: 'Rückruf Eltern', date_deadline: dayFromToday(-2), student_id: 7, ref_name: 'Eva Binder', notes: 'Wegen Prüfung' }),
  reminder({ reminder_id: 12, subject: 'Probetraining nachfassen', date_deadline: todayIso(), lead_id: 9, ref_name: 'Max Böhm', delegated_to: 4, delegated_username: 'trainer' }),
  reminder({ reminder_id: 13, subject: 'Gurt bestellen', date_deadline: dayFromToday(3) }),
];

const userWith = (atoms: string[]) => ({ user: { ...makeAppState().user, level: 3 }, atoms: atoms as never });

function renderArea(session = {}) {
  const Reminders = routes['m-reminder'];
  return renderWithProviders(
    <Routes>
      <Route path="m-reminder/*" element={<Reminders />} />
    </Routes>,
    { route: '/m-reminder/list', session },
  );
}

async function rowOf(subject: string) {
  const cell = await screen.findByText(subject, {}, { timeout: 15_000 });
  return cell.closest('tr') as HTMLElement;
}

beforeEach(() => {
  jest.mocked(getReminderList).mockReset().mockResolvedValue({ rows, pages: 1, total: 3 });
  jest.mocked(createReminder).mockReset().mockResolvedValue(undefined);
  jest.mocked(updateReminder).mockReset().mockResolvedValue(4);
  jest.mocked(markReminderDone).mockReset().mockResolvedValue(undefined);
  jest.mocked(deleteReminder).mockReset().mockResolvedValue(undefined);
  jest.mocked(getSchoolUsers).mockReset().mockResolvedValue([
    { id: 4, un: 'trainer', fn: 'Tom', ln: 'Trainer' },
    { id: 5, un: 'office', fn: 'Olga', ln: 'Office' },
  ]);
});

describe('reminders list', () => {
  it('shows open reminders by deadline: overdue red and due today orange, each with a word; references link to the student or lead', async () => {
    renderArea();
    const overdue = await rowOf('Rückruf Eltern');
    expect(overdue.className).toContain('sbo-row-danger');
    expect(overdue.textContent).toContain(`${screenDate(dayFromToday(-2))} (überfällig)`);
    expect(overdue.textContent).toContain('Wegen Prüfung');
    expect(overdue.textContent).toContain('01.11.2026');
    expect(within(overdue).getByRole('link', { name: 'Schüler: Eva Binder' }).getAttribute('href')).toBe('/m-student/details/7');

    const today = await rowOf('Probetraining nachfassen');
    expect(today.className).toContain('sbo-row-warning');
    expect(today.textContent).toContain('(heute fällig)');
    expect(today.textContent).toContain('trainer');
    expect(within(today).getByRole('link', { name: 'Interessent: Max Böhm' }).getAttribute('href')).toBe('/m-lead/edit/9');

    const later = await rowOf('Gurt bestellen');
    expect(later.className).not.toMatch(/sbo-row-(danger|warning)/);
    expect(later.textContent).not.toMatch(/überfällig|heute fällig/);

    expect(getReminderList).toHaveBeenCalledWith(
      expect.objectContaining({ sorted: [{ id: 'date_deadline', desc: false }], filtered: [{ id: 'done', value: false }] }),
      expect.anything(),
    );
  });

  it('switches to the done reminders with the status filter', async () => {
    const { user } = renderArea();
    await rowOf('Rückruf Eltern');
    jest.mocked(getReminderList).mockResolvedValue({
      rows: [reminder({ reminder_id: 20, subject: 'Erledigtes', date_deadline: dayFromToday(-9), date_done: '2026-11-20T10:15:00Z', user_done: 'office' })],
      pages: 1,
      total: 1,
    });
    await user.selectOptions(screen.getByLabelText('Erledigt am', { exact: false }), 'Erledigt');
    const done = await rowOf('Erledigtes');
    expect(getReminderList).toHaveBeenLastCalledWith(expect.objectContaining({ filtered: [{ id: 'done', value: true }] }), expect.anything());
    expect(done.className).not.toContain('sbo-row-danger');
    expect(done.textContent).not.toContain('überfällig');
    expect(within(done).queryByRole('button', { name: /als erledigt markieren/ })).toBeNull();
  });

  it('creates a reminder for a school with a delegate from that school\'s users', async () => {
    const { user } = renderArea();
    await rowOf('Gurt bestellen');
    await user.click(screen.getByRole('button', { name: 'Neue Wiedervorlage' }));
    const dialog = await screen.findByRole('dialog', { name: 'Neue Wiedervorlage' });
    await user.type(within(dialog).getByLabelText('Betreff', { exact: false }), 'Hallenmiete prüfen');
    await user.type(within(dialog).getByLabelText('Frist', { exact: false }), screenDate(dayFromToday(10)));
    await user.selectOptions(within(dialog).getByLabelText('Schule', { exact: false }), 'Kampfsportschule München');
    await waitFor(() => expect(getSchoolUsers).toHaveBeenCalledWith(2, expect.anything()));
    const delegate = within(dialog).getByLabelText('Delegiert an', { exact: false });
    await waitFor(() => expect((delegate as HTMLSelectElement).disabled).toBe(false));
    await user.selectOptions(delegate, 'Tom Trainer (trainer)');
    await user.click(within(dialog).getByRole('button', { name: 'Speichern' }));
    await waitFor(() =>
      expect(createReminder).toHaveBeenCalledWith({
        date_deadline: dayFromToday(10), subject: 'Hallenmiete prüfen', notes: '', student_id: null, lead_id: null, school_id: 2, delegated_to: 4, done: false,
      }, expect.stringMatching(/^[0-9a-f]{32}$/)),
    );
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Neue Wiedervorlage' })).toBeNull());
    await waitFor(() => expect(getReminderList).toHaveBeenCalledTimes(2));
  });

  it('edits a reminder with the version it read and marks one done', async () => {
    const { user } = renderArea();
    const row = await rowOf('Probetraining nachfassen');
    await user.click(within(row).getByRole('button', { name: 'Wiedervorlage „Probetraining nachfassen“ bearbeiten' }));
    const dialog = await screen.findByRole('dialog', { name: 'Wiedervorlage bearbeiten' });
    expect(within(dialog).queryByLabelText('Schule', { exact: false })).toBeNull();
    await waitFor(() => expect(getSchoolUsers).toHaveBeenCalledWith(1, expect.anything()));
    const subject = within(dialog).getByLabelText('Betreff', { exact: false });
    await user.clear(subject);
    await user.type(subject, 'Probetraining Freitag');
    await user.click(within(dialog).getByRole('button', { name: 'Speichern' }));
    await waitFor(() =>
      expect(updateReminder).toHaveBeenCalledWith(
        12,
        expect.objectContaining({ subject: 'Probetraining Freitag', lead_id: 9, delegated_to: 4, date_deadline: todayIso(), done: false }),
        3,
      ),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    await user.click(within(await rowOf('Rückruf Eltern')).getByRole('button', { name: 'Wiedervorlage „Rückruf Eltern“ als erledigt markieren' }));
    await waitFor(() => expect(markReminderDone).toHaveBeenCalledWith(expect.objectContaining({ reminder_id: 11, version: 3 })));
    await waitFor(() => expect(getReminderList).toHaveBeenCalledTimes(3));
  });

  it('deletes after the really_delete confirmation', async () => {
    const { user } = renderArea();
    await user.click(within(await rowOf('Gurt bestellen')).getByRole('button', { name: 'Wiedervorlage „Gurt bestellen“ löschen' }));
    const confirm = await screen.findByRole('alertdialog');
    await user.click(within(confirm).getByRole('button', { name: 'Löschen' }));
    await waitFor(() => expect(deleteReminder).toHaveBeenCalledWith(13));
    await waitFor(() => expect(getReminderList).toHaveBeenCalledTimes(2));
  });

  it('offers only what the atoms allow, and refuses without reminder_r', async () => {
    const view = renderArea(userWith(['reminder_r']));
    const row = await rowOf('Rückruf Eltern');
    expect(within(row).queryByRole('button')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Neue Wiedervorlage' })).toBeNull();
    view.unmount();

    renderArea(userWith(['student_r']));
    expect(await screen.findByRole('heading', { name: 'Keine Berechtigung' })).toBeTruthy();
  });
});
