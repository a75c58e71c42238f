import { http } from 'shared-kernel';
import type { NoteForm, TimelineEntry } from 'shared-kernel/contracts';

/** GET /api-student/timeline?id: notes and done reminders, newest first. */
export function getTimeline(studentId: number, signal?: AbortSignal): Promise<TimelineEntry[]> {
  return http.get('api-student/timeline', { searchParams: { id: studentId }, signal }).json<TimelineEntry[]>();
}

/** POST /api-student/note?stid. */
export async function createNote(studentId: number, note: NoteForm): Promise<void> {
  await http.post('api-student/note', { searchParams: { stid: studentId }, json: note });
}

/** PUT /api-student/note?id&stid. */
export async function updateNote(studentId: number, noteId: number, note: NoteForm): Promise<void> {
  await http.put('api-student/note', { searchParams: { id: noteId, stid: studentId }, json: note });
}

/** DELETE /api-student/note?id&stid. */
export async function deleteNote(studentId: number, noteId: number): Promise<void> {
  await http.delete('api-student/note', { searchParams: { id: noteId, stid: studentId } });
}
