import { http } from 'shared-kernel';
import { HIDEABLE_SCHOOL_ROLE, type TeamMember } from 'shared-kernel/contracts';

/** GET /api-base/team?sid: the team of one school. */
export async function getTeam(schoolId: number, signal?: AbortSignal): Promise<TeamMember[]> {
  return (await http.get('api-base/team', { searchParams: { sid: schoolId }, signal }).json<{ rows: TeamMember[] }>()).rows;
}

/** POST (show) or DELETE (hide) /api-base/team: only members holding school role 3. */
export async function setTeamMemberHidden(member: Pick<TeamMember, 'mno' | 'sid'>, hidden: boolean): Promise<void> {
  const target = { mno: member.mno, sid: member.sid, role: HIDEABLE_SCHOOL_ROLE };
  if (hidden) await http.delete('api-base/team', { searchParams: target });
  else await http.post('api-base/team', { json: target });
}

/** PUT /api-base/tpu?sid&mno (multipart `file`): the member's photo; answers the new photo id. */
export async function uploadTeamPhoto(member: Pick<TeamMember, 'mno' | 'sid'>, file: File): Promise<number> {
  const body = new FormData();
  body.append('file', file, file.name);
  return (await http.put('api-base/tpu', { searchParams: { sid: member.sid, mno: member.mno }, body }).json<{ fh: number }>()).fh;
}

/** Address of a team photo in a size (GET /api-cubic/image/{fh}-{size}/members). */
export const teamPhotoUrl = (fh: number, size = '0x200') => `/api-cubic/image/${fh}-${size}/members`;
