import { LEAD_SUGGESTIONS } from 'shared-kernel/contracts';
import { backends } from '../../../../test/support/test-app.js';
import { createTestDatabase, type TestDatabase } from '../../../../test/support/test-db.js';

jest.setTimeout(120_000);

const NOW = '2026-11-21T09:30:00Z';
const PAST = '2026-11-20T18:00:00Z';
const EARLIER = '2026-11-10T18:00:00Z';
const FUTURE = '2026-11-28T18:00:00Z';
const LATER = '2026-12-05T18:00:00Z';

interface Case {
  name: string;
  status: number;
  ie1?: string;
  ie2?: string;
  it1?: string;
  it2?: string;
  attendedInfoEvent?: string;
  attendedTrial?: string;
  x: number;
}

/**
 * The suggestion code x (spec 001 §4) as the SQL function of migration 091 computes it: one
 * case per rule of the table in api/README.md ("Lead suggestion code"), and the edges between
 * them (the first rule that applies wins; an invitation passes when its date is before now).
 */
const CASES: Case[] = [
  { name: 'new lead, nothing recorded', status: 1, x: 1 },
  { name: 'in process, nothing recorded', status: 7, x: 1 },
  { name: 'info event attended, no trial invitation', status: 7, ie1: PAST, attendedInfoEvent: PAST, x: 2 },
  { name: 'info event attended without an invitation', status: 1, attendedInfoEvent: EARLIER, x: 2 },
  { name: 'invited to an info event to come', status: 1, ie1: FUTURE, x: 3 },
  { name: 'invited again: the new invitation (ie2) is in force', status: 7, ie1: EARLIER, ie2: FUTURE, x: 3 },
  { name: 'info event passed without attendance', status: 1, ie1: PAST, x: 4 },
  { name: 'info event exactly now counts as passed only after it began', status: 1, ie1: NOW, x: 3 },
  { name: 'the re-invitation passed too', status: 7, ie1: EARLIER, ie2: PAST, x: 4 },
  { name: 'invited to a trial to come', status: 7, ie1: EARLIER, attendedInfoEvent: EARLIER, it1: FUTURE, x: 5 },
  { name: 'invited to a trial to come, info event never attended', status: 1, it1: LATER, x: 5 },
  { name: 'trial re-invitation to come', status: 7, it1: EARLIER, it2: FUTURE, x: 5 },
  { name: 'trial passed without attendance', status: 7, it1: PAST, x: 6 },
  { name: 'trial passed, info event still to come', status: 7, ie1: FUTURE, it1: PAST, x: 6 },
  { name: 'trial attended: waiting for the contract', status: 7, it1: PAST, attendedTrial: PAST, x: 7 },
  { name: 'trial attended without an invitation', status: 1, attendedTrial: EARLIER, x: 7 },
  { name: 'contract signed', status: 6, it1: PAST, attendedTrial: PAST, x: 8 },
  { name: 'contract signed with nothing recorded', status: 6, x: 8 },
  { name: 'legacy status 3 (waiting for appointment)', status: 3, x: 9 },
  { name: 'legacy status 4 (review)', status: 4, x: 9 },
  { name: 'legacy status 5 (appointment)', status: 5, x: 9 },
  { name: 'legacy status with an invitation follows the invitation', status: 5, ie1: FUTURE, x: 3 },
  { name: 'no interest', status: 2, x: 10 },
  { name: 'no interest after a trial', status: 2, it1: PAST, attendedTrial: PAST, x: 10 },
];

describe.each(backends())('lead suggestion code on %s', (backend) => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createTestDatabase(backend);
  });
  afterAll(async () => {
    await database?.destroy();
  });

  const suggestion = async (c: Case, at = NOW): Promise<number> => {
    const result = await database.db.query<{ x: number }>(
      'SELECT lead_suggestion($1::smallint, $2, $3, $4, $5, $6, $7, $8) AS x',
      [c.status, c.ie1 ?? null, c.ie2 ?? null, c.it1 ?? null, c.it2 ?? null, c.attendedInfoEvent ?? null, c.attendedTrial ?? null, at],
    );
    return result.rows[0]!.x;
  };

  it.each(CASES.map((c) => [c.name, c] as const))('%s', async (_name, c) => {
    expect(await suggestion(c)).toBe(c.x);
  });

  it('the table covers every code 1..10', () => {
    expect([...new Set(CASES.map((c) => c.x))].sort((a, b) => a - b)).toEqual([...LEAD_SUGGESTIONS]);
  });

  it('the same lead moves from 3 to 4 when the info event has passed', async () => {
    const lead: Case = { name: 'moving', status: 1, ie1: FUTURE, x: 3 };
    expect(await suggestion(lead)).toBe(3);
    expect(await suggestion(lead, '2026-11-28T18:00:01Z')).toBe(4);
  });
});
