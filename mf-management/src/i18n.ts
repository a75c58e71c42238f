import { addNamespace } from 'shared-kernel';
import { studentEnumTexts } from './features/students-i18n.js';
import { studentTexts } from './features/student-list/i18n-students.js';

/** Namespace of the management area's texts. */
export const NS = 'management';

addNamespace(NS, {
  de: {
    dashboard: {
      title: 'Übersicht',
      reminders: 'Anstehende Wiedervorlagen',
      reminders_empty: 'Keine offenen Wiedervorlagen in den nächsten 7 Tagen.',
      deadline: 'Frist',
      subject: 'Betreff',
      created_by: 'Erstellt von',
      reference: 'Bezug',
      student: 'Schüler',
      lead: 'Interessent',
      overdue: 'überfällig',
      due_today: 'heute fällig',
      all_reminders: 'Alle Wiedervorlagen',
    },
  },
  en: {
    dashboard: {
      title: 'Overview',
      reminders: 'Upcoming reminders',
      reminders_empty: 'No open reminders in the next 7 days.',
      deadline: 'Deadline',
      subject: 'Subject',
      created_by: 'Created by',
      reference: 'Reference',
      student: 'Student',
      lead: 'Lead',
      overdue: 'overdue',
      due_today: 'due today',
      all_reminders: 'All reminders',
    },
  },
});

// Names of the student enumerations, shared by the list, the map and the detail.
addNamespace(NS, studentEnumTexts);
// Student list and student dashboard (map).
addNamespace(NS, studentTexts);
