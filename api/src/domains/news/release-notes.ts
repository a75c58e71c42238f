import type { ReleaseNote } from 'shared-kernel/contracts';

/**
 * What changed in the product, newest first: shown to every user in the 'last changes'
 * dialog beside the software feedback list (/e-dash), so schools see what became of their
 * feedback. Add an entry with every release that changes what staff see.
 */
export const RELEASE_NOTES: readonly ReleaseNote[] = [
  {
    version: '0.2.0',
    date: '2026-11-21',
    changes: {
      de: [
        'Schülerliste mit Filtern, Sortierung, Export (CSV und Excel) und aufklappbaren Zeilen.',
        'Schülerübersicht mit Karte und Schülerkarte.',
        'Schülerdetail: Personendaten, Adresse und Rechnungsadresse, Bild, Notizen, Dokumente und Erinnerungen.',
        'Einnahmen und Ausgaben: Listen, Anlegen, Bearbeiten, Kopieren, Löschen und Export.',
        'Anfragen und Software-Feedback an den Verband mit Anhängen und Antworten.',
        'Microsite-News anlegen, bearbeiten, kopieren und löschen, mit Bildern und Anhängen.',
      ],
      en: [
        'Student list with filters, sorting, export (CSV and Excel) and expandable rows.',
        'Student overview with a map and the student card.',
        'Student detail: personal data, address and invoice address, picture, notes, documents and reminders.',
        'Income and expense: lists, create, edit, copy, delete and export.',
        'Requests and software feedback to the association, with attachments and replies.',
        'Microsite news: create, edit, copy and delete, with images and attachments.',
      ],
    },
  },
  {
    version: '0.1.0',
    date: '2026-11-20',
    changes: {
      de: [
        'Anmeldung, Passwort vergessen und Passwort ändern.',
        'Navigation nach Berechtigungen, Schulfilter und Sprachwahl (Deutsch, Englisch).',
        'Übersicht mit anstehenden Erinnerungen, Finanzübersicht, Verbandsanfragen und News-Liste.',
      ],
      en: [
        'Sign-in, forgotten password and password change.',
        'Navigation by permissions, school filter and language choice (German, English).',
        'Dashboard with upcoming reminders, finance overview, association requests and news list.',
      ],
    },
  },
];
