import { addNamespace } from 'shared-kernel';
import { NS } from '../../i18n.js';

export { NS };

addNamespace(NS, {
  de: {
    cancellation: {
      title: 'Kündigung: {{name}}',
      title_fallback: 'Kündigung',
      form: 'Kündigungsschreiben',
      contract: 'Vertrag',
      contract_option: 'Vertrag ab {{start}} ({{amount}})',
      no_contracts: 'Dieser Schüler hat keinen kündbaren Vertrag.',
      dc: 'Kündigungsdatum',
      dce: 'Wirksam zum',
      dce_hint: 'Vorgeschlagen aus den Vertragslaufzeiten; änderbar.',
      proposed: 'Vorgeschlagen: {{date}}',
      cannot_propose: 'Kein Kündigungstermin vorschlagbar: Vertragsdaten fehlen oder sind fehlerhaft.',
      template: 'Vorlage',
      address_type: 'Adresse',
      address: { 1: 'Rechnungsadresse', 2: 'Belegadresse', 3: 'Lieferadresse', 4: 'Standardadresse' },
      save: 'Kündigen und Bestätigung erstellen',
      back: 'Zurück zum Schüler',
      invalid_id: 'Ungültige Schüler-Nummer in der Adresse.',
      letter_failed: 'Die Kündigung ist gespeichert; das Schreiben konnte nicht heruntergeladen werden. Es liegt bei den Dokumenten des Schülers.',
    },
  },
  en: {
    cancellation: {
      title: 'Cancellation: {{name}}',
      title_fallback: 'Cancellation',
      form: 'Cancellation letter',
      contract: 'Contract',
      contract_option: 'Contract from {{start}} ({{amount}})',
      no_contracts: 'This student has no contract that can be cancelled.',
      dc: 'Cancellation date',
      dce: 'Effective on',
      dce_hint: 'Proposed from the contract terms; can be changed.',
      proposed: 'Proposed: {{date}}',
      cannot_propose: 'No effective cancellation date can be suggested: contract data is missing or faulty.',
      template: 'Template',
      address_type: 'Address',
      address: { 1: 'Invoice address', 2: 'Receipt address', 3: 'Delivery address', 4: 'Standard address' },
      save: 'Cancel and create the confirmation',
      back: 'Back to the student',
      invalid_id: 'Invalid student number in the address.',
      letter_failed: "The cancellation is saved; the letter could not be downloaded. It is in the student's documents.",
    },
  },
});
