import { screen, waitFor, within } from '@testing-library/react';
import { HTTPError } from 'ky';
import { Route, Routes } from 'react-router';
import { makeAppState, renderWithProviders } from 'shared-kernel/testing';
import type { Atom, ContractRequestOverview } from 'shared-kernel/contracts';
import { routes } from '../../../routes.js';
import { createContractRequest, getContractRequests } from '../api/contract-requests.js';

jest.mock('../api/contract-requests.js');
jest.setTimeout(30_000);

const getMock = jest.mocked(getContractRequests);
const createMock = jest.mocked(createContractRequest);

const munich = {
  firstname: 'Max',
  lastname: 'Huber',
  supplement: 'Kampfsportschule München',
  street: 'Leopoldstraße',
  house_no: '12a',
  zip: '80802',
  city: 'München',
  supplement_location: '',
  country_iso: 'DE' as const,
};

const overview: ContractRequestOverview = {
  rows: [
    { id: 4, tid: 31, dc: '2026-11-20T10:15:00.000Z', user: 'Sabine Hofer', school_id: 1, school: 'Kampfsportschule Wien', amount: 2, kid_cert_amount: 15, tsid: 1 },
  ],
  shipping: { '2': munich },
};

function session(atoms: Atom[] = ['e_ticket_r', 'e_ticket_s']) {
  const base = makeAppState();
  return makeAppState({ atoms, user: { ...base.user, level: 3 } });
}

async function renderRcc(appState = session()) {
  const Rcc = routes['e-rcc'];
  const rendered = renderWithProviders(
    <Routes>
      <Route path="e-rcc/*" element={<Rcc />} />
    </Routes>,
    { route: '/e-rcc', session: appState },
  );
  await screen.findByRole('heading', { level: 1, name: 'Verträge anfordern' });
  await screen.findByRole('table');
  return rendered;
}

beforeEach(() => {
  getMock.mockReset();
  createMock.mockReset();
  getMock.mockResolvedValue(overview);
  createMock.mockResolvedValue({ id: 5, tid: 55 });
});

describe('/e-rcc contract requests', () => {
  it('lists the open requests: date DD.MM.YYYY, user, school, contracts, with a link to the thread', async () => {
    await renderRcc();
    const table = screen.getByRole('table', { name: 'Offene Anforderungen' });
    const headers = within(table).getAllByRole('columnheader').map((cell) => cell.textContent);
    expect(headers).toEqual(['Datum', 'Benutzer', 'Schule', 'Verträge', 'Kinderurkunden', 'Status']);
    const cells = within(within(table).getAllByRole('row')[1]!).getAllByRole('cell').map((cell) => cell.textContent);
    expect(cells).toEqual(['20.11.2026', 'Sabine Hofer', 'Kampfsportschule Wien', '40', '15', 'In Bearbeitung']);
    expect(within(table).getByRole('link', { name: 'Anfrage vom 20.11.2026 (Kampfsportschule Wien) öffnen' }).getAttribute('href')).toBe('/e-ticket/edit/1/31');
    expect(screen.getByRole('link', { name: 'Trainer freischalten' }).getAttribute('href')).toBe('/e-trainer');
  });

  it('requires amounts, school and the address before anything is sent', async () => {
    const { user } = await renderRcc();
    await user.click(screen.getByRole('button', { name: 'Anfordern' }));
    for (const label of ['Anzahl 20er-Pakete Verträge', 'Schule', 'Vorname', 'Nachname', 'Straße', 'Hausnummer', 'PLZ', 'Ort', 'Land']) {
      const input = await screen.findByLabelText(new RegExp(`^${label}`));
      expect(input.getAttribute('aria-invalid')).toBe('true');
    }
    expect(screen.getByLabelText(/^Zusatz/).getAttribute('aria-invalid')).toBe('false');
    expect(createMock).not.toHaveBeenCalled();
  });

  it("fills in the school's saved address, sends numbers, shows the toast and links the new request's thread", async () => {
    const { user } = await renderRcc();
    await user.selectOptions(screen.getByLabelText(/^Schule/), 'Kampfsportschule München');
    await waitFor(() => expect((screen.getByLabelText(/^Straße/) as HTMLInputElement).value).toBe('Leopoldstraße'));
    expect((screen.getByLabelText(/^Land/) as HTMLSelectElement).selectedOptions[0]!.textContent).toBe('Deutschland');
    await user.type(screen.getByLabelText(/^Anzahl 20er-Pakete/), '3');
    await user.clear(screen.getByLabelText(/^Anzahl Kinderurkunden/));
    await user.type(screen.getByLabelText(/^Anzahl Kinderurkunden/), '25');
    await user.clear(screen.getByLabelText(/^Hausnummer/));
    await user.type(screen.getByLabelText(/^Hausnummer/), ' 14 ');
    await user.click(screen.getByLabelText('Als Standard-Lieferadresse für diese Schule speichern'));
    getMock.mockResolvedValue({ ...overview, rows: [{ ...overview.rows[0]!, id: 5, tid: 55, school_id: 2, school: 'Kampfsportschule München', amount: 3 }, ...overview.rows] });
    await user.click(screen.getByRole('button', { name: 'Anfordern' }));

    await waitFor(() => expect(createMock).toHaveBeenCalledTimes(1));
    const [form, key] = createMock.mock.calls[0]!;
    expect(form).toEqual({ ...munich, house_no: '14', amount: 3, kid_cert_amount: 25, school: 2, save_shipping: true });
    expect(key).toMatch(/^[A-Za-z0-9_.:-]{8,128}$/);
    const notice = await screen.findByText(/Ihre Anforderung wurde gesendet/, { selector: '[role="status"]' });
    expect(within(notice).getByRole('link', { name: 'Anfrage öffnen' }).getAttribute('href')).toBe('/e-ticket/edit/1/55');
    expect(screen.getAllByText(/Ihre Anforderung wurde gesendet/).length).toBeGreaterThanOrEqual(2); // the toast too
    // The list was fetched again and shows the new request; the form starts over with the same school.
    await waitFor(() => expect(within(screen.getByRole('table')).getAllByRole('row')).toHaveLength(3));
    expect((screen.getByLabelText(/^Anzahl 20er-Pakete/) as HTMLInputElement).value).toBe('');
    expect((screen.getByLabelText(/^Schule/) as HTMLSelectElement).selectedOptions[0]!.textContent).toBe('Kampfsportschule München');
  });

  it("shows the server's refusal and marks the field it names", async () => {
    const response = new Response(JSON.stringify({ error: 4, fields: { school: 'form.invalid' } }), { status: 400, headers: { 'content-type': 'application/json' } });
    createMock.mockRejectedValueOnce(new HTTPError(response, new Request('http://localhost/api-request/rc', { method: 'POST' }), {} as never));
    const { user } = await renderRcc();
    await user.selectOptions(screen.getByLabelText(/^Schule/), 'Kampfsportschule München');
    await waitFor(() => expect((screen.getByLabelText(/^Straße/) as HTMLInputElement).value).toBe('Leopoldstraße'));
    await user.type(screen.getByLabelText(/^Anzahl 20er-Pakete/), '1');
    await user.click(screen.getByRole('button', { name: 'Anfordern' }));
    expect((await screen.findByRole('alert')).textContent).toContain('nicht gespeichert');
    expect(screen.getByLabelText(/^Schule/).getAttribute('aria-invalid')).toBe('true');
  });

  it('shows only the open requests without e_ticket_s', async () => {
    await renderRcc(session(['e_ticket_r']));
    expect(screen.queryByRole('button', { name: 'Anfordern' })).toBeNull();
    expect(screen.getByRole('table', { name: 'Offene Anforderungen' })).toBeTruthy();
  });
});
