/** The address a news image is served from (GET /api-content/news-file?id). */
export function newsFileUrl(fileId: number): string {
  return `/api-content/news-file?id=${fileId}`;
}
