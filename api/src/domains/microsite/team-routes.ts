import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ERROR, HIDEABLE_SCHOOL_ROLE, TEAM_IMAGE_SIZES, teamToggleSchema, type TeamMember } from 'shared-kernel/contracts';
import { confirmFiles, putPending } from '../../files/file-intents.js';
import { IMAGE_KINDS, readUploads } from '../../files/index.js';
import { HttpError, notFound } from '../../lib/http-error.js';
import { errorResponses, successSchema } from '../../lib/route-schemas.js';
import { validate } from '../../lib/validate.js';
import { listTeam, mayBeHidden, rolesOf, setHidden, setPhoto } from './team-repository.js';

/*
 * The microsite team (spec 002 §2.20, §4, §6, §7). team_r reads the team of a school in
 * view; team_w shows or hides a member (only members holding school role 3) and uploads
 * photos. A school not in view answers 404, a member not in its team too.
 */

const sid = { type: 'integer', minimum: 1, maximum: 2147483647 } as const;
const mno = { type: 'string', minLength: 1, maxLength: 30 } as const;
const toggleSchema = {
  type: 'object',
  required: ['mno', 'sid', 'role'],
  additionalProperties: false,
  properties: { mno, sid, role: { type: 'integer', enum: [HIDEABLE_SCHOOL_ROLE] } },
} as const;

const teamMemberSchema = {
  type: 'object',
  required: ['fh', 'mno', 'fn', 'ln', 'sid', 'gr', 'msrid', 'h'],
  properties: {
    fh: { type: ['integer', 'null'], description: `Photo id: GET /api-cubic/image/{fh}-{size}/members, size ${TEAM_IMAGE_SIZES.join(' or ')}` },
    mno: { type: 'string' },
    fn: { type: 'string' },
    ln: { type: 'string' },
    sid: { type: 'integer' },
    gr: { type: ['string', 'null'] },
    msrid: { type: 'array', items: { type: 'integer' } },
    h: { type: 'integer', enum: [0, 1] },
  },
} as const;

function schoolInView(request: FastifyRequest, schoolId: number): void {
  if (!request.scope.schoolIds.includes(schoolId)) throw notFound();
}

/** Shows or hides a member: 404 outside the team, 400 {error: 39} without school role 3. */
async function toggle(request: FastifyRequest, input: unknown, hidden: boolean) {
  const form = validate(teamToggleSchema, input);
  schoolInView(request, form.sid);
  request.audit.entity = 'team_member';
  request.audit.schoolId = form.sid;
  await request.scoped(async (tx) => {
    const roles = await rolesOf(tx, form.sid, form.mno);
    if (roles.length === 0) throw notFound();
    if (!mayBeHidden(roles)) throw new HttpError(400, { error: ERROR.teamMemberNotHideable });
    await setHidden(tx, form.sid, form.mno, hidden);
  });
  return { success: true };
}

export default async function teamRoutes(app: FastifyInstance): Promise<void> {
  const tags = ['api-base'];

  app.get(
    '/team',
    {
      config: { access: { atoms: ['team_r'], scopedId: { in: 'query', name: 'sid', resource: 'school' } } },
      schema: {
        summary: 'The team of a school in view: members holding a school role, their photo, grade, roles and hidden flag',
        tags,
        querystring: { type: 'object', required: ['sid'], additionalProperties: false, properties: { sid } },
        response: { ...errorResponses, 200: { type: 'object', required: ['rows'], properties: { rows: { type: 'array', items: teamMemberSchema } } } },
      },
    },
    async (request): Promise<{ rows: TeamMember[] }> => {
      const { sid: schoolId } = request.query as { sid: number };
      schoolInView(request, schoolId);
      return { rows: await request.scoped((tx) => listTeam(tx, schoolId)) };
    },
  );

  app.post(
    '/team',
    {
      config: { access: { atoms: ['team_w'], scopedId: { in: 'body', name: 'sid', resource: 'school' } } },
      schema: { summary: 'Show a team member (school role 3) on the microsite', tags, body: toggleSchema, response: { ...errorResponses, 200: successSchema } },
    },
    (request) => toggle(request, request.body, false),
  );

  app.delete(
    '/team',
    {
      config: { access: { atoms: ['team_w'], scopedId: { in: 'query', name: 'sid', resource: 'school' } } },
      schema: { summary: 'Hide a team member (school role 3) on the microsite', tags, querystring: toggleSchema, response: { ...errorResponses, 200: successSchema } },
    },
    (request) => toggle(request, request.query, true),
  );

  app.put(
    '/tpu',
    {
      config: { access: { atoms: ['team_w'], scopedId: { in: 'query', name: 'sid', resource: 'school' } } },
      schema: {
        summary: "A team member's photo (multipart field `file`: JPG, PNG or WebP, re-encoded, at most 10 MB); replaces the previous one",
        tags,
        consumes: ['multipart/form-data'],
        querystring: { type: 'object', required: ['sid', 'mno'], additionalProperties: false, properties: { sid, mno } },
        response: { ...errorResponses, 200: { type: 'object', required: ['success', 'fh'], properties: { success: { type: 'boolean' }, fh: { type: 'integer' } } } },
      },
    },
    async (request) => {
      const { sid: schoolId, mno: member } = request.query as { sid: number; mno: string };
      schoolInView(request, schoolId);
      // Before reading the upload: a member outside the team is 404 whatever was sent.
      if ((await request.scoped((tx) => rolesOf(tx, schoolId, member))).length === 0) throw notFound();
      const { files } = await readUploads(request, { maxFiles: 1, maxFileBytes: 10 * 1024 * 1024, allowed: IMAGE_KINDS, maxImageSide: 1200 });
      const file = files[0]!;
      const key = await putPending(app, file.data);
      request.audit.entity = 'team_photo';
      request.audit.schoolId = schoolId;
      try {
        const saved = await request.scoped(async (tx) => {
          await confirmFiles(tx, [key]);
          return setPhoto(tx, schoolId, member, { mime: file.mime, key }, request.session!.user.id);
        });
        await app.files.removeQuietly([saved.replacedKey]);
        return { success: true, fh: saved.id };
      } catch (error) {
        await app.files.removeQuietly([key]);
        throw error;
      }
    },
  );
}
