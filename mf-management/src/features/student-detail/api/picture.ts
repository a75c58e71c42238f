import { http } from 'shared-kernel';

/** Size of the picture on the detail page (a size GET /api-cubic/image serves). */
const DETAIL_PICTURE_SIZE = '400x0';

/** URL of the student's picture in the detail size (the browser loads it with the session cookie). */
export function studentPictureUrl(sifh: string): string {
  const query = new URLSearchParams({ f: `${sifh}-${DETAIL_PICTURE_SIZE}`, n: 'members' });
  return `/api-cubic/image?${query.toString()}`;
}

/**
 * PUT /api-student/pic-save?id (multipart, field `file`): replaces the picture; the server
 * re-encodes it and answers the new picture hash. Refusals answer {error: 1100..1103}.
 */
export function uploadStudentPicture(studentId: number, file: File): Promise<{ sifh: string }> {
  const body = new FormData();
  body.append('file', file);
  return http.put('api-student/pic-save', { searchParams: { id: studentId }, body }).json<{ sifh: string }>();
}
