import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Atom } from 'shared-kernel/contracts';
import { notFound } from '../../lib/http-error.js';
import { idempotencyResponses, idempotentWrite } from '../../lib/idempotency.js';
import { versionConflictResponses } from '../../lib/record-version.js';
import { errorResponses } from '../../lib/route-schemas.js';
import { lockStudentForContracts } from './repository.js';
import { stidIdQuery, versionBody } from './schemas.js';
import { skipNextPeriod } from './skip.js';

const CONTRACT_WRITE = { atoms: ['student_w', 'finance_w'] as Atom[] };
const CONTRACT_BY_ID = { in: 'query' as const, name: 'id', resource: 'student_contract' };

/**
 * PUT and POST /api-student/skip?stid&id (spec 000 §7, "skip fee"; student_w + finance_w):
 * the contract's next due payment period is left out of invoicing (skip.ts). Refused with 409
 * {error: 74} for students whose network member status is in DISABLED_MEMBER_STATUSES. Register
 * with `app.register(skipRoutes, { prefix: '/api-student' })`.
 */
export default async function skipRoutes(app: FastifyInstance): Promise<void> {
  const skipOptions = (method: 'PUT' | 'POST') => ({
    config: { access: { ...CONTRACT_WRITE, scopedId: CONTRACT_BY_ID } },
    schema: {
      summary: `Skip fee (${method}): the contract's next due payment period is left out of invoicing (a skipped period; the next due date moves to the following open period). 409 {error: 74} for a member status in DISABLED_MEMBER_STATUSES, a contract not active or no period due; 409 {error: 9} stale version. Idempotent (Idempotency-Key)`,
      tags: ['api-student'],
      querystring: stidIdQuery,
      body: versionBody,
      response: {
        ...errorResponses,
        ...versionConflictResponses,
        ...idempotencyResponses,
        200: {
          type: 'object',
          required: ['success', 'version', 'period_start', 'period_end', 'dd'],
          properties: {
            success: { type: 'boolean', enum: [true] }, version: { type: 'integer' }, period_start: { type: 'string' },
            period_end: { type: 'string' }, dd: { type: ['string', 'null'] },
          },
        },
      },
    },
  });
  const skipHandler = async (request: FastifyRequest<{ Querystring: { stid: number; id: number }; Body: { version: number } }>) => {
    request.audit.entity = 'student_contract';
    request.audit.entityId = request.query.id;
    request.audit.action = 'skip';
    return idempotentWrite(request, async (tx) => {
      const student = await lockStudentForContracts(tx, request.query.stid);
      if (!student) throw notFound();
      request.audit.schoolId = student.school_id;
      const disabled = student.e_member_status_id !== null && app.config.disabledMemberStatuses.includes(student.e_member_status_id);
      return skipNextPeriod(tx, { id: request.query.stid, schoolId: student.school_id }, request.query.id, request.body.version, {
        disabled,
        userId: request.session!.user.id,
      });
    });
  };
  app.put('/skip', skipOptions('PUT'), skipHandler);
  app.post('/skip', skipOptions('POST'), skipHandler);
}
