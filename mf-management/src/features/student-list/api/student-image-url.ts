import { appBaseUrl } from 'shared-kernel';
import type { STUDENT_IMAGE_SIZES } from 'shared-kernel/contracts';

/** A picture size GET /api-cubic/image serves. */
export type StudentImageSize = (typeof STUDENT_IMAGE_SIZES)[number];

/**
 * Address of a student's picture in a size the server renders (GET /api-cubic/image). Absolute,
 * because an <img> resolves a relative path against the page (/m-student/...), not the API base.
 * @example studentImageUrl('ab12', '200x0') // 'http://host/api-cubic/image?f=ab12-200x0&n=members'
 */
export function studentImageUrl(sifh: string, size: StudentImageSize = '200x0'): string {
  const url = new URL('api-cubic/image', appBaseUrl());
  url.searchParams.set('f', `${sifh}-${size}`);
  url.searchParams.set('n', 'members');
  return url.href;
}
