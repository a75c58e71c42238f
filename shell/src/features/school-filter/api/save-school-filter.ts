import { http } from 'shared-kernel';

/** POST /api-base/filter: the schools the user looks at; answers the accepted filter. */
export async function saveSchoolFilter(schoolIds: number[]): Promise<number[]> {
  const answer = await http
    .post('api-base/filter', { json: { name: 'schools', value: schoolIds } })
    .json<{ filter?: number[] }>();
  return Array.isArray(answer.filter) ? answer.filter : schoolIds;
}
