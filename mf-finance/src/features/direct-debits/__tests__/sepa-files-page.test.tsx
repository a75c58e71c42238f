import { act, screen, waitFor, within } from '@testing-library/react';
import { useSessionStore } from 'shared-kernel';
import { renderWithProviders } from 'shared-kernel/testing';
import type { SepaFileRow } from 'shared-kernel/contracts';
import * as ddApi from '../api/direct-debits';
import { FinanceArea, userWith } from '../../income-expense/__tests__/fixtures';

jest.mock('../api/direct-debits', () => ({
  ...jest.requireActual('../api/direct-debits'),
  getSepaFiles: jest.fn(),
}));
jest.setTimeout(40_000);

const api = jest.mocked(ddApi);
const file = (i: number): SepaFileRow => ({
  id: i, tid: `SBO-DD${i}-20261121093000`, date: '2026-11-21T09:30:15Z', iban: 'DE89370400440532013000', cnt: i, amt: 4900 * i, cc: 'EUR', cd: '2026-11-24', sid: 1,
});

beforeEach(() => {
  api.getSepaFiles.mockResolvedValue({ rows: Array.from({ length: 23 }, (_, i) => file(23 - i)) });
});

describe('/m-fin/sepa', () => {
  it('lists the files 20 per page with both downloads opening in a new tab', async () => {
    const { user } = renderWithProviders(<FinanceArea />, { route: '/m-fin/sepa', session: userWith(['finance_r']) });
    const table = await screen.findByRole('table', { name: 'SEPA-Dateien' }, {}, );
    const bodyRows = within(table).getAllByRole('row').slice(1);
    expect(bodyRows).toHaveLength(20);
    const first = bodyRows[0]!;
    expect(within(first).getByText('SBO-DD23-20261121093000')).toBeTruthy();
    expect(within(first).getByText('DE89370400440532013000')).toBeTruthy();
    expect(within(first).getByText(/1\.127,00/)).toBeTruthy();
    expect(first.textContent).toMatch(/21\.11\.2026 \d\d:30:15/);
    const xml = within(first).getByRole('link', { name: 'SEPA XML von SBO-DD23-20261121093000 herunterladen (neuer Tab)' });
    expect(xml.getAttribute('href')).toBe('/api-fin/es?mode=ebics&key=23');
    expect(xml.getAttribute('target')).toBe('_blank');
    const fints = within(first).getByRole('link', { name: /FinTS-Datei von SBO-DD23/ });
    expect(fints.getAttribute('href')).toBe('/api-fin/es?mode=fints&key=23');
    await user.click(screen.getByRole('button', { name: 'Nächste Seite' }));
    await waitFor(() => expect(within(screen.getByRole('table', { name: 'SEPA-Dateien' })).getAllByRole('row')).toHaveLength(4));
  });

  it('loads the files again when the user picks other schools in the school filter', async () => {
    api.getSepaFiles.mockClear();
    renderWithProviders(<FinanceArea />, { route: '/m-fin/sepa', session: userWith(['finance_r']) });
    await screen.findByRole('table', { name: 'SEPA-Dateien' });
    await waitFor(() => expect(api.getSepaFiles).toHaveBeenCalledTimes(1));
    api.getSepaFiles.mockResolvedValue({ rows: [file(7)] });
    act(() => {
      const appState = useSessionStore.getState().appState!;
      useSessionStore.setState({ appState: { ...appState, filter: [2] } });
    });
    await waitFor(() => expect(api.getSepaFiles).toHaveBeenCalledTimes(2));
    await waitFor(() => expect(within(screen.getByRole('table', { name: 'SEPA-Dateien' })).getAllByRole('row')).toHaveLength(2));
  });
});
