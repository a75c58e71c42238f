import { screen, within } from '@testing-library/react';
import { makeAppState, renderWithProviders } from 'shared-kernel/testing';
import { UserMenu } from '../user-menu';

describe('user menu', () => {
  it('leads to the password change, the own settings and the account link', async () => {
    const { user } = renderWithProviders(<UserMenu />);
    await user.click(screen.getByRole('button', { name: /Anna Admin/ }));
    const links = screen.getAllByRole('link').map((link) => [link.textContent, link.getAttribute('href')]);
    expect(links).toEqual([
      ['Passwort ändern', '/password-change'],
      ['Meine Einstellungen', '/m-conf/user-settings'],
      ['Mitgliedsnummer verknüpfen', '/account-link'],
    ]);
    expect(screen.getByRole('button', { name: 'Abmelden' })).toBeTruthy();
  });

  it('offers to unlink a linked membership number', async () => {
    const { user } = renderWithProviders(<UserMenu />, { session: { user: { ...makeAppState().user, mno: 'AT-100001' } } });
    await user.click(screen.getByRole('button', { name: /Anna Admin/ }));
    const list = screen.getByRole('list');
    expect(within(list).getByRole('link', { name: 'Mitgliedsnummer AT-100001: Verknüpfung lösen' }).getAttribute('href')).toBe('/account-link');
  });
});
