import { addNamespace } from 'shared-kernel';

/** Namespace of the association area's texts. */
export const NS = 'association';

addNamespace(NS, {
  de: {
    dashboard: {
      title: 'Verband – Übersicht',
      tickets: 'Supportanfragen',
      tickets_empty: 'Keine Supportanfragen vorhanden.',
      date: 'Datum',
      subject: 'Betreff',
      status: 'Status',
      sender: 'Absender',
      last_message: 'Letzte Nachricht',
    },
    ticket_status: {
      1: 'In Bearbeitung',
      2: 'Wartet auf Antwort',
      3: 'Geschlossen',
      4: 'Erledigt',
      5: 'Storniert',
    },
  },
  en: {
    dashboard: {
      title: 'Association – overview',
      tickets: 'Support requests',
      tickets_empty: 'No support requests.',
      date: 'Date',
      subject: 'Subject',
      status: 'Status',
      sender: 'Sender',
      last_message: 'Last message',
    },
    ticket_status: {
      1: 'In process',
      2: 'Waiting for answer',
      3: 'Closed',
      4: 'Done',
      5: 'Cancelled',
    },
  },
});
