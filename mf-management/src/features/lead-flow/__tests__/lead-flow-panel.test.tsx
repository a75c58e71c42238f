import { screen, waitFor, within } from '@testing-library/react';
import type { LeadData } from 'shared-kernel/contracts';
import { makeAppState, renderWithProviders } from 'shared-kernel/testing';
import { getLeadTimeline, getOpenLeadReminders, saveAttendance, saveNoInterest } from '../api/lead-flow';
import { LeadFlowPanel } from '../components/lead-flow-panel';
import { flowBoxState } from '../utils/flow-box-state';
import '../../leads/i18n';

jest.mock('../api/lead-flow', () => ({
  ...jest.requireActual('../api/lead-flow'),
  getLeadTimeline: jest.fn(),
  getOpenLeadReminders: jest.fn(),
  saveAttendance: jest.fn(),
  saveNoInterest: jest.fn(),
}));

jest.setTimeout(60_000);

const lead: LeadData = {
  id: 7, school_id: 1, lead_status_id: 7, lead_origin_id: 5, date_created: null, salutation_id: 1, company: null, firstname: 'Lena', lastname: 'Berger',
  email: 'lena@example.com', phone_regular: null, phone_cellphone: null, street: null, house_no: null, zip: null, city: null, dob: null,
  pt_salutation_id: null, pt_firstname: null, pt_lastname: null, pt_email: null, pt_phone_regular: null, pt_phone_cellphone: null, pt_street: null,
  pt_house_no: null, pt_zip: null, pt_city: null, lead_source_id: 7, lead_source: 'Flyer im Café', annotation: '', interests: [], products: [], experience: null,
  version: 3, x: 1, no_interest_reason_id: null, ie1: null, ie2: null, it1: null, it2: null, ieid: null, itid: null, date_info_event: null, date_trial: null,
  created_at: '2026-11-02T09:00:00Z', created_by: 'office', td: true,
};
const PAST = '2020-01-10T17:00:00.000Z';
const FUTURE = '2099-01-10T17:00:00.000Z';

beforeEach(() => {
  jest.mocked(getLeadTimeline).mockReset().mockResolvedValue([
    { id: 4, kind: 'invitation', type: 1, text: 'Einladung zum Infoabend', dc: '2026-11-20T09:00:00Z', author: 'Anna Office', invitation: { transport: 2, status: 2, events: [FUTURE] }, mail: null },
  ]);
  jest.mocked(getOpenLeadReminders).mockReset().mockResolvedValue([]);
  jest.mocked(saveAttendance).mockReset().mockResolvedValue(4);
  jest.mocked(saveNoInterest).mockReset().mockResolvedValue();
});

const render = (data: LeadData, atoms = ['lead_r', 'lead_w'] as const) => {
  const onChanged = jest.fn();
  const result = renderWithProviders(<LeadFlowPanel lead={data} onChanged={onChanged} />, { route: '/m-lead/edit/7', session: { atoms: [...atoms] as never, user: { ...makeAppState().user, level: 3 } } });
  return { ...result, onChanged };
};
const box = (name: string) => screen.getByRole('listitem', { name });

describe('flowBoxState', () => {
  const now = new Date('2026-11-21T10:00:00Z');
  it.each([
    ['never invited', {}, { kind: 'never' }],
    ['invited, still to come (the new invitation wins)', { ie1: '2026-11-01T17:00:00Z', ie2: '2026-12-01T17:00:00Z' }, { kind: 'invited', event: '2026-12-01T17:00:00Z' }],
    ['passed', { ie1: '2026-11-20T17:00:00Z' }, { kind: 'passed', event: '2026-11-20T17:00:00Z' }],
    ['attended', { ie1: '2026-11-20T17:00:00Z', date_info_event: '2026-11-20T17:05:00Z' }, { kind: 'attended', date: '2026-11-20T17:05:00Z' }],
  ])('%s', (_name, fields, expected) => {
    expect(flowBoxState({ ...lead, ...fields }, 1, now)).toEqual(expected);
  });
});

describe('LeadFlowPanel', () => {
  it('shows each box state with its actions, the source and the suggestion', async () => {
    render({ ...lead, ie1: PAST, it1: FUTURE, x: 5 });
    expect(within(box('Interessent')).getByText('Quelle: Flyer im Café')).toBeTruthy();
    expect(screen.getByText('Zum Probetraining eingeladen')).toBeTruthy();
    const info = box('Infoabend');
    expect(within(info).getByRole('status').textContent).toContain('10.01.2020');
    expect(within(info).getByRole('link', { name: 'Neu einladen' }).getAttribute('href')).toBe('/m-lead/invite/7/1');
    expect(within(box('Probetraining')).getByText(/Eingeladen zum 10\.01\.2099/)).toBeTruthy();
    expect(within(box('Vertrag')).getByRole('link', { name: 'Vertrag abschließen' }).getAttribute('href')).toBe('/m-con/rc/create/0/7');
    expect(await screen.findByText('Keine offenen Wiedervorlagen.')).toBeTruthy();
    expect(await screen.findByText('Einladung zum Infoabend', { selector: 'div' })).toBeTruthy();
  });

  it('attended and concluded: dates, no buttons, contract done, no no-interest button', async () => {
    render({ ...lead, lead_status_id: 6, x: 8, date_info_event: PAST, date_trial: PAST });
    expect(within(box('Infoabend')).getByText(/Teilgenommen am 10\.01\.2020/)).toBeTruthy();
    expect(within(box('Infoabend')).queryByRole('button')).toBeNull();
    expect(within(box('Vertrag')).getByText('Vertrag abgeschlossen')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Kein Interesse' })).toBeNull();
    expect(await screen.findByText('Keine offenen Wiedervorlagen.')).toBeTruthy();
  });

  it('records attendance with the lead\'s version and tells the page', async () => {
    const { user, onChanged } = render(lead);
    await user.click(within(box('Probetraining')).getByRole('button', { name: 'Teilnahme erfassen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Teilnahme am Probetraining' });
    const input = within(dialog).getByRole('textbox', { name: /Teilgenommen am/ });
    await user.clear(input);
    await user.type(input, '20.11.2026 18:00');
    await user.click(within(dialog).getByRole('button', { name: 'Speichern' }));
    await waitFor(() => expect(saveAttendance).toHaveBeenCalled());
    const [id, type, date, version] = jest.mocked(saveAttendance).mock.calls[0]!;
    expect([id, type, version]).toEqual([7, 2, 3]);
    expect(new Date(date!).getDate()).toBe(20);
    await waitFor(() => expect(onChanged).toHaveBeenCalled());
  });

  it('no interest: a reason is required; hidden at status 2; read-only users see no buttons', async () => {
    const { user, onChanged } = render(lead);
    await user.click(screen.getByRole('button', { name: 'Kein Interesse' }));
    const dialog = await screen.findByRole('dialog', { name: 'Kein Interesse erfassen' });
    await user.click(within(dialog).getByRole('button', { name: 'Speichern' }));
    expect(saveNoInterest).not.toHaveBeenCalled();
    await user.selectOptions(within(dialog).getByRole('combobox', { name: /Grund/ }), 'Zu teuer');
    await user.click(within(dialog).getByRole('button', { name: 'Speichern' }));
    await waitFor(() => expect(saveNoInterest).toHaveBeenCalledWith(7, 1, ''));
    await waitFor(() => expect(onChanged).toHaveBeenCalled());
  });

  it('hides the no-interest button at status 2 and every write button without lead_w', async () => {
    const { unmount } = render({ ...lead, lead_status_id: 2, x: 10 });
    expect(screen.queryByRole('button', { name: 'Kein Interesse' })).toBeNull();
    expect(await screen.findByText('Keine offenen Wiedervorlagen.')).toBeTruthy();
    unmount();
    render(lead, ['lead_r'] as never);
    expect(screen.queryByRole('button', { name: 'Teilnahme erfassen' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Einladen' })).toBeNull();
    expect(await screen.findByText('Keine offenen Wiedervorlagen.')).toBeTruthy();
  });
});
