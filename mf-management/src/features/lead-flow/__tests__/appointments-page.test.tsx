import { screen, waitFor, within } from '@testing-library/react';
import { makeAppState, renderWithProviders } from 'shared-kernel/testing';
import { createAppointment, deleteAppointment, listAppointments } from '../api/lead-flow';
import { AppointmentsPage } from '../components/appointments-page';

jest.mock('../api/lead-flow', () => ({
  ...jest.requireActual('../api/lead-flow'),
  listAppointments: jest.fn(),
  createAppointment: jest.fn(),
  deleteAppointment: jest.fn(),
}));

jest.setTimeout(60_000);

const row = { id: 11, sid: 1, type: 1 as const, ds: '2026-12-09T17:00:00Z', de: '2026-12-09T18:30:00Z', status: 1, version: 1, invited: 2 };
const render = () =>
  renderWithProviders(<AppointmentsPage />, { route: '/m-lead/appointments?sid=1&type=1', session: { atoms: ['lead_r', 'lead_w'], user: { ...makeAppState().user, level: 3 } } });

beforeEach(() => {
  jest.mocked(listAppointments).mockReset().mockResolvedValue([row]);
  jest.mocked(createAppointment).mockReset().mockResolvedValue(12);
  jest.mocked(deleteAppointment).mockReset().mockResolvedValue();
});

describe('AppointmentsPage', () => {
  it('lists the school\'s appointments with their invitations and adds one (end after start)', async () => {
    const { user } = render();
    const table = await screen.findByRole('table', { name: 'Infoabend' });
    const cells = within(table).getAllByRole('cell');
    expect(cells[0]!.textContent).toMatch(/^09\.12\.2026 \d\d:00$/);
    expect(cells[3]!.textContent).toBe('2');
    expect(listAppointments).toHaveBeenCalledWith(1, 1, false, expect.anything());

    await user.click(screen.getByRole('button', { name: 'Neuer Termin' }));
    const dialog = await screen.findByRole('dialog', { name: 'Neuer Termin' });
    await user.type(within(dialog).getByRole('textbox', { name: /Beginn/ }), '16.12.2026 18:00');
    await user.type(within(dialog).getByRole('textbox', { name: /Ende/ }), '16.12.2026 17:00');
    await user.click(within(dialog).getByRole('button', { name: 'Speichern' }));
    expect(await within(dialog).findByText('Das Ende muss nach dem Beginn liegen.')).toBeTruthy();
    expect(createAppointment).not.toHaveBeenCalled();
    await user.clear(within(dialog).getByRole('textbox', { name: /Ende/ }));
    await user.type(within(dialog).getByRole('textbox', { name: /Ende/ }), '16.12.2026 19:30');
    await user.click(within(dialog).getByRole('button', { name: 'Speichern' }));
    await waitFor(() => expect(createAppointment).toHaveBeenCalled());
    const form = jest.mocked(createAppointment).mock.calls[0]![0];
    expect(form).toMatchObject({ sid: 1, type: 1, status: 1 });
    expect(Date.parse(form.de) - Date.parse(form.ds)).toBe(90 * 60 * 1000);
    await waitFor(() => expect(listAppointments).toHaveBeenCalledTimes(2));
  });
});
