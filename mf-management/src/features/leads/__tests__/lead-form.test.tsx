import { screen, waitFor, within } from '@testing-library/react';
import { HTTPError } from 'shared-kernel';
import { Route, Routes } from 'react-router';
import type { LeadData, LeadDataResponse } from 'shared-kernel/contracts';
import { renderWithProviders } from 'shared-kernel/testing';
import { routes } from '../../../routes';
import { createLead, getLead, updateLead } from '../api/leads';

jest.mock('../api/leads', () => ({ ...jest.requireActual('../api/leads'), createLead: jest.fn(), getLead: jest.fn(), updateLead: jest.fn() }));
// The edit page's flow panel (features/lead-flow): no timeline and no reminders here.
jest.mock('../../lead-flow/api/lead-flow', () => ({
  ...jest.requireActual('../../lead-flow/api/lead-flow'),
  getLeadTimeline: jest.fn().mockResolvedValue([]),
  getOpenLeadReminders: jest.fn().mockResolvedValue([]),
}));

// user-event sessions are slow on the small shared test machines.
jest.setTimeout(60_000);

const stored: LeadData = {
  id: 7, school_id: 1, lead_status_id: 7, lead_origin_id: 5, date_created: null, salutation_id: 1, company: null, firstname: 'Lena', lastname: 'Berger',
  email: 'lena@example.com', phone_regular: null, phone_cellphone: '+43 660 1234567', street: null, house_no: null, zip: null, city: null, dob: null,
  pt_salutation_id: null, pt_firstname: null, pt_lastname: null, pt_email: null, pt_phone_regular: null, pt_phone_cellphone: null, pt_street: null,
  pt_house_no: null, pt_zip: null, pt_city: null, lead_source_id: 1, lead_source: null, annotation: '', interests: ['PT'], products: [4], experience: null,
  version: 3, x: 1, no_interest_reason_id: null, ie1: null, ie2: null, it1: null, it2: null, ieid: null, itid: null, date_info_event: null, date_trial: null,
  created_at: '2026-11-02T09:00:00Z', created_by: 'office', td: true,
};
const response = (data: LeadData = stored): LeadDataResponse => ({ data, placeholders: {}, mi: null });

/** A field's accessible name: its label, with the required star when it has one. */
const exact = (label: string) => new RegExp(`^${label}(\\s*\\*)?$`);

function renderAt(route: string) {
  const Leads = routes['m-lead'];
  return renderWithProviders(
    <Routes>
      <Route path="m-lead/*" element={<Leads />} />
    </Routes>,
    { route },
  );
}

function httpError(status: number, body: unknown) {
  const res = new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  return new HTTPError(res, new Request('http://localhost/api-lead/data'), {} as never);
}

beforeEach(() => {
  jest.mocked(createLead).mockReset().mockResolvedValue(42);
  jest.mocked(getLead).mockReset().mockResolvedValue(response());
  jest.mocked(updateLead).mockReset().mockResolvedValue(4);
});

describe('lead form', () => {
  it('adds a lead: required fields first, source 7 opens the free text, the body is the contract form', async () => {
    const { user } = renderAt('/m-lead/add');
    const form = await screen.findByRole('form', { name: 'Neuer Interessent' }, { timeout: 15_000 });
    await user.click(within(form).getByRole('button', { name: 'Speichern' }));
    expect(await within(form).findAllByText('Pflichtfeld')).not.toHaveLength(0);
    expect(createLead).not.toHaveBeenCalled();

    await user.selectOptions(within(form).getByRole('combobox', { name: exact('Anrede') }), 'Herr');
    await user.type(within(form).getByRole('textbox', { name: exact('Nachname') }), 'Mustermann');
    await user.type(within(form).getByRole('textbox', { name: exact('Telefon') }), 'ruf an');
    expect(within(form).queryByRole('textbox', { name: /Quelle \(Freitext\)/ })).toBeNull();
    await user.selectOptions(within(form).getByRole('combobox', { name: /Wie aufmerksam/ }), 'Sonstiges (Freitext)');
    const freeText = within(form).getByRole('textbox', { name: /Quelle \(Freitext\)/ });
    await user.click(within(form).getByRole('button', { name: 'Speichern' }));
    await waitFor(() => expect(freeText.getAttribute('aria-invalid')).toBe('true'));
    expect(within(form).getByRole('textbox', { name: exact('Telefon') }).getAttribute('aria-invalid')).toBe('true');
    expect(createLead).not.toHaveBeenCalled();

    await user.type(freeText, 'Flyer');
    await user.clear(within(form).getByRole('textbox', { name: exact('Telefon') }));
    await user.type(within(form).getByRole('textbox', { name: exact('Telefon') }), '+43 1 234567');
    await user.click(within(form).getByRole('checkbox', { name: 'Probetraining' }));
    await user.click(within(form).getByRole('button', { name: 'Speichern' }));
    await waitFor(() => expect(createLead).toHaveBeenCalledTimes(1));
    expect(jest.mocked(createLead).mock.calls[0]![0]).toMatchObject({
      school_id: 1, salutation_id: 2, lastname: 'Mustermann', phone_regular: '+43 1 234567', lead_source_id: 7, lead_source: 'Flyer',
      lead_origin_id: 1, interests: ['PT'], email: null, dob: null,
    });
    expect(jest.mocked(createLead).mock.calls[0]![0].date_created).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    // The submission's Idempotency-Key: a retry after a lost answer makes no second lead.
    expect(jest.mocked(createLead).mock.calls[0]![1]).toMatch(/^[0-9a-f]{32}$/);
  });

  it('when adding, staff choose among the manual origins (the network origins 5 and 6 are set by the sites) and give the first contact', async () => {
    const { user } = renderAt('/m-lead/add');
    const form = await screen.findByRole('form', { name: 'Neuer Interessent' }, { timeout: 15_000 });
    expect(within(form).getByRole('textbox', { name: exact('Erstkontakt') })).toBeTruthy();
    // Staff cannot choose the network's origins: they are set by the microsite and the sites.
    expect(within(within(form).getByRole('combobox', { name: exact('Herkunft') })).queryByRole('option', { name: 'Microsite' })).toBeNull();
    await user.selectOptions(within(form).getByRole('combobox', { name: exact('Herkunft') }), 'Telefon');
    expect(within(form).getByRole('textbox', { name: exact('Erstkontakt') })).toBeTruthy();
  });

  it('edits a lead: origin read-only (microsite: no first contact), saves with the version, 409 shows the conflict notice', async () => {
    const { user } = renderAt('/m-lead/edit/7');
    const form = await screen.findByRole('form', { name: 'Interessent bearbeiten' }, { timeout: 15_000 });
    expect(within(form).queryByRole('combobox', { name: exact('Herkunft') })).toBeNull();
    expect(within(form).getByText('Herkunft').closest('dl')!.textContent).toContain('Microsite');
    expect(within(form).queryByRole('textbox', { name: exact('Erstkontakt') })).toBeNull();
    expect((within(form).getByRole('combobox', { name: exact('Status') }) as HTMLSelectElement).selectedOptions[0]!.textContent).toBe('In Bearbeitung');
    expect((within(form).getByRole('checkbox', { name: 'Probetraining' }) as HTMLInputElement).checked).toBe(true);

    const lastname = within(form).getByRole('textbox', { name: exact('Nachname') });
    await user.clear(lastname);
    await user.type(lastname, 'Bergmann');
    await user.click(within(form).getByRole('button', { name: 'Speichern' }));
    await waitFor(() => expect(updateLead).toHaveBeenCalledWith(7, expect.objectContaining({ lastname: 'Bergmann', lead_status_id: 7, interests: ['PT'] }), 3));

    jest.mocked(updateLead).mockRejectedValueOnce(httpError(409, { error: 9 }));
    await user.type(lastname, 'x');
    await user.click(within(form).getByRole('button', { name: 'Speichern' }));
    expect(await screen.findByRole('alert')).toBeTruthy();
    expect(updateLead).toHaveBeenLastCalledWith(7, expect.anything(), 4);
  });

  it.each(['1e3', '0x10', '007', '0'])('an address whose id is not plain digits (%s) opens no lead: back to the list', async (id) => {
    renderAt(`/m-lead/edit/${id}`);
    await waitFor(() => expect(screen.queryByRole('form')).toBeNull());
    expect(getLead).not.toHaveBeenCalled();
  });
});
