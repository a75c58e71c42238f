/** How urgent an open reminder is (spec 001 §4): overdue shows red, due today orange. */
export type ReminderUrgency = 'overdue' | 'today' | null;

/** Urgency of a deadline (ISO date or date-time) on the calendar day `today` (ISO date). */
export function reminderUrgency(deadline: string, today: string): ReminderUrgency {
  const day = deadline.slice(0, 10);
  if (day < today) return 'overdue';
  if (day === today) return 'today';
  return null;
}
