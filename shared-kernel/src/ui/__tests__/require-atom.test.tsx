import { screen } from '@testing-library/react';
import type { AppState } from '../../contracts/index.js';
import { RequireAtom } from '../require-atom.js';
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
