import { screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import type { LeadData } from 'shared-kernel/contracts';
import { makeAppState, renderWithProviders } from 'shared-kernel/testing';
import { getLead } from '../../leads/api/leads';
import { getInvitationText, getLeadTemplates, getNextAppointments, sendInvitation } from '../api/lead-flow';
import { InvitePage } from '../components/invite-page';

jest.mock('../../leads/api/leads', () => ({ ...jest.requireActual('../../leads/api/leads'), getLead: jest.fn() }));
jest.mock('../api/lead-flow', () => ({
  ...jest.requireActual('../api/lead-flow'),
  getInvitationText: jest.fn(),
  getLeadTemplates: jest.fn(),
  getNextAppointments: jest.fn(),
  sendInvitation: jest.fn(),
}));

jest.setTimeout(60_000);

const lead = { id: 7, school_id: 1, firstname: 'Lena', lastname: 'Berger', email: 'lena@example.com' } as LeadData;
const appointment = (id: number, ds: string, de: string) => ({ id, sid: 1, type: 1 as const, ds, de, status: 1, version: 1, invited: 0 });

function renderAt(route: string) {
  return renderWithProviders(
    <Routes>
      <Route path="m-lead/invite/:id/:type" element={<InvitePage />} />
      <Route path="m-lead/edit/:id" element={<p>Bearbeiten</p>} />
    </Routes>,
    { route, session: { atoms: ['lead_r', 'lead_w'], user: { ...makeAppState().user, level: 3 } } },
  );
}

beforeEach(() => {
  jest.mocked(getLead).mockReset().mockResolvedValue({ data: lead, placeholders: {}, mi: null });
  jest.mocked(getLeadTemplates).mockReset().mockResolvedValue([{ base: 'inv_info_event', n: 'Einladung zum Infoabend', system: true }]);
  jest.mocked(getNextAppointments).mockReset().mockResolvedValue([
    appointment(12, '2026-12-16T17:00:00Z', '2026-12-16T18:30:00Z'),
    appointment(11, '2026-12-09T17:00:00Z', '2026-12-09T18:30:00Z'),
  ]);
  jest.mocked(getInvitationText).mockReset().mockImplementation(async (_id, _type, _template, events) => ({
    subject: 'Einladung zum Infoabend',
    content: `<p>Termine: ${events.join(',') || 'keine'}</p>`,
    unknown: [],
  }));
  jest.mocked(sendInvitation).mockReset().mockResolvedValue({ success: true, invitation: 5, status: 2, pdf: null });
});

describe('InvitePage', () => {
  it('offers the appointments sorted, requires one for an info event, sends the chosen ones by e-mail', async () => {
    const { user } = renderAt('/m-lead/invite/7/1');
    const offered = await screen.findByRole('list', { name: 'Nächste Termine' });
    const items = within(offered).getAllByRole('listitem');
    expect(items[0]!.textContent).toContain('09.12.2026');
    expect(items[1]!.textContent).toContain('16.12.2026');
    await waitFor(() => expect((screen.getByRole('textbox', { name: /Betreff/ }) as HTMLInputElement).value).toBe('Einladung zum Infoabend'));

    await user.click(screen.getByRole('button', { name: 'Einladung senden' }));
    expect(await screen.findByText('Bitte mindestens einen Termin auswählen.')).toBeTruthy();
    expect(sendInvitation).not.toHaveBeenCalled();

    await user.click(within(offered).getAllByRole('button', { name: /Hinzufügen/ })[0]!);
    expect(within(screen.getByRole('list', { name: 'Gewählte Termine' })).getByText(/09\.12\.2026/)).toBeTruthy();
    await waitFor(() => expect(getInvitationText).toHaveBeenLastCalledWith(7, 1, 'inv_info_event', [11], expect.anything()));
    await user.click(screen.getByRole('button', { name: 'Einladung senden' }));
    await waitFor(() => expect(sendInvitation).toHaveBeenCalled());
    const [id, type, body] = jest.mocked(sendInvitation).mock.calls[0]!;
    expect([id, type]).toEqual([7, 1]);
    expect(body).toMatchObject({ invite_tr: 2, events: [11], email: 'lena@example.com', template: 'inv_info_event', subject: 'Einladung zum Infoabend' });
    expect(await screen.findByText('Bearbeiten')).toBeTruthy();
  });

  it("says 'Zur Zeit leider keine Termine' when the school has none", async () => {
    jest.mocked(getNextAppointments).mockResolvedValue([]);
    renderAt('/m-lead/invite/7/2');
    expect(await screen.findByText('Zur Zeit leider keine Termine')).toBeTruthy();
  });
});
