import { screen } from '@testing-library/react';
import type { AppState } from '../../contracts/index.js';
import { RequireAtom, RequireLevel } from '../require-atom.js';
import { makeAppState, renderWithProviders } from '../../testing/index.js';

function sessionWith(atoms: AppState['atoms'], level: 1 | 2 | 3 = 3) {
  const base = makeAppState();
  return makeAppState({ atoms, user: { ...base.user, level } });
}

describe('RequireAtom', () => {
  it('shows the screen to a user holding the atom', () => {
    renderWithProviders(<RequireAtom atom="finance_r"><h1>Finanzen</h1></RequireAtom>, {
      session: sessionWith(['finance_r']),
    });
    expect(screen.getByRole('heading', { name: 'Finanzen' })).toBeTruthy();
    expect(screen.queryByText('Keine Berechtigung')).toBeNull();
  });

  it('shows a no-permission notice instead of the screen without the atom', () => {
    renderWithProviders(<RequireAtom atom="finance_r"><h1>Finanzen</h1></RequireAtom>, {
      session: sessionWith(['student_r', 'reminder_r']),
    });
    expect(screen.queryByRole('heading', { name: 'Finanzen' })).toBeNull();
    expect(screen.getByRole('heading', { name: 'Keine Berechtigung' })).toBeTruthy();
  });

  it('lets an admin (level 1 or 2) through, as the server does', () => {
    renderWithProviders(<RequireAtom atom="c_news_r"><h1>News</h1></RequireAtom>, {
      session: sessionWith([], 2),
    });
    expect(screen.getByRole('heading', { name: 'News' })).toBeTruthy();
  });
});

describe('RequireLevel', () => {
  it.each([1, 2] as const)('shows a level-%i user the users and roles screens', (level) => {
    renderWithProviders(<RequireLevel maxLevel={2}><h1>Benutzer</h1></RequireLevel>, { session: sessionWith([], level) });
    expect(screen.getByRole('heading', { name: 'Benutzer' })).toBeTruthy();
  });

  it('shows a level-3 user the no-permission notice, whatever atoms the role holds', () => {
    renderWithProviders(<RequireLevel maxLevel={2}><h1>Benutzer</h1></RequireLevel>, {
      session: sessionWith(['student_r', 'student_w', 'finance_r', 's_general_r']),
    });
    expect(screen.queryByRole('heading', { name: 'Benutzer' })).toBeNull();
    expect(screen.getByRole('heading', { name: 'Keine Berechtigung' })).toBeTruthy();
  });

  it('maxLevel 1: only the superadmin', () => {
    renderWithProviders(<RequireLevel maxLevel={1}><h1>Nur Superadmin</h1></RequireLevel>, { session: sessionWith([], 2) });
    expect(screen.getByRole('heading', { name: 'Keine Berechtigung' })).toBeTruthy();
  });
});
