import type { FastifyRequest } from 'fastify';
import { CONTENT_VISIBILITY, MSG } from 'shared-kernel/contracts';
import { badRequest } from '../../lib/http-error.js';

/*
 * The school rules of content with a school assignment (microsite news and albums, spec 002
 * §3, §6): both routes check a form the same way before their repositories store it.
 */

/**
 * The schools to store with the item: the owner school must be one the request looks at (the
 * user's school filter; else 400 {fields: {school_id}}); visibility 3 lists schools the user
 * may see (else 400 {fields: {schools}}), without repeats; other visibilities store none.
 */
export function assignedSchools(request: FastifyRequest, form: { school_id: number; visibility: number; schools: number[] }): number[] {
  if (!request.scope.schoolIds.includes(form.school_id)) throw badRequest({ school_id: MSG.invalid });
  const mayUse = new Set(request.session!.schoolIds);
  const schools = form.visibility === CONTENT_VISIBILITY.certainSchools ? [...new Set(form.schools)] : [];
  if (schools.some((school) => !mayUse.has(school))) throw badRequest({ schools: MSG.invalid });
  return schools;
}

/** The school an upload (news file, album image) is made for: `sid`, else the first school in view; 400 {fields: {sid}} when not in view. */
export function uploadSchool(request: FastifyRequest, sid: number | undefined): number {
  const schoolId = sid ?? request.scope.schoolIds[0];
  if (schoolId === undefined || !request.scope.schoolIds.includes(schoolId)) throw badRequest({ sid: MSG.invalid });
  return schoolId;
}
