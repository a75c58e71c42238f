import { screen, waitFor, within } from '@testing-library/react';
import { renderWithProviders } from 'shared-kernel/testing';
import type { FinDash } from 'shared-kernel/contracts';
import { routes } from '../../../routes.js';

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

describe('finance dashboard', () => {
  it('sends /m-fin to the dashboard and shows the month overview of the chosen year', async () => {
    const years: string[] = [];
    globalThis.fetch = jest.fn(async (request: Request) => {
      if (new URL(request.url).pathname.endsWith('/api-receipt/dunning-counts')) {
        return new Response(JSON.stringify({ counts: { 1: 0, 2: 0, 3: 0 } }), { status: 200, headers: { 'content-type': 'application/json' } });
      }
      const year = new URL(request.url).searchParams.get('year') ?? '';
      years.push(year);
      return new Response(JSON.stringify(dash(Number(year))), { status: 200, headers: { 'content-type': 'application/json' } });
    }) as unknown as typeof fetch;
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
    // The direct-debit overview: the runs per month, linking to /m-fin/dd.
    const runs = await screen.findByRole('table', { name: `Lastschriftläufe ${thisYear - 1}` });
    const march = within(runs).getByRole('row', { name: /März/ });
    expect(march.textContent).toContain('2.009,00');
    expect(march.textContent).toMatch(/02\.03\.2026 \d\d:00, 16\.03\.2026/);
    expect(within(march).getByRole('link', { name: 'März' }).getAttribute('href')).toBe('/m-fin/dd');
  });

  it('has the dunning menu: a link to each level with the number of items due there', async () => {
    const paths: string[] = [];
    globalThis.fetch = jest.fn(async (request: Request) => {
      const url = new URL(request.url);
      paths.push(url.pathname);
      const body = url.pathname.endsWith('/api-receipt/dunning-counts') ? { counts: { 1: 12, 2: 3, 3: 0 } } : dash(Number(url.searchParams.get('year')));
      return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
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
