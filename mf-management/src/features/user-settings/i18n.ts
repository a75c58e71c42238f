import { addNamespace } from 'shared-kernel';
import { NS } from '../../i18n.js';

// The user settings screen's texts, merged into the management namespace beside the feature.
export { NS };

addNamespace(NS, {
  de: {
    user_settings: {
      title: 'Meine Einstellungen',
      form_label: 'Meine Einstellungen',
      mail: 'E-Mails',
      ovr_mail_from: 'Meine E-Mail-Adresse ({{email}}) als Absender verwenden',
      ovr_mail_from_hint: 'Sonst gilt der Absender aus den Kommunikationseinstellungen der Schule.',
      signature_group: 'Signatur',
      custom_signature: 'Eigene Signatur verwenden',
      custom_signature_hint: 'Sonst gilt die Signatur aus den Kommunikationseinstellungen der Schule.',
      signature: 'Meine Signatur',
      save: 'Speichern',
    },
  },
  en: {
    user_settings: {
      title: 'My settings',
      form_label: 'My settings',
      mail: 'E-mails',
      ovr_mail_from: 'Send with my e-mail address ({{email}}) as the sender',
      ovr_mail_from_hint: "Otherwise the sender of the school's communication settings applies.",
      signature_group: 'Signature',
      custom_signature: 'Use my own signature',
      custom_signature_hint: "Otherwise the signature of the school's communication settings applies.",
      signature: 'My signature',
      save: 'Save',
    },
  },
});
