import { http } from 'shared-kernel';
import type { NoteForm, SavedWithVersion, TimelineEntry, Versioned } from 'shared-kernel/contracts';

/** GET /api-student/timeline?id: notes and done reminders, newest first. */
export function getTimeline(studentId: number, signal?: AbortSignal): Promise<TimelineEntry[]> {
  return http.get('api-student/timeline', { searchParams: { id: studentId }, signal }).json<TimelineEntry[]>();
}

/** POST /api-student/note?stid. */
export async function createNote(studentId: number, note: NoteForm): Promise<void> {
  await http.post('api-student/note', { searchParams: { stid: studentId }, json: note });
}

/** GET /api-student/note?id&stid: one note with its version (the conflict notice loads the current one). */
export function getNote(studentId: number, noteId: number): Promise<NoteForm & Versioned> {
  return http.get('api-student/note', { searchParams: { id: noteId, stid: studentId } }).json<NoteForm & Versioned>();
}

/** PUT /api-student/note?id&stid with the version read; answers the next version (409 {error: 9} when stale). */
export async function updateNote(studentId: number, noteId: number, note: NoteForm, version: number): Promise<number> {
  const saved = await http.put('api-student/note', { searchParams: { id: noteId, stid: studentId }, json: { ...note, version } }).json<SavedWithVersion>();
  return saved.version;
}

/** DELETE /api-student/note?id&stid. */
export async function deleteNote(studentId: number, noteId: number): Promise<void> {
  await http.delete('api-student/note', { searchParams: { id: noteId, stid: studentId } });
}
