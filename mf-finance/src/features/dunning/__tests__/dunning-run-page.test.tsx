import { screen, waitFor, within } from '@testing-library/react';
import { makeAppState, renderWithProviders } from 'shared-kernel/testing';
import { ATOMS, type DunningItem, type DunningListResponse, type DunningRunResponse } from 'shared-kernel/contracts';
import { routes } from '../../../routes.js';
import { selectAllFlag } from '../components/dunning-run-page.js';

const realFetch = globalThis.fetch;
afterEach(() => {
  globalThis.fetch = realFetch;
});

function item(index: number, overrides: Partial<DunningItem> = {}): DunningItem {
  return {
    rno: 1000 + index, stid: 10 + index, fn: 'Maria', ln: `Huber${String(index).padStart(2, '0')}`, sid: 1,
    dc: '2026-10-01', dd: '2026-10-15', a: 4900, o: 4900 - index, cur: 'EUR', dun: 0, dlir: null, ...overrides,
  };
}

function listOf(level: 1 | 2 | 3, rows: DunningItem[]): DunningListResponse {
  const sum = rows.reduce((total, row) => total + row.o, 0);
  return { level, rows, total: rows.length, sums: rows.length ? [{ cur: 'EUR', o: sum }] : [], inactive: [] };
}

interface Call {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
  key: string | null;
}

/** A fetch stand-in answering the dunning routes; records every call. */
function serve(answers: { list: (level: number, call: number) => DunningListResponse; run?: (body: { level: number; rnos: number[] }) => Response }) {
  const calls: Call[] = [];
  let lists = 0;
  globalThis.fetch = jest.fn(async (request: Request) => {
    const url = new URL(request.url);
    const body = request.method === 'POST' ? await request.json() : null;
    calls.push({ method: request.method, path: url.pathname, query: url.searchParams, body, key: request.headers.get('Idempotency-Key') });
    const json = (data: unknown, status = 200) => new Response(JSON.stringify(data), { status, headers: { 'content-type': 'application/json' } });
    if (url.pathname.endsWith('/api-receipt/dunning') && request.method === 'GET') {
      lists += 1;
      return json(answers.list(Number(url.searchParams.get('level')), lists));
    }
    if (url.pathname.endsWith('/api-receipt/dunning') && request.method === 'POST') {
      return answers.run ? answers.run(body as { level: number; rnos: number[] }) : json({ error: 3 }, 500);
    }
    return json({ error: 1 }, 404);
  }) as unknown as typeof fetch;
  return calls;
}

const DunningRoutes = routes['m-student/dun'];

describe('dunning run screen (/m-student/dun/{level})', () => {
  it('shows the open items of the level 20 per page, with the previous dunning and the open total', async () => {
    const rows = Array.from({ length: 25 }, (_, i) => item(i, i === 0 ? { dun: 1, dlir: '2026-11-01' } : {}));
    const calls = serve({ list: (level) => listOf(level as 2, rows) });
    const { user } = renderWithProviders(<DunningRoutes />, { route: '/2' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Mahnlauf – 2. Mahnstufe' })).toBeTruthy();
    const table = await screen.findByRole('table', { name: 'Fällige offene Posten' });
    expect(calls[0]!.query.get('level')).toBe('2');
    const bodyRows = within(table).getAllByRole('row').slice(1, -1);
    expect(bodyRows).toHaveLength(20);
    const first = bodyRows[0]!;
    expect(within(first).getByRole('cell', { name: 'Maria Huber00' })).toBeTruthy();
    expect(first.textContent).toContain('1000');
    expect(first.textContent).toContain('01.10.2026');
    expect(first.textContent).toContain('15.10.2026');
    expect(first.textContent).toContain('49,00');
    expect(first.textContent).toContain('Stufe 1 am 01.11.2026');
    expect(within(table).getByRole('row', { name: /Summe offen/ }).textContent).toContain('1.222,00');
    const pages = screen.getByRole('navigation', { name: 'Seiten der Liste' });
    expect(within(pages).getByText('Seite 1 von 2')).toBeTruthy();
    await user.click(within(pages).getByRole('button', { name: 'Nächste Seite' }));
    expect(within(table).getAllByRole('row').slice(1, -1)).toHaveLength(5);
    expect(within(table).getByRole('checkbox', { name: 'Beleg 1024 von Maria Huber24 auswählen' })).toBeTruthy();
  });

  it('selects all, some (tri-state) and none; generating with nothing selected says so and sends nothing', async () => {
    const rows = Array.from({ length: 3 }, (_, i) => item(i));
    const calls = serve({ list: () => listOf(1, rows) });
    const { user } = renderWithProviders(<DunningRoutes />, { route: '/1' });
    const all = (await screen.findByRole('checkbox', { name: 'Alle auswählen' })) as HTMLInputElement;
    expect(screen.getByText('0 von 3 ausgewählt')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Mahnungen erstellen' }));
    expect(await screen.findByRole('alert')).toHaveProperty('textContent', 'Es ist nichts ausgewählt.');
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(0);

    await user.click(screen.getByRole('checkbox', { name: 'Beleg 1001 von Maria Huber01 auswählen' }));
    await waitFor(() => expect(all.indeterminate).toBe(true));
    expect(all.checked).toBe(false);
    expect(screen.getByText('1 von 3 ausgewählt')).toBeTruthy();
    // Toggle-all with some selected deselects all (spec 001 §4) …
    await user.click(all);
    await waitFor(() => expect(screen.getByText('0 von 3 ausgewählt')).toBeTruthy());
    expect(all.indeterminate).toBe(false);
    // … and with none selected selects all.
    await user.click(all);
    await waitFor(() => expect(all.checked).toBe(true));
    expect(screen.getByText('3 von 3 ausgewählt')).toBeTruthy();
    expect(selectAllFlag(0, 3)).toBe(0);
    expect(selectAllFlag(3, 3)).toBe(1);
    expect(selectAllFlag(2, 3)).toBe(2);
  });

  it('generates the selected items: progress, ir_succeeded, the letters to download, the mail summary and incomplete addresses; then reloads', async () => {
    const rows = [item(1), item(2), item(3)];
    let release: () => void = () => undefined;
    const answer: DunningRunResponse = {
      success: true, run: 7, dunnings: 2, receipts: 2, printed: 1, mails: 1, skipped: 0,
      noAddress: [{ stid: 13, name: 'Nora Ohnestraße', mailed: true }],
    };
    const calls = serve({
      list: (_level, n) => listOf(1, n === 1 ? rows : [rows[1]!]),
      run: () => {
        const response = new Response(JSON.stringify(answer), { status: 200, headers: { 'content-type': 'application/json' } });
        return new Promise<Response>((resolve) => {
          release = () => resolve(response);
        }) as unknown as Response;
      },
    });
    const { user } = renderWithProviders(<DunningRoutes />, { route: '/1' });
    await user.click(await screen.findByRole('checkbox', { name: 'Beleg 1001 von Maria Huber01 auswählen' }));
    await user.click(screen.getByRole('checkbox', { name: 'Beleg 1003 von Maria Huber03 auswählen' }));
    await user.click(screen.getByRole('button', { name: 'Mahnungen erstellen' }));
    const progress = await screen.findByText('Mahnungen werden erstellt …');
    expect(progress.closest('[role="status"]')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Mahnungen erstellen' }) as HTMLButtonElement).disabled).toBe(true);
    release();
    expect(await screen.findByText('Mahnlauf erfolgreich erstellt.')).toBeTruthy();
    const result = screen.getByRole('region', { name: 'Ergebnis des Mahnlaufs' });
    expect(result.textContent).toContain('2 Mahnungen für 2 Belege erstellt, 1 Briefe zum Drucken, 1 per E-Mail versendet.');
    expect(within(result).getByRole('button', { name: 'Mahnschreiben herunterladen (PDF)' })).toBeTruthy();
    const problems = within(result).getByRole('group', { name: 'Straße/Ort fehlerhaft oder unvollständig' });
    expect(problems.textContent).toContain('Nora Ohnestraße – nur per E-Mail gemahnt');
    const post = calls.find((call) => call.method === 'POST')!;
    expect(post.body).toEqual({ level: 1, rnos: [1001, 1003] });
    expect(post.key).toMatch(/^[0-9a-f]{32}$/);
    // The list is loaded again (fresh, selection cleared).
    await waitFor(() => expect(calls.filter((call) => call.method === 'GET')).toHaveLength(2));
    await waitFor(() => expect(screen.getByText('0 von 1 ausgewählt')).toBeTruthy());
  });

  it('shows the error of a failed run and keeps the selection; retrying sends the same attempt\'s key', async () => {
    const rows = [item(1)];
    let failures = 1;
    const calls = serve({
      list: () => listOf(3, rows),
      run: () =>
        failures-- > 0
          ? new Response(JSON.stringify({ error: 3 }), { status: 500, headers: { 'content-type': 'application/json' } })
          : new Response(JSON.stringify({ success: true, run: 9, dunnings: 1, receipts: 1, printed: 1, mails: 0, skipped: 0, noAddress: [] }), {
              status: 200,
              headers: { 'content-type': 'application/json' },
            }),
    });
    const { user } = renderWithProviders(<DunningRoutes />, { route: '/3' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Mahnlauf – 3. Mahnstufe (Inkasso)' })).toBeTruthy();
    await user.click(await screen.findByRole('checkbox', { name: 'Alle auswählen' }));
    await user.click(screen.getByRole('button', { name: 'Mahnungen erstellen' }));
    expect(await screen.findByText(/Die Aktion konnte nicht ausgeführt werden/)).toBeTruthy();
    expect(screen.getByText('1 von 1 ausgewählt')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Erneut versuchen' }));
    expect(await screen.findByText('Mahnlauf erfolgreich erstellt.')).toBeTruthy();
    const posts = calls.filter((call) => call.method === 'POST');
    await waitFor(() => expect(posts).toHaveLength(2));
    expect(posts[0]!.key).toBe(posts[1]!.key);
  });

  it('says when nothing is due at the level', async () => {
    serve({ list: (level) => listOf(level as 1, level === 1 ? [item(1)] : []) });
    renderWithProviders(<DunningRoutes />, { route: '/2' });
    expect(await screen.findByText('Zur Zeit sind keine Belege für diese Mahnstufe fällig.')).toBeTruthy();
  });

  it('offers no generate button without finance_w; an unknown level shows level 1', async () => {
    serve({ list: () => listOf(1, [item(1)]) });
    renderWithProviders(<DunningRoutes />, { route: '/9', session: { user: { ...makeAppState().user, level: 3 }, atoms: ATOMS.filter((atom) => atom !== 'finance_w') } });
    expect(await screen.findByRole('heading', { level: 1, name: 'Mahnlauf – 1. Mahnstufe' })).toBeTruthy();
    expect(await screen.findByRole('table', { name: 'Fällige offene Posten' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Mahnungen erstellen' })).toBeNull();
  });
});
