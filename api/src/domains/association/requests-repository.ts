import { CONTRACT_PACK_SIZE, type ContractRequestForm, type ContractRequestRow, type ShippingAddress, type TrainerRequestForm } from 'shared-kernel/contracts';
import type { Queryable } from '../../db/index.js';
import { createTicket } from '../tickets/repository.js';

/**
 * Contract requests (/e-rcc) and trainer requests (/e-trainer) of the association services.
 * Each becomes a ticket of mode 1 (the requests list of /e-dash), so the association answers
 * in the ticket's thread. All functions take the transaction of `db.scoped()`.
 */

/** Ticket types (spec 002 §3): 5 contracts requested, 9 trainer activation. */
export const TICKET_TYPE_CONTRACTS = 5;
export const TICKET_TYPE_TRAINER = 9;

/** Most open requests the table shows. */
export const OPEN_REQUEST_LIMIT = 200;

const ADDRESS_COLUMNS = ['firstname', 'lastname', 'supplement', 'street', 'house_no', 'zip', 'city', 'supplement_location', 'country_iso'] as const;

/** The address lines of a request as the association reads them in the thread. */
function addressLines(address: ShippingAddress): string[] {
  return [
    `${address.firstname} ${address.lastname}`,
    address.supplement,
    `${address.street} ${address.house_no}`,
    address.supplement_location,
    `${address.zip} ${address.city}`,
    address.country_iso,
  ].filter((line) => line.trim() !== '');
}

/**
 * A contract request: its ticket (type 5, with the request as the first message), its row,
 * and (save_shipping) the school's default shipping address. Answers the request's id and
 * its ticket's id.
 */
export async function createContractRequest(
  tx: Queryable,
  form: ContractRequestForm,
  sender: { id: number; name: string },
): Promise<{ id: number; tid: number }> {
  const contracts = form.amount * CONTRACT_PACK_SIZE;
  // The thread is read by the association's staff, who work in German.
  const message = [
    `Anzahl Verträge: ${contracts} (${form.amount} × ${CONTRACT_PACK_SIZE})`,
    `Anzahl Kinderurkunden: ${form.kid_cert_amount}`,
    '',
    'Lieferadresse:',
    ...addressLines(form),
  ].join('\n');
  const tid = await createTicket(
    tx,
    { schoolId: form.school, mode: 1, type: TICKET_TYPE_CONTRACTS, category: null, subject: `Vertragsanforderung: ${contracts} Verträge`, message },
    sender,
    [],
  );
  const values = ADDRESS_COLUMNS.map((column) => form[column]);
  const inserted = await tx.query<{ id: number }>(
    `INSERT INTO contract_requests (school_id, ticket_id, amount, kid_cert_amount, ${ADDRESS_COLUMNS.join(', ')}, created_by)
     VALUES ($1, $2, $3, $4, ${ADDRESS_COLUMNS.map((_, index) => `$${index + 5}`).join(', ')}, $14) RETURNING id`,
    [form.school, tid, form.amount, form.kid_cert_amount, ...values, sender.id],
  );
  if (form.save_shipping) {
    await tx.query(
      `INSERT INTO school_shipping_addresses (school_id, ${ADDRESS_COLUMNS.join(', ')})
       VALUES ($1, ${ADDRESS_COLUMNS.map((_, index) => `$${index + 2}`).join(', ')})
       ON CONFLICT (school_id) DO UPDATE SET ${ADDRESS_COLUMNS.map((column) => `${column} = EXCLUDED.${column}`).join(', ')}, updated_at = now()`,
      [form.school, ...values],
    );
  }
  return { id: inserted.rows[0]!.id, tid };
}

/** Open contract requests (ticket in process or waiting for an answer), newest first. */
export async function listOpenContractRequests(tx: Queryable): Promise<ContractRequestRow[]> {
  const result = await tx.query<Omit<ContractRequestRow, 'dc'> & { dc: Date }>(
    `SELECT r.id, r.ticket_id AS tid, r.created_at AS dc,
            COALESCE(NULLIF(TRIM(u.firstname || ' ' || u.lastname), ''), u.username, '') AS "user",
            r.school_id, s.name AS school, r.amount, r.kid_cert_amount, t.tsid
       FROM contract_requests r
       JOIN tickets t ON t.id = r.ticket_id
       JOIN schools s ON s.id = r.school_id
       LEFT JOIN users u ON u.id = r.created_by
      WHERE t.tsid IN (1, 2)
      ORDER BY r.created_at DESC, r.id DESC
      LIMIT ${OPEN_REQUEST_LIMIT}`,
  );
  return result.rows.map((row) => ({ ...row, dc: row.dc.toISOString() }));
}

/** The saved shipping address of each school in scope, by school id. */
export async function shippingAddresses(tx: Queryable): Promise<Record<string, ShippingAddress>> {
  const result = await tx.query<ShippingAddress & { school_id: number }>(
    `SELECT school_id, ${ADDRESS_COLUMNS.join(', ')} FROM school_shipping_addresses ORDER BY school_id`,
  );
  return Object.fromEntries(result.rows.map(({ school_id, ...address }) => [String(school_id), address]));
}

/** A trainer activation request as a ticket of type 9; answers the ticket's id. */
export async function createTrainerRequest(tx: Queryable, form: TrainerRequestForm, sender: { id: number; name: string }): Promise<number> {
  const message = [`Vorname: ${form.firstname}`, `Nachname: ${form.lastname}`, `Mitgliedsnummer: ${form.mno}`, '', form.annotation].join('\n');
  return createTicket(
    tx,
    { schoolId: form.sid, mode: 1, type: TICKET_TYPE_TRAINER, category: null, subject: `Traineraktivierung: ${form.firstname} ${form.lastname}`, message },
    sender,
    [],
  );
}
