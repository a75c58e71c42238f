import { screen, waitFor, within } from '@testing-library/react';
import type { PagedListRequest, PagedListResponse } from '../../contracts';
import { formatMoney } from '../../format';
import { mockExportDownloads, renderWithProviders } from '../../testing';
import { ROW_CLASS, ServerTable, useServerListController, type FetchPage, type ServerColumn } from '../index';

// user-event sessions are slow on the small shared test machines.
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
      rowLabel={(row) => row.ln}
      selectable={selectable ? (row) => row.ci !== '' : false}
      rowClass={(row) => (row.ci === '' ? ROW_CLASS.attention : undefined)}
      exportUrl={selectable ? 'api-fin/dd-export' : undefined}
      onRowClick={onRowClick}
    />
  );
}

const lastRequest = (fetchPage: jest.Mock) => fetchPage.mock.calls[fetchPage.mock.calls.length - 1][0] as PagedListRequest;

/** The table cell showing `text` (money has a no-break space before the €, matched as a space). */
async function findCell(text: string) {
  return (await screen.findByText(text)).closest<HTMLElement>('td')!;
}

const rowOf = (name: string) => screen.getAllByRole('row').find((row) => row.textContent?.includes(name))!;

describe('ServerTable', () => {
  it('shows the rows of the current page with formatted cells and the pagination bar', async () => {
    const fetchPage = fakeServer();
    renderWithProviders(<PaymentsList fetchPage={fetchPage} />, { route: '/m-fin/dd' });
    await findCell('Schüler 01');
    expect(screen.getByText('Schüler 10')).toBeTruthy();
    expect(screen.queryByText('Schüler 11')).toBeNull();
    expect(screen.getByText('10,50 €')).toBeTruthy();
    const table = screen.getByRole('table', { name: 'Zahlungen' });
    expect(within(table).getAllByText('Offen')[0].tagName).toBe('STRONG');
    expect(within(table).getAllByRole('columnheader').map((header) => header.textContent)).toEqual([
      expect.stringContaining('Nachname'),
      expect.stringContaining('Betrag'),
      'Status',
    ]);
    // Sortable columns have a sort button, the others plain text; nothing is sorted yet.
    expect(within(screen.getByRole('columnheader', { name: /Nachname/ })).getByRole('button', { name: /Nachname/ })).toBeTruthy();
    expect(within(screen.getByRole('columnheader', { name: 'Status' })).queryByRole('button')).toBeNull();
    expect(screen.getByRole('columnheader', { name: /Nachname/ }).getAttribute('aria-sort')).toBeNull();
    // A header row and ten rows, each with its three cells; money right-aligned.
    expect(within(table).getAllByRole('row')).toHaveLength(11);
    expect(within(rowOf('Schüler 02')).getAllByRole('cell').map((cell) => cell.textContent?.replace(/\s/g, ' '))).toEqual(['Schüler 02', '21,00 €', 'Bezahlt']);
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

    const header = () => screen.getByRole('columnheader', { name: /Nachname/ });
    await user.click(within(header()).getByRole('button', { name: /Nachname/ }));
    await waitFor(() => expect(lastRequest(fetchPage).sorted).toEqual([{ id: 'ln', desc: false }]));
    await waitFor(() => expect(header().getAttribute('aria-sort')).toBe('ascending'));
    await user.click(within(header()).getByRole('button', { name: /Nachname/ }));
    await waitFor(() => expect(lastRequest(fetchPage).sorted).toEqual([{ id: 'ln', desc: true }]));
    await findCell('Schüler 45');
    expect(header().getAttribute('aria-sort')).toBe('descending');
    // The table keeps the server's order instead of sorting the page itself.
    const [, firstRow] = screen.getAllByRole('row');
    expect(firstRow.textContent).toContain('Schüler 45');

    // Shift+click adds a sort; a third click drops the column's sort.
    await user.keyboard('{Shift>}');
    await user.click(within(screen.getByRole('columnheader', { name: /Betrag/ })).getByRole('button', { name: /Betrag/ }));
    await user.keyboard('{/Shift}');
    await waitFor(() => expect(lastRequest(fetchPage).sorted).toEqual([{ id: 'ln', desc: true }, { id: 'amt', desc: false }]));
    expect(screen.getByRole('button', { name: /Betrag aufsteigend sortiert/ })).toBeTruthy();
    await user.click(within(header()).getByRole('button', { name: /Nachname/ }));
    await waitFor(() => expect(lastRequest(fetchPage).sorted).toEqual([]));
    expect(header().getAttribute('aria-sort')).toBeNull();
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
    const empty = await screen.findByText('Keine Einträge gefunden');
    expect(empty.getAttribute('role')).toBe('status');
    expect(within(screen.getByRole('table', { name: 'Zahlungen' })).getAllByRole('row')).toHaveLength(1);
    expect(screen.getByText('Seite 1 von 1')).toBeTruthy();
  });

  it('selects rows with labelled checkboxes, refuses highlighted rows and counts the selection', async () => {
    const fetchPage = fakeServer();
    const { user } = renderWithProviders(<PaymentsList fetchPage={fetchPage} selectable />, { route: '/m-fin/dd' });
    await findCell('Schüler 01');
    expect(rowOf('Schüler 01').className).toContain('sbo-row-attention');
    expect(within(rowOf('Schüler 01')).queryByRole('checkbox')).toBeNull();

    expect(screen.getAllByRole('checkbox', { name: /^Schüler \d+ auswählen$/ })).toHaveLength(9);
    const all = screen.getByRole('checkbox', { name: 'Alle Zeilen auswählen' }) as HTMLInputElement;
    await user.click(screen.getByRole('checkbox', { name: 'Schüler 02 auswählen' }));
    await user.click(within(rowOf('Schüler 03')).getByRole('checkbox'));
    expect(screen.getByText('2 ausgewählt')).toBeTruthy();
    expect(all.checked).toBe(false);
    expect(all.indeterminate).toBe(true);

    // The selection survives paging.
    await user.click(screen.getByRole('button', { name: 'Nächste Seite' }));
    await findCell('Schüler 11');
    await user.click(within(rowOf('Schüler 12')).getByRole('checkbox'));
    expect(screen.getByText('3 ausgewählt')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Vorherige Seite' }));
    await findCell('Schüler 01');
    expect((within(rowOf('Schüler 02')).getByRole('checkbox') as HTMLInputElement).checked).toBe(true);

    // 'Select all' takes the page's selectable rows (not the refused one) and keeps the others.
    await user.click(screen.getByRole('checkbox', { name: 'Alle Zeilen auswählen' }));
    expect(screen.getByText('10 ausgewählt')).toBeTruthy();
    expect((screen.getByRole('checkbox', { name: 'Alle Zeilen auswählen' }) as HTMLInputElement).checked).toBe(true);
    await user.click(screen.getByRole('checkbox', { name: 'Alle Zeilen auswählen' }));
    expect(screen.getByText('1 ausgewählt')).toBeTruthy();
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

    beforeEach(() => {
      edited.mockReset();
      deleted.mockReset();
      opened.mockReset();
    });

    it('tabs through the links and buttons in cells and activates them with Enter and Space', async () => {
      const onRowClick = jest.fn();
      const { user } = renderWithProviders(<PaymentsList fetchPage={fakeServer()} columns={withControls} onRowClick={onRowClick} />, {
        route: '/m-fin/dd',
      });
      const link = await screen.findByRole('link', { name: 'Schüler 02' });
      const edit = screen.getByRole('button', { name: 'Bearbeiten: Schüler 02' });
      const remove = screen.getByRole('button', { name: 'Löschen: Schüler 02' });
      link.focus();
      await user.keyboard('{Enter}');
      expect(opened).toHaveBeenCalledWith(2);
      // The money cell opens the row (onRowClick): it is in the tab order between them.
      await user.tab();
      expect(document.activeElement).toBe(await findCell('21,00 €'));
      await user.tab();
      expect(document.activeElement).toBe(edit);
      await user.keyboard(' ');
      expect(edited).toHaveBeenCalledWith(2);
      await user.tab();
      expect(document.activeElement).toBe(remove);
      await user.keyboard('{Enter}');
      expect(deleted).toHaveBeenCalledWith(2);
      await user.tab({ shift: true });
      expect(document.activeElement).toBe(edit);
      expect(onRowClick).not.toHaveBeenCalled();
    });

    it('moves between cells with the arrow keys, header row included', async () => {
      const { user } = renderWithProviders(<PaymentsList fetchPage={fakeServer()} columns={withControls} onRowClick={jest.fn()} />, {
        route: '/m-fin/dd',
      });
      const link = await screen.findByRole('link', { name: 'Schüler 02' });
      link.focus();
      await user.keyboard('{ArrowDown}');
      expect(document.activeElement).toBe(screen.getByRole('link', { name: 'Schüler 03' }));
      await user.keyboard('{ArrowRight}');
      expect(document.activeElement).toBe(await findCell('31,50 €'));
      await user.keyboard('{ArrowRight}');
      expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Bearbeiten: Schüler 03' }));
      // The last cell of the row: nowhere to go.
      await user.keyboard('{ArrowRight}');
      expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Bearbeiten: Schüler 03' }));
      await user.keyboard('{ArrowUp}');
      expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Bearbeiten: Schüler 02' }));
      await user.keyboard('{ArrowLeft}{ArrowLeft}{ArrowUp}{ArrowUp}');
      expect(document.activeElement).toBe(screen.getByRole('button', { name: /Nachname/ }));
      expect(edited).not.toHaveBeenCalled();
    });

    it('keeps Enter on and clicks in a cell without controls for the row click', async () => {
      const onRowClick = jest.fn();
      const { user } = renderWithProviders(<PaymentsList fetchPage={fakeServer()} columns={withControls} onRowClick={onRowClick} />, {
        route: '/m-fin/dd',
      });
      const amount = await findCell('21,00 €');
      amount.focus();
      await user.keyboard('{Enter}');
      expect(onRowClick).toHaveBeenCalledWith(expect.objectContaining({ id: 2 }));
      await user.click(await findCell('31,50 €'));
      expect(onRowClick).toHaveBeenLastCalledWith(expect.objectContaining({ id: 3 }));
      // A click on a cell's button is the button's, not the row's.
      await user.click(screen.getByRole('button', { name: 'Löschen: Schüler 04' }));
      expect(deleted).toHaveBeenCalledWith(4);
      expect(onRowClick).toHaveBeenCalledTimes(2);
    });
  });
});
