import type { Db } from '../../src/db/index.js';

/**
 * Fixtures of school-owned resources for the generated authorization matrix: a route that
 * declares `config.access.scopedId.resource = 'x'` needs `registerResource('x', ...)`
 * here, creating such a row in the given school and returning its id. The matrix then
 * checks that a user of another school gets 404 for it. A missing fixture fails the test.
 */
export type ResourceFixture = (db: Db, schoolId: number) => Promise<number | string>;

const fixtures = new Map<string, ResourceFixture>();

/** Registers the fixture of a resource name. */
export function registerResource(name: string, fixture: ResourceFixture): void {
  fixtures.set(name, fixture);
}

/** The fixture of a resource, or undefined when none is registered. */
export function resourceFixture(name: string): ResourceFixture | undefined {
  return fixtures.get(name);
}

// ---- fixtures (add yours below) -------------------------------------------------------

// Business resources (api/test/business owner).
registerResource('ticket', async (db, schoolId) => {
  // Mode 1 (support request): the mode a generated request picks first for `m`.
  const ticket = await db.query<{ id: number }>(
    "INSERT INTO tickets (school_id, mode, type, tsid, subject) VALUES ($1, 1, 4, 1, 'Fixture ticket') RETURNING id",
    [schoolId],
  );
  const id = ticket.rows[0]!.id;
  await db.query(
    "INSERT INTO ticket_messages (school_id, ticket_id, sender_name, message) VALUES ($1, $2, 'Fixture', 'Fixture message')",
    [schoolId, id],
  );
  return id;
});
