import { http } from 'shared-kernel';
import type { NewsFile } from 'shared-kernel/contracts';

/**
 * POST /api-content/news-file (multipart `file`): stores one attachment or image and answers
 * its id, which the news form then sends in `files`. The server checks the type by content
 * and the size ({error: 1100..1103} otherwise).
 */
export function uploadNewsFile(file: File, signal?: AbortSignal): Promise<NewsFile> {
  const body = new FormData();
  body.append('file', file, file.name);
  return http.post('api-content/news-file', { body, signal }).json<NewsFile>();
}
