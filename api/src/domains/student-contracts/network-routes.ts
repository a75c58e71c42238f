import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { NetworkRequestAnswer } from 'shared-kernel/contracts';
import type { Queryable } from '../../db/index.js';
import { notFound } from '../../lib/http-error.js';
import { idempotencyResponses, idempotentWrite } from '../../lib/idempotency.js';
import { errorResponses, idQuerySchema } from '../../lib/route-schemas.js';
import { insertNote } from './repository.js';

/** network_requests.kind of the two toolbar actions. */
type Kind = 'cancellation_confirmation' | 'data_transfer';

const answerSchema = {
  type: 'object',
  required: ['success', 'id', 'created'],
  properties: { success: { type: 'boolean', enum: [true] }, id: { type: 'integer' }, created: { type: 'boolean' } },
} as const;

/** What the network gets: the member as this school has it, and for a cancellation its contracts' cancellations. */
async function payloadFor(tx: Queryable, studentId: number, kind: Kind) {
  const rows = await tx.query<Record<string, unknown>>(
    `SELECT s.id AS stid, s.mno, s.salutation_id, s.title_id, s.firstname, s.lastname, to_char(s.dob, 'YYYY-MM-DD') AS dob,
            s.street, s.house_no, s.zip, s.city, s.country_iso, s.email, s.phone_regular, s.phone_cellphone,
            s.student_status_id, s.e_member_status_id, s.e_contract_id, s.divisions AS products
       FROM students s WHERE s.id = $1`,
    [studentId],
  );
  const student = rows.rows[0];
  if (!student) return null;
  if (kind === 'data_transfer') return { student, contract: null };
  // The cancellation being confirmed: the latest cancelled contract (none: the request still
  // records that the school asked for the confirmation).
  const cancelled = await tx.query<{ id: number; contract_no: string | null; cancel_date: string; contract_end: string | null }>(
    `SELECT id, contract_no, to_char(cancel_date, 'YYYY-MM-DD') AS cancel_date, to_char(contract_end, 'YYYY-MM-DD') AS contract_end
       FROM student_contracts WHERE student_id = $1 AND cancel_date IS NOT NULL
      ORDER BY cancel_date DESC, id DESC LIMIT 1`,
    [studentId],
  );
  return { student, contract: cancelled.rows[0] ?? null };
}

/**
 * The student toolbar's "network cancellation confirmation" (POST /api-base/cce?id, spec 001
 * §7) and "data transfer to the network" (POST /api-base/ndt?id; the spec names no call):
 * the request is recorded in the network outbox (network_requests, migrations 088 and 105)
 * with the data the network needs; the transfer itself is the network's API, configuration
 * of the installation, and is not called from here. While a request of the kind waits for
 * transfer (status 1), asking again answers it (created false); a type-1 note in the timeline.
 * student_r (spec 001 §6). Register with `app.register(networkRequestRoutes, { prefix: '/api-base' })`.
 */
export default async function networkRequestRoutes(app: FastifyInstance): Promise<void> {
  const record = (kind: Kind, note: string) => async (request: FastifyRequest<{ Querystring: { id: number } }>): Promise<NetworkRequestAnswer> => {
    const studentId = request.query.id;
    request.audit.entity = 'student';
    request.audit.entityId = studentId;
    request.audit.action = kind;
    return idempotentWrite(request, async (tx) => {
      // Locked: two requests at once find each other's waiting row.
      const locked = await tx.query<{ school_id: number }>('SELECT school_id FROM students WHERE id = $1 FOR UPDATE', [studentId]);
      const schoolId = locked.rows[0]?.school_id;
      if (schoolId === undefined) throw notFound();
      request.audit.schoolId = schoolId;
      const waiting = await tx.query<{ id: number }>('SELECT id FROM network_requests WHERE student_id = $1 AND kind = $2 AND status = 1', [studentId, kind]);
      if (waiting.rows[0]) return { success: true as const, id: waiting.rows[0].id, created: false };
      const payload = await payloadFor(tx, studentId, kind);
      if (!payload) throw notFound();
      const created = await tx.query<{ id: number }>(
        `INSERT INTO network_requests (school_id, kind, student_id, student_contract_id, payload, created_by)
         VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`,
        [schoolId, kind, studentId, payload.contract?.id ?? null, JSON.stringify(payload), request.session!.user.id],
      );
      await insertNote(tx, { id: studentId, schoolId }, 1, note, request.session!.user.id);
      return { success: true as const, id: created.rows[0]!.id, created: true };
    });
  };

  const options = (summary: string) => ({
    config: { access: { atoms: ['student_r' as const], scopedId: { in: 'query' as const, name: 'id', resource: 'student' } } },
    schema: { summary, tags: ['api-base'], querystring: idQuerySchema, response: { ...errorResponses, ...idempotencyResponses, 200: answerSchema } },
  });

  app.post(
    '/cce',
    options(
      'Network cancellation confirmation of the student (?id): recorded in the network outbox (network_requests, kind cancellation_confirmation) with the member and the latest cancellation; one waiting request per student (again: created false). Idempotent (Idempotency-Key)',
    ),
    record('cancellation_confirmation', 'Kündigungsbestätigung an das Netzwerk angefordert (Übertragung ausstehend)'),
  );

  app.post(
    '/ndt',
    options(
      "Data transfer to the network of the student (?id): the member's data recorded in the network outbox (network_requests, kind data_transfer); one waiting request per student (again: created false). Idempotent (Idempotency-Key)",
    ),
    record('data_transfer', 'Datenübertragung an das Netzwerk angefordert (Übertragung ausstehend)'),
  );
}
