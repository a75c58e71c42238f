import { screen } from '@testing-library/react';
import { http } from 'shared-kernel';
import { renderWithProviders } from 'shared-kernel/testing';
import { HelpPage } from '../components/help-page.js';

// The list and the player are the kernel's (tested there and on /m-help); here only that
// /c-help shows them under its heading.
it('/c-help shows the tutorials under the help heading', async () => {
  jest.spyOn(http, 'get').mockReturnValue({ json: () => Promise.resolve([]) } as unknown as ReturnType<typeof http.get>);
  renderWithProviders(<HelpPage />, { session: { atoms: [] } });
  expect(screen.getByRole('heading', { name: 'Hilfe', level: 1 })).toBeTruthy();
  expect(await screen.findByRole('button', { name: 'Microsite' })).toBeTruthy();
  expect(http.get).toHaveBeenCalledWith('api-base/videos', expect.anything());
});
