import { screen, waitFor, within } from '@testing-library/react';
import { HTTPError } from 'ky';
import { renderWithProviders } from 'shared-kernel/testing';
import type { IeChart } from 'shared-kernel/contracts';
import { getIeChart } from '../api/get-ie-chart';
import IncomeExpenseChart from '../components/income-expense-chart';

jest.mock('../api/get-ie-chart');
// apexcharts needs a real layout engine: a stand-in shows the series the chart gets (the
// kernel's chart loads react-apexcharts' core wrapper and registers the bar chart and legend).
jest.mock('apexcharts/bar', () => ({}));
jest.mock('apexcharts/features/legend', () => ({}));
jest.mock('react-apexcharts/core', () => ({
  __esModule: true,
  default: (props: { series: Array<{ name: string; data: number[] }> }) => (
    <div data-testid="apexchart">{props.series.map((s) => `${s.name}=${s.data.join('/')}`).join(';')}</div>
  ),
}));
jest.setTimeout(30_000);

const CHART: IeChart = {
  months: ['2025-12', '2026-01', '2026-02', '2026-03', '2026-04', '2026-05', '2026-06', '2026-07', '2026-08', '2026-09', '2026-10', '2026-11'],
  in: [100_00, 0, 0, 0, 0, 0, 0, 0, 0, 0, 250_50, 300_00],
  out: [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 50_00, 899_00],
  totals: { in: 650_50, out: 949_00, balance: -298_50 },
  currency: 'EUR',
};

describe('income/expense chart (the management dashboard widget)', () => {
  it('asks for the 12 months ending this month and shows them as a labelled chart with a data table', async () => {
    jest.mocked(getIeChart).mockResolvedValue(CHART);
    const { user } = renderWithProviders(<IncomeExpenseChart today={new Date(2026, 10, 25)} />);
    const figure = await screen.findByRole('figure', { name: 'Einnahmen und Ausgaben der letzten 12 Monate' });
    expect(jest.mocked(getIeChart).mock.calls[0]!.slice(0, 2)).toEqual([2026, 11]);
    expect(within(figure).getByRole('img').getAttribute('aria-label')).toMatch(/^Einnahmen 650,50\s€, Ausgaben 949,00\s€, Saldo -298,50\s€/);
    expect((await within(figure).findByTestId('apexchart')).textContent).toBe('Einnahmen=100/0/0/0/0/0/0/0/0/0/250.5/300;Ausgaben=0/0/0/0/0/0/0/0/0/0/50/899');
    await user.click(screen.getByText('Daten als Tabelle anzeigen'));
    const table = screen.getByRole('table', { name: 'Daten des Diagramms' });
    expect(within(table).getAllByRole('row')).toHaveLength(13);
    expect(within(table).getByRole('cell', { name: /899,00/ })).toBeTruthy();
  });

  it('a failed load shows an error panel with retry; refreshKey loads again', async () => {
    const response = new Response(null, { status: 500 });
    jest.mocked(getIeChart).mockReset().mockRejectedValueOnce(new HTTPError(response, new Request('http://localhost/api-fin/ie-chart'), {} as never)).mockResolvedValue(CHART);
    const { user, rerender } = renderWithProviders(<IncomeExpenseChart refreshKey={0} />);
    expect((await screen.findByRole('alert')).textContent).toContain('Serverfehler.');
    await user.click(screen.getByRole('button', { name: 'Erneut versuchen' }));
    expect(await screen.findByRole('figure')).toBeTruthy();
    rerender(<IncomeExpenseChart refreshKey={1} />);
    await waitFor(() => expect(getIeChart).toHaveBeenCalledTimes(3));
  });
});
