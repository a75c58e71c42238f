import { screen, waitFor, within } from '@testing-library/react';
import type { PagedListRequest, PagedListResponse } from '../../contracts';
import { formatMoney } from '../../format';
import { mockExportDownloads, renderWithProviders } from '../../testing';
import { ROW_CLASS, ServerTable, useServerListController, type FetchPage, type ServerColumn } from '../index';

// ag-grid and user-event sessions are slow on the small shared test machines.
jest.setTimeout(20_000);

interface Payment {
  id: number;
  ln: string;
  amt: number;
  st: number;
  ci: string;
}

const everyone: Payment[] = Array.from({ length: 45 }, (_, i) => ({
  id: i + 1,
  ln: `Schüler ${String(i + 1).padStart(2, '0')}`,
  amt: (i + 1) * 1050,
  st: (i % 2) + 1,
  ci: i === 0 ? '' : 'DE98ZZZ09999999999',
}));

function fakeServer() {
  return jest.fn(async (request: PagedListRequest, _signal?: AbortSignal): Promise<PagedListResponse<Payment>> => {
    let rows = [...everyone];
    for (const filter of request.filtered) {
      if (filter.id === 'ln') rows = rows.filter((row) => row.ln.includes(String(filter.value)));
      if (filter.id === 'st') rows = rows.filter((row) => row.st === filter.value);
    }
    const sort = request.sorted[0];
    if (sort?.id === 'ln' && sort.desc) rows.reverse();
    const start = request.page * request.pageSize;
    return { rows: rows.slice(start, start + request.pageSize), total: rows.length, pages: Math.ceil(rows.length / request.pageSize) };
  });
}

const columns: ServerColumn<Payment>[] = [
  { field: 'ln', header: 'Nachname', filter: { type: 'text' } },
  { field: 'amt', header: 'Betrag', align: 'end', format: (value) => formatMoney(value as number, 'EUR') },
  {
    field: 'st',
    header: 'Status',
    sortable: false,
    filter: { type: 'select', options: [{ value: 1, label: 'Offen' }, { value: 2, label: 'Bezahlt' }] },
    render: (row) => <strong>{row.st === 1 ? 'Offen' : 'Bezahlt'}</strong>,
  },
];

interface PaymentsListProps {
  fetchPage: FetchPage<Payment>;
  selectable?: boolean;
  columns?: ServerColumn<Payment>[];
  onRowClick?: (row: Payment) => void;
}

function PaymentsList({ fetchPage, selectable = false, columns: shown = columns, onRowClick }: PaymentsListProps) {
  const list = useServerListController<Payment>({ fetchPage, defaultPageSize: 10, debounceMs: 0 });
  return (
    <ServerTable
      controller={list}
      columns={shown}
      rowId={(row) => row.id}
      label="Zahlungen"
      selectable={selectable ? (row) => row.ci !== '' : false}
      rowClass={(row) => (row.ci === '' ? ROW_CLASS.attention : undefined)}
      exportUrl={selectable ? 'api-fin/dd-export' : undefined}
      onRowClick={onRowClick}
    />
  );
}

const lastRequest = (fetchPage: jest.Mock) => fetchPage.mock.calls[fetchPage.mock.calls.length - 1][0] as PagedListRequest;

async function findCell(text: string) {
  // The first ag-grid render can take seconds on a loaded 2-core machine: a wait limit only.
  return screen.findByText(text, {}, { timeout: 10_000 });
}

describe('ServerTable', () => {
  it('shows the rows of the current page with formatted cells and the pagination bar', async () => {
    const fetchPage = fakeServer();
    renderWithProviders(<PaymentsList fetchPage={fetchPage} />, { route: '/m-fin/dd' });
    await findCell('Schüler 01');
    expect(screen.getByText('Schüler 10')).toBeTruthy();
    expect(screen.queryByText('Schüler 11')).toBeNull();
    expect(screen.getByText('10,50 €')).toBeTruthy();
    expect(within(screen.getByRole('grid')).getAllByText('Offen')[0].tagName).toBe('STRONG');
    expect(screen.getByRole('grid', { name: 'Zahlungen' })).toBeTruthy();
    const pagination = screen.getByRole('navigation', { name: 'Seitennavigation' });
    expect(within(pagination).getByText('Seite 1 von 5')).toBeTruthy();
    expect(within(pagination).getByText('45 Einträge')).toBeTruthy();
    expect((within(pagination).getByRole('button', { name: 'Vorherige Seite' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('pages, changes the page size and sorts on the server', async () => {
    const fetchPage = fakeServer();
    const { user } = renderWithProviders(<PaymentsList fetchPage={fetchPage} />, { route: '/m-fin/dd' });
    await findCell('Schüler 01');

    await user.click(screen.getByRole('button', { name: 'Nächste Seite' }));
    await findCell('Schüler 11');
    expect(lastRequest(fetchPage)).toMatchObject({ page: 1, pageSize: 10 });
    expect(screen.getByText('Seite 2 von 5')).toBeTruthy();

    await user.selectOptions(screen.getByLabelText('Einträge pro Seite'), '25');
    await findCell('Schüler 25');
    expect(lastRequest(fetchPage)).toMatchObject({ page: 0, pageSize: 25 });

    const header = screen.getByRole('columnheader', { name: /Nachname/ });
    await user.click(within(header).getByText('Nachname'));
    await waitFor(() => expect(lastRequest(fetchPage).sorted).toEqual([{ id: 'ln', desc: false }]));
    await user.click(within(header).getByText('Nachname'));
    await waitFor(() => expect(lastRequest(fetchPage).sorted).toEqual([{ id: 'ln', desc: true }]));
    await findCell('Schüler 45');
    // The grid keeps the server's order instead of sorting the page itself.
    const firstRow = screen.getAllByRole('row').find((row) => row.getAttribute('row-index') === '0');
    expect(firstRow?.textContent).toContain('Schüler 45');
  });

  it('maps the labelled filters to the request', async () => {
    const fetchPage = fakeServer();
    const { user } = renderWithProviders(<PaymentsList fetchPage={fetchPage} />, { route: '/m-fin/dd?page=3' });
    await findCell('Schüler 21');

    await user.selectOptions(screen.getByLabelText('Filter Status'), 'Bezahlt');
    await waitFor(() => expect(lastRequest(fetchPage)).toMatchObject({ page: 0, filtered: [{ id: 'st', value: 2 }] }));

    await user.type(screen.getByLabelText('Filter Nachname'), '4');
    expect(screen.getByText('Mindestens 2 Zeichen eingeben')).toBeTruthy();
    await user.type(screen.getByLabelText('Filter Nachname'), '4');
    expect((screen.getByLabelText('Filter Nachname') as HTMLInputElement).value).toBe('44');
    await waitFor(() =>
      expect(lastRequest(fetchPage).filtered).toEqual([{ id: 'ln', value: '44' }, { id: 'st', value: 2 }]),
    );
    await findCell('Schüler 44');
    expect(screen.queryByText('Schüler 01')).toBeNull();
  });

  it('shows the error panel and recovers on retry', async () => {
    const server = fakeServer();
    const fetchPage = jest.fn(server);
    fetchPage.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    const { user } = renderWithProviders(<PaymentsList fetchPage={fetchPage} />, { route: '/m-fin/dd' });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Kommunikationsfehler');
    await user.click(within(alert).getByRole('button', { name: 'Erneut versuchen' }));
    await findCell('Schüler 01');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('says so when there are no rows', async () => {
    const fetchPage = jest.fn(async () => ({ rows: [], total: 0, pages: 0 }));
    renderWithProviders(<PaymentsList fetchPage={fetchPage} />, { route: '/m-fin/dd' });
    expect(await screen.findByText('Keine Einträge gefunden')).toBeTruthy();
    expect(screen.getByText('Seite 1 von 1')).toBeTruthy();
  });

  it('selects rows with labelled checkboxes, refuses highlighted rows and counts the selection', async () => {
    const fetchPage = fakeServer();
    const { user } = renderWithProviders(<PaymentsList fetchPage={fetchPage} selectable />, { route: '/m-fin/dd' });
    await findCell('Schüler 01');
    const rowOf = (name: string) => screen.getAllByRole('row').find((row) => row.textContent?.includes(name))!;
    expect(rowOf('Schüler 01').className).toContain('sbo-row-attention');
    const refused = within(rowOf('Schüler 01')).queryByRole('checkbox') as HTMLInputElement | null;
    expect(refused === null || refused.disabled || refused.closest('.ag-hidden') !== null).toBe(true);

    const checkboxes = screen.getAllByRole('checkbox', { name: /Zeile auswählen/ });
    expect(checkboxes.length).toBeGreaterThanOrEqual(9);
    expect(screen.getByRole('checkbox', { name: 'Alle Zeilen auswählen' })).toBeTruthy();
    await user.click(within(rowOf('Schüler 02')).getByRole('checkbox'));
    await user.click(within(rowOf('Schüler 03')).getByRole('checkbox'));
    expect(screen.getByText('2 ausgewählt')).toBeTruthy();

    // The selection survives paging.
    await user.click(screen.getByRole('button', { name: 'Nächste Seite' }));
    await findCell('Schüler 11');
    await user.click(within(rowOf('Schüler 12')).getByRole('checkbox'));
    expect(screen.getByText('3 ausgewählt')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Vorherige Seite' }));
    await findCell('Schüler 01');
    expect((within(rowOf('Schüler 02')).getByRole('checkbox') as HTMLInputElement).checked).toBe(true);
  });

  it('exports the selection, or every row the filters match when none is selected', async () => {
    const fetchPage = fakeServer();
    const { user } = renderWithProviders(<PaymentsList fetchPage={fetchPage} selectable />, { route: '/m-fin/dd?fj.st=1' });
    await findCell('Schüler 01');
    const group = screen.getByRole('group', { name: 'Auswahl exportieren' });
    expect(within(group).getByText('Keine Auswahl: alle 23 gefilterten Einträge werden exportiert')).toBeTruthy();
    const downloads = mockExportDownloads();
    try {
      await user.click(within(group).getByRole('button', { name: 'Als CSV exportieren' }));
      await waitFor(() => expect(downloads.saved).toHaveBeenCalledTimes(1));
      expect(downloads.request(0)).toEqual({
        path: '/api-fin/dd-export',
        format: 'csv',
        ids: null,
        filtered: [{ id: 'st', value: 1 }],
        sorted: null,
      });

      const rowOf = (name: string) => screen.getAllByRole('row').find((row) => row.textContent?.includes(name))!;
      await user.click(within(rowOf('Schüler 03')).getByRole('checkbox'));
      expect(within(group).getByText('1 ausgewählt')).toBeTruthy();
      await user.click(within(group).getByRole('button', { name: 'Als Excel exportieren' }));
      await waitFor(() => expect(downloads.saved).toHaveBeenCalledTimes(2));
      expect(downloads.request(1)).toEqual({ path: '/api-fin/dd-export', format: 'xlsx', ids: '3', filtered: null, sorted: null });

      await user.click(within(group).getByRole('button', { name: 'Auswahl aufheben' }));
      expect(within(group).getByText('Keine Auswahl: alle 23 gefilterten Einträge werden exportiert')).toBeTruthy();
    } finally {
      downloads.restore();
    }
  });

  it('offers no export while the list is empty', async () => {
    const fetchPage = jest.fn(async () => ({ rows: [], total: 0, pages: 0 }));
    renderWithProviders(<PaymentsList fetchPage={fetchPage} selectable />, { route: '/m-fin/dd' });
    expect(await screen.findByText('Keine Einträge gefunden')).toBeTruthy();
    expect(screen.queryByRole('group', { name: 'Auswahl exportieren' })).toBeNull();
  });

  describe('keyboard access to cell content', () => {
    const edited = jest.fn();
    const deleted = jest.fn();
    const opened = jest.fn();
    const withControls: ServerColumn<Payment>[] = [
      {
        field: 'ln',
        header: 'Nachname',
        render: (row) => (
          <a
            href={`/m-fin/dd/${row.id}`}
            onClick={(event) => {
              event.preventDefault();
              opened(row.id);
            }}
          >
            {row.ln}
          </a>
        ),
      },
      { field: 'amt', header: 'Betrag', format: (value) => formatMoney(value as number, 'EUR') },
      {
        field: 'actions',
        header: 'Aktionen',
        sortable: false,
        render: (row) => (
          <>
            <button type="button" onClick={() => edited(row.id)}>{`Bearbeiten: ${row.ln}`}</button>
            <button type="button" onClick={() => deleted(row.id)}>{`Löschen: ${row.ln}`}</button>
          </>
        ),
      },
    ];
    const cellOf = (element: HTMLElement) => element.closest<HTMLElement>('[role="gridcell"]')!;

    beforeEach(() => {
      edited.mockReset();
      deleted.mockReset();
      opened.mockReset();
    });

    it('activates a cell’s only link with Enter and focuses it with F2', async () => {
      const onRowClick = jest.fn();
      const { user } = renderWithProviders(<PaymentsList fetchPage={fakeServer()} columns={withControls} onRowClick={onRowClick} />, {
        route: '/m-fin/dd',
      });
      const link = await screen.findByRole('link', { name: 'Schüler 02' }, { timeout: 10_000 });
      cellOf(link).focus();
      await user.keyboard('{Enter}');
      expect(opened).toHaveBeenCalledWith(2);
      expect(onRowClick).not.toHaveBeenCalled();

      opened.mockReset();
      cellOf(link).focus();
      await user.keyboard('{F2}');
      expect(document.activeElement).toBe(link);
      expect(opened).not.toHaveBeenCalled();
    });

    it('moves into a cell’s controls with Enter, keeps Tab, Space and Enter for them and returns with Escape', async () => {
      const onRowClick = jest.fn();
      const { user } = renderWithProviders(<PaymentsList fetchPage={fakeServer()} columns={withControls} onRowClick={onRowClick} />, {
        route: '/m-fin/dd',
      });
      const edit = await screen.findByRole('button', { name: 'Bearbeiten: Schüler 02' }, { timeout: 10_000 });
      const remove = screen.getByRole('button', { name: 'Löschen: Schüler 02' });
      const cell = cellOf(edit);
      cell.focus();
      await user.keyboard('{Enter}');
      expect(document.activeElement).toBe(edit);
      expect(edited).not.toHaveBeenCalled();

      await user.keyboard('{Tab}');
      expect(document.activeElement).toBe(remove);
      await user.keyboard('{Shift>}{Tab}{/Shift}');
      expect(document.activeElement).toBe(edit);
      await user.keyboard(' ');
      expect(edited).toHaveBeenCalledTimes(1);
      await user.keyboard('{Enter}');
      expect(edited).toHaveBeenCalledTimes(2);
      expect(document.activeElement).toBe(edit);
      expect(onRowClick).not.toHaveBeenCalled();

      await user.keyboard('{Escape}');
      expect(document.activeElement).toBe(cell);
      expect(deleted).not.toHaveBeenCalled();

      // A click on a cell's button is the button's, not the row's.
      await user.click(remove);
      expect(deleted).toHaveBeenCalledWith(2);
      expect(onRowClick).not.toHaveBeenCalled();
    });

    it('keeps Enter on and clicks in a cell without controls for the row click', async () => {
      const onRowClick = jest.fn();
      const { user } = renderWithProviders(<PaymentsList fetchPage={fakeServer()} columns={withControls} onRowClick={onRowClick} />, {
        route: '/m-fin/dd',
      });
      const amount = await findCell('21,00 €');
      cellOf(amount).focus();
      await user.keyboard('{Enter}');
      expect(onRowClick).toHaveBeenCalledWith(expect.objectContaining({ id: 2 }));
      await user.click(await findCell('31,50 €'));
      expect(onRowClick).toHaveBeenLastCalledWith(expect.objectContaining({ id: 3 }));
    });
  });
});
