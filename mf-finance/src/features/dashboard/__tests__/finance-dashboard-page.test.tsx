import { screen, waitFor, within } from '@testing-library/react';
import { renderWithProviders } from 'shared-kernel/testing';
import type { FinDash, IeChart } from 'shared-kernel/contracts';
import { routes } from '../../../routes.js';

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

const realFetch = globalThis.fetch;
afterEach(() => {
  globalThis.fetch = realFetch;
});

function dash(year: number): FinDash {
  const months = Array.from({ length: 12 }, (_, i) => ({ month: i + 1, receipts: 123456, open: 1000, income: 50000, expense: 2500 }));
  return {
    year, currency: 'EUR', months, totals: { receipts: 12 * 123456, open: 12000, income: 600000, expense: 30000 },
    dd: [{ month: 3, runs: 2, cnt: 41, amt: 200900, dates: ['2026-03-02T08:00:00Z', '2026-03-16T08:00:00Z'] }],
  };
}

/** The income/expense chart's 12 months ending in `year`-`month`. */
function ieChart(year: number, month: number): IeChart {
  const months = Array.from({ length: 12 }, (_, i) => {
    const d = new Date(Date.UTC(year, month - 12 + i, 1));
    return `${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, '0')}`;
  });
  return { months, in: months.map(() => 500_00), out: months.map(() => 25_00), totals: { in: 6000_00, out: 300_00, balance: 5700_00 }, currency: 'EUR' };
}

/** Answers the overview's three calls; `dashYears` and `chartMonths` record what was asked. */
function serve(dashYears: string[] = [], chartMonths: string[] = [], counts = { 1: 0, 2: 0, 3: 0 }) {
  globalThis.fetch = jest.fn(async (request: Request) => {
    const url = new URL(request.url);
    let body: unknown;
    if (url.pathname.endsWith('/api-receipt/dunning-counts')) body = { counts };
    else if (url.pathname.endsWith('/api-fin/ie-chart')) {
      const [year, month] = [Number(url.searchParams.get('year')), Number(url.searchParams.get('month'))];
      chartMonths.push(`${year}-${month}`);
      body = ieChart(year, month);
    } else {
      const year = url.searchParams.get('year') ?? '';
      dashYears.push(year);
      body = dash(Number(year));
    }
    return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
  }) as unknown as typeof fetch;
}

describe('finance dashboard', () => {
  it('sends /m-fin to the dashboard and shows the month overview of the chosen year', async () => {
    const years: string[] = [];
    const chartMonths: string[] = [];
    serve(years, chartMonths);
    const FinanceRoutes = routes['m-fin'];
    const { user } = renderWithProviders(<FinanceRoutes />, { route: '/' });
    const thisYear = new Date().getFullYear();
    const table = await screen.findByRole('table', { name: `Monatsübersicht ${thisYear}` });
    const january = within(table).getByRole('row', { name: /Jänner|Januar/ });
    expect(january.textContent).toContain('1.234,56');
    const total = within(table).getByRole('row', { name: /Summe/ });
    expect(total.textContent).toContain('14.814,72');
    await user.selectOptions(screen.getByLabelText('Jahr'), String(thisYear - 1));
    expect(await screen.findByRole('table', { name: `Monatsübersicht ${thisYear - 1}` })).toBeTruthy();
    expect(years).toEqual([String(thisYear), String(thisYear - 1)]);
    // The income/expense chart: the last 12 months, for a past year those ending in its December.
    const chart = await screen.findByRole('region', { name: 'Einnahmen und Ausgaben der letzten 12 Monate' });
    await waitFor(() => expect(chartMonths).toContain(`${thisYear - 1}-12`));
    expect(chartMonths[0]).toBe(`${thisYear}-${new Date().getMonth() + 1}`);
    await waitFor(() => expect(within(chart).getByTestId('apexchart').textContent).toContain('Einnahmen=500/500'));
    // The direct-debit overview: the runs per month, linking to /m-fin/dd.
    const runs = await screen.findByRole('table', { name: `Lastschriftläufe ${thisYear - 1}` });
    const march = within(runs).getByRole('row', { name: /März/ });
    expect(march.textContent).toContain('2.009,00');
    expect(march.textContent).toMatch(/02\.03\.2026 \d\d:00, 16\.03\.2026/);
    expect(within(march).getByRole('link', { name: 'März' }).getAttribute('href')).toBe('/m-fin/dd');
  });

  it('has the dunning menu: a link to each level with the number of items due there', async () => {
    const paths: string[] = [];
    serve(undefined, undefined, { 1: 12, 2: 3, 3: 0 });
    const answer = jest.mocked(globalThis.fetch).getMockImplementation()!;
    globalThis.fetch = jest.fn(async (request: Request) => {
      paths.push(new URL(request.url).pathname);
      return answer(request);
    }) as unknown as typeof fetch;
    const FinanceRoutes = routes['m-fin'];
    renderWithProviders(<FinanceRoutes />, { route: '/' });
    const menu = await screen.findByRole('navigation', { name: 'Mahnwesen' });
    const level1 = await within(menu).findByRole('link', { name: /1\. Mahnstufe\s*12 fällig/ });
    expect(level1.getAttribute('href')).toBe('/m-student/dun/1');
    expect(within(menu).getByRole('link', { name: /2\. Mahnstufe\s*3 fällig/ }).getAttribute('href')).toBe('/m-student/dun/2');
    expect(within(menu).getByRole('link', { name: /3\. Mahnstufe \(Inkasso\)\s*0 fällig/ }).getAttribute('href')).toBe('/m-student/dun/3');
    await waitFor(() => expect(paths.filter((path) => path.endsWith('/api-receipt/dunning-counts'))).toHaveLength(1));
  });

  it('serves the dunning prefix too', () => {
    expect(Object.keys(routes).sort()).toEqual(['m-fin', 'm-student/dun']);
  });
});
