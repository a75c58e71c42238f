import { http } from 'shared-kernel';

/** DELETE /api-content/news?id: removes a news item and its files (irreversible). */
export async function deleteNews(id: number): Promise<void> {
  await http.delete('api-content/news', { searchParams: { id } });
}
