import { addNamespace } from 'shared-kernel';
import { NS } from '../../i18n.js';

// The document-from-template screen's texts, merged into the management namespace.
export { NS };

addNamespace(NS, {
  de: {
    template_document: {
      form_label: 'Dokument aus Vorlage',
      recipient: 'Empfänger',
      email: 'E-Mail',
      no_email: 'Keine E-Mail-Adresse hinterlegt',
      subject: 'Betreff',
      content: 'Inhalt',
      unknown: 'Unbekannte Platzhalter: {{names}}. Bitte vor dem Erstellen entfernen oder ersetzen.',
      pdf: 'PDF',
      send: 'Per E-Mail senden',
      send_disabled: 'Senden nicht möglich: Für den Empfänger ist keine E-Mail-Adresse hinterlegt.',
      pdf_done: 'PDF erstellt.',
      sent: 'E-Mail an {{to}} gesendet.',
      back: 'Zurück',
    },
  },
  en: {
    template_document: {
      form_label: 'Document from template',
      recipient: 'Recipient',
      email: 'E-mail',
      no_email: 'No e-mail address on record',
      subject: 'Subject',
      content: 'Content',
      unknown: 'Unknown placeholders: {{names}}. Please remove or replace them first.',
      pdf: 'PDF',
      send: 'Send by e-mail',
      send_disabled: 'Cannot send: the recipient has no e-mail address.',
      pdf_done: 'PDF created.',
      sent: 'E-mail sent to {{to}}.',
      back: 'Back',
    },
  },
});
