import { http } from 'shared-kernel';
import type { PagedListRequest, StudentListResponse, StudentListRow } from 'shared-kernel/contracts';

export type { StudentListRow, StudentListResponse };

/** POST /api-student/list: a page of the students of the filtered schools. */
export function getStudentList(request: PagedListRequest, signal?: AbortSignal): Promise<StudentListResponse> {
  return http.post('api-student/list', { json: request, signal }).json<StudentListResponse>();
}
