import { addNamespace } from 'shared-kernel';
import { NS } from '../../i18n.js';

// The calendar's texts, merged into the content namespace (addNamespace merges deeply).
export { NS };

addNamespace(NS, {
  de: {
    calendar: {
      title: 'Kalender',
      school: 'Schule',
      view: 'Ansicht',
      month: 'Monat',
      week: 'Woche',
      previous_month: 'Vorheriger Monat',
      next_month: 'Nächster Monat',
      previous_week: 'Vorherige Woche',
      next_week: 'Nächste Woche',
      today: 'Heute',
      week_of: 'Woche vom {{from}} bis {{to}}',
      keyboard_hint: 'Pfeiltasten wechseln den Tag, Bild auf/ab den Monat (in der Wochenansicht die Woche), Pos1/Ende Wochenanfang/-ende.',
      legend: 'Stundenplan (wöchentlich), Termine (Infoabende, Probetrainings) und Veröffentlichungen von News. Nur lesen: Der Stundenplan wird in den Microsite-Einstellungen gepflegt.',
      settings_link: 'Stundenplan bearbeiten',
      nothing: 'Keine Einträge',
      entries: '{{count}} Einträge',
      entries_one: '{{count}} Eintrag',
      entries_other: '{{count}} Einträge',
      appointment_1: 'Infoabend',
      appointment_2: 'Probetraining',
      news: 'News: {{title}}',
      no_school: 'Keine Schule ausgewählt.',
      no_news_right: 'News werden nur mit dem Recht, News zu lesen, angezeigt.',
    },
  },
  en: {
    calendar: {
      title: 'Calendar',
      school: 'School',
      view: 'View',
      month: 'Month',
      week: 'Week',
      previous_month: 'Previous month',
      next_month: 'Next month',
      previous_week: 'Previous week',
      next_week: 'Next week',
      today: 'Today',
      week_of: 'Week from {{from}} to {{to}}',
      keyboard_hint: 'Arrow keys change the day, Page Up/Down the month (the week in the week view), Home/End the start/end of the week.',
      legend: 'Timetable (weekly), appointments (info events, trial classes) and news publish dates. Read only: the timetable is kept in the microsite settings.',
      settings_link: 'Edit the timetable',
      nothing: 'No entries',
      entries: '{{count}} entries',
      entries_one: '{{count}} entry',
      entries_other: '{{count}} entries',
      appointment_1: 'Info event',
      appointment_2: 'Trial class',
      news: 'News: {{title}}',
      no_school: 'No school selected.',
      no_news_right: 'News are shown only with the right to read news.',
    },
  },
});
