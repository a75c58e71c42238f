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
      refresh: 'Aktualisieren',
      school: 'Schule',
      all_schools: 'Alle meine Schulen',
      some_schools_one: '{{count}} Schule (Filter)',
      some_schools_other: '{{count}} Schulen (Filter)',
      students: 'Schüler',
      students_empty: 'Keine Schüler.',
      status: 'Status',
      count: 'Anzahl',
      total: 'Gesamt',
      requests: 'Offene Anfragen',
      requests_empty: 'Keine offenen Anfragen an den Verband.',
      request_date: 'Datum',
      request_status: 'Status',
      request_sender: 'Von',
      request_state: { '1': 'In Bearbeitung', '2': 'Wartet auf Antwort' },
      finance: 'Einnahmen und Ausgaben',
      map: 'Schülerkarte',
      map_count: '{{shown}} von {{total}} Schülern auf der Karte',
      map_without_position_one: '{{count}} ohne Koordinaten',
      map_without_position_other: '{{count}} ohne Koordinaten',
      map_choose: 'Einen Punkt auf der Karte wählen, um den Schüler heranzuzoomen.',
      map_show_all: 'Alle zeigen',
      map_open: 'Zur Schülerkarte mit Filtern',
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
      refresh: 'Refresh',
      school: 'School',
      all_schools: 'All my schools',
      some_schools_one: '{{count}} school (filter)',
      some_schools_other: '{{count}} schools (filter)',
      students: 'Students',
      students_empty: 'No students.',
      status: 'Status',
      count: 'Number',
      total: 'Total',
      requests: 'Open requests',
      requests_empty: 'No open requests to the association.',
      request_date: 'Date',
      request_status: 'Status',
      request_sender: 'From',
      request_state: { '1': 'In process', '2': 'Waiting for an answer' },
      finance: 'Income and expenses',
      map: 'Student map',
      map_count: '{{shown}} of {{total}} students on the map',
      map_without_position_one: '{{count}} without coordinates',
      map_without_position_other: '{{count}} without coordinates',
      map_choose: 'Choose a dot on the map to zoom to the student.',
      map_show_all: 'Show all',
      map_open: 'To the student map with filters',
    },
  },
});

// Names of the student enumerations, shared by the list, the map and the detail.
addNamespace(NS, studentEnumTexts);
// Student list and student dashboard (map).
addNamespace(NS, studentTexts);
