import { act, fireEvent, screen, within } from '@testing-library/react';
import { Route, Routes, useLocation } from 'react-router';
import type { SchoolCalendar } from 'shared-kernel/contracts';
import { makeAppState, renderWithProviders } from 'shared-kernel/testing';
import { routes } from '../../../routes';
import { getSchoolCalendar } from '../api/calendar-api';

jest.mock('../api/calendar-api', () => ({ getSchoolCalendar: jest.fn() }));
jest.setTimeout(30_000);

const calendar: SchoolCalendar = {
  timetable: [{ id: 1, pid: 2, n: 'Kids Basis', ts: '17:00', te: '18:00', wd: 3, url: '' }],
  appointments: [{ id: 5, sid: 1, type: 1, ds: new Date(2026, 11, 4, 19, 0).toISOString(), de: new Date(2026, 11, 4, 20, 30).toISOString(), status: 1 }],
  news: [{ content_id: 9, title: 'Weihnachtsfeier', date_published: new Date(2026, 11, 10, 8, 0).toISOString() }],
};

let location = '';
function Where() {
  location = useLocation().search;
  return null;
}

function renderCalendar(route: string, atoms = ['c_settings_r', 'c_news_r']) {
  const Calendar = routes['c-calendar'];
  return renderWithProviders(
    <Routes>
      <Route path="c-calendar/*" element={<><Calendar /><Where /></>} />
    </Routes>,
    { route, session: { user: { ...makeAppState().user, level: 3 as const }, atoms: atoms as never } },
  );
}

const cell = (name: RegExp) => screen.getByRole('gridcell', { name });

beforeEach(() => {
  jest.mocked(getSchoolCalendar).mockReset().mockResolvedValue(calendar);
});

describe('/c-calendar', () => {
  it('shows the month with the weekly classes, appointments and news on their days', async () => {
    renderCalendar('/c-calendar?day=2026-12-02');
    const grid = await screen.findByRole('grid', { name: /Dezember 2026/ });
    expect(within(grid).getAllByRole('columnheader').map((header) => header.textContent)).toEqual([
      'Montag', 'Dienstag', 'Mittwoch', 'Donnerstag', 'Freitag', 'Samstag', 'Sonntag',
    ]);
    await within(grid).findAllByText(/Kids Basis/);
    // December 2026 starts on a Tuesday: the grid runs from Monday 30 November to Sunday 3 January.
    const [, from, to] = jest.mocked(getSchoolCalendar).mock.calls[0]!;
    expect([from.getDate(), from.getMonth(), to.getDate(), to.getMonth()]).toEqual([30, 10, 4, 0]);
    expect(within(cell(/Mittwoch, 2\. Dezember 2026/)).getByText('17:00–18:00 Kids Basis (Kinder 7–10 Jahre)')).toBeTruthy();
    expect(within(cell(/Freitag, 4\. Dezember 2026/)).getByText('19:00–20:30 Infoabend')).toBeTruthy();
    expect(within(cell(/Donnerstag, 10\. Dezember 2026/)).getByText('08:00 News: Weihnachtsfeier')).toBeTruthy();
    expect(within(grid).getAllByText(/Kids Basis/)).toHaveLength(5);
    expect(cell(/Mittwoch, 2\. Dezember 2026/).getAttribute('tabindex')).toBe('0');
  });

  it('moves between days by keyboard, into the next month, and switches to the week view', async () => {
    const { user } = renderCalendar('/c-calendar?day=2026-12-30');
    await screen.findByRole('grid', { name: /Dezember 2026/ });
    act(() => cell(/Mittwoch, 30\. Dezember 2026/).focus());
    await user.keyboard('{ArrowRight}');
    expect(document.activeElement).toBe(cell(/Donnerstag, 31\. Dezember 2026/));
    await user.keyboard('{ArrowDown}');
    expect(await screen.findByRole('grid', { name: /Januar 2027/ })).toBeTruthy();
    expect(document.activeElement).toBe(cell(/Donnerstag, 7\. Januar 2027/));
    expect(location).toContain('day=2027-01-07');
    await user.keyboard('{Home}');
    expect(document.activeElement).toBe(cell(/Montag, 4\. Januar 2027/));

    await user.click(screen.getByRole('button', { name: 'Woche' }));
    const week = await screen.findByRole('grid', { name: 'Woche vom 04.01.2027 bis 10.01.2027' });
    expect(within(week).getAllByRole('gridcell')).toHaveLength(7);
    await user.click(screen.getByRole('button', { name: 'Nächste Woche' }));
    expect(await screen.findByRole('grid', { name: 'Woche vom 11.01.2027 bis 17.01.2027' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Monat' }));
    await user.click(screen.getByRole('button', { name: 'Vorheriger Monat' }));
    expect(await screen.findByRole('grid', { name: /Dezember 2026/ })).toBeTruthy();
  });

  it('keeps the moved focus when the calendar data arrives between the key and the new day', async () => {
    // A slow answer landing after the key press re-renders the old day first; that render must
    // not use up the focus request (this made the keyboard test above flaky under load).
    let answer!: (value: SchoolCalendar) => void;
    jest.mocked(getSchoolCalendar).mockReset().mockReturnValue(new Promise((resolve) => { answer = resolve; }));
    renderCalendar('/c-calendar?day=2026-12-30');
    await screen.findByRole('grid', { name: /Dezember 2026/ });
    act(() => cell(/Mittwoch, 30\. Dezember 2026/).focus());
    await act(async () => {
      fireEvent.keyDown(cell(/Mittwoch, 30\. Dezember 2026/), { key: 'ArrowRight' });
      answer(calendar);
    });
    await screen.findAllByText(/Kids Basis/);
    expect(location).toContain('day=2026-12-31');
    expect(document.activeElement).toBe(cell(/Donnerstag, 31\. Dezember 2026/));
  });

  it('offers a school picker for several schools and reads the calendar of the chosen one', async () => {
    const { user } = renderCalendar('/c-calendar?day=2026-12-02');
    const picker = await screen.findByLabelText('Schule');
    await user.selectOptions(picker, within(picker).getAllByRole('option')[1]!);
    await screen.findByRole('grid');
    expect(jest.mocked(getSchoolCalendar).mock.calls.at(-1)![0]).toBe(2);
  });

  it('says news need their right', async () => {
    renderCalendar('/c-calendar?day=2026-12-02', ['c_settings_r']);
    expect(await screen.findByText('News werden nur mit dem Recht, News zu lesen, angezeigt.')).toBeTruthy();
  });
});
