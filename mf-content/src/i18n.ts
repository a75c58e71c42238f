import { addNamespace } from 'shared-kernel';

/** Namespace of the website content area's texts. */
export const NS = 'content';

addNamespace(NS, {
  de: {
    news: {
      title: 'News',
      empty: 'Keine News vorhanden.',
      headline: 'Titel',
      schools: 'Schulen',
      active: 'Aktiv',
      published: 'Veröffentlicht',
      expires: 'Läuft ab',
      yes: 'Ja',
      no: 'Nein',
      all_schools: 'Alle Schulen',
      previous: 'Vorherige Seite',
      next: 'Nächste Seite',
      page_of: 'Seite {{page}} von {{pages}} ({{total}} Einträge)',
    },
  },
  en: {
    news: {
      title: 'News',
      empty: 'No news yet.',
      headline: 'Title',
      schools: 'Schools',
      active: 'Active',
      published: 'Published',
      expires: 'Expires',
      yes: 'Yes',
      no: 'No',
      all_schools: 'All schools',
      previous: 'Previous page',
      next: 'Next page',
      page_of: 'Page {{page}} of {{pages}} ({{total}} entries)',
    },
  },
});
