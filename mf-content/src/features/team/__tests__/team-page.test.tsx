import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import type { TeamMember } from 'shared-kernel/contracts';
import { makeAppState, renderWithProviders } from 'shared-kernel/testing';
import { routes } from '../../../routes';
import { getTeam, setTeamMemberHidden, uploadTeamPhoto } from '../api/team-api';

jest.mock('../api/team-api', () => ({
  ...jest.requireActual('../api/team-api'),
  getTeam: jest.fn(),
  setTeamMemberHidden: jest.fn(),
  uploadTeamPhoto: jest.fn(),
}));

const members: TeamMember[] = [
  { fh: 7, mno: 'AT-100101', fn: 'Anna', ln: 'Huber', sid: 1, gr: '4. Dan', msrid: [1, 9], h: 0 },
  { fh: null, mno: 'AT-100102', fn: 'Ben', ln: 'Maier', sid: 1, gr: '1. Dan', msrid: [3], h: 1 },
];

const userWith = (atoms: string[]) => ({ user: { ...makeAppState().user, level: 3 }, atoms: atoms as never });

function renderTeam(session = {}) {
  const Team = routes['c-team'];
  return renderWithProviders(
    <Routes>
      <Route path="c-team/*" element={<Team />} />
    </Routes>,
    { route: '/c-team', session },
  );
}

beforeEach(() => {
  jest.mocked(getTeam).mockReset().mockResolvedValue(members);
  jest.mocked(setTeamMemberHidden).mockReset().mockResolvedValue(undefined);
  jest.mocked(uploadTeamPhoto).mockReset().mockResolvedValue(8);
});

describe('team', () => {
  it('lists the members with photo, number, grade and roles; only trainers get the toggle', async () => {
    renderTeam(userWith(['team_r', 'team_w']));
    const table = await screen.findByRole('table', { name: 'Team' });
    const anna = within(table).getByRole('row', { name: /Anna Huber/ });
    expect(within(anna).getByRole('img', { name: 'Foto von Anna Huber' }).getAttribute('src')).toBe('/api-cubic/image/7-0x200/members');
    expect(within(anna).getByText('Lizenznehmer, Sifu')).toBeTruthy();
    expect(within(anna).queryByRole('button')).toBeNull();
    const ben = within(table).getByRole('row', { name: /Ben Maier/ });
    expect(within(ben).getByText('Unsichtbar')).toBeTruthy();
    await userEvent.click(within(ben).getByRole('button', { name: 'Ben Maier einblenden' }));
    expect(setTeamMemberHidden).toHaveBeenCalledWith(members[1], false);
    await waitFor(() => expect(getTeam).toHaveBeenCalledTimes(2));

    const file = new File([new Uint8Array([1, 2, 3])], 'ben.jpg', { type: 'image/jpeg' });
    await userEvent.upload(within(ben).getByLabelText('Foto für Ben Maier hochladen'), file);
    expect(uploadTeamPhoto).toHaveBeenCalledWith(members[1], file);
  });

  it('shows no toggle and no upload without team_w', async () => {
    renderTeam(userWith(['team_r']));
    const table = await screen.findByRole('table', { name: 'Team' });
    expect(within(table).queryByRole('button')).toBeNull();
    expect(within(table).queryByLabelText(/hochladen/)).toBeNull();
  });
});
