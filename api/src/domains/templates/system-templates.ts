import { TEMPLATE_TARGET, type SystemTemplateKey, type TemplateTargetType } from 'shared-kernel/contracts';

/**
 * The system templates (spec 001 §3 "Templates": invitations, cancellation confirmation,
 * invoices, payment reminder, dunning, credit note) with their German defaults. A school (or
 * all schools) may override subject and content (/m-conf/template); a reset returns to these.
 */
export interface SystemTemplateDef {
  name: { de: string; en: string };
  type: TemplateTargetType;
  subject: string;
  content: string;
}

const closing = '<p>Mit freundlichen Grüßen<br>##contact##<br>##school##</p>';

export const SYSTEM_TEMPLATES: Record<SystemTemplateKey, SystemTemplateDef> = {
  inv_info_event: {
    name: { de: 'Einladung zum Infoabend', en: 'Invitation to an info event' },
    type: TEMPLATE_TARGET.lead,
    subject: 'Einladung zum Infoabend – ##school##',
    content: `<p>##salutation##</p><p>vielen Dank für Ihr Interesse. Wir laden Sie herzlich zu einem unserer nächsten Infoabende ein:</p><p>##events1##</p><p>Bei Fragen erreichen Sie uns unter ##contactemail##.</p>${closing}`,
  },
  inv_trial: {
    name: { de: 'Einladung zum Probetraining', en: 'Invitation to a trial session' },
    type: TEMPLATE_TARGET.lead,
    subject: 'Einladung zum Probetraining – ##school##',
    content: `<p>##salutation##</p><p>wir freuen uns, Sie zu einem kostenlosen Probetraining einzuladen. Die nächsten Termine:</p><p>##events1##</p><p>Bei Fragen erreichen Sie uns unter ##contactemail##.</p>${closing}`,
  },
  rep_memb_canc: {
    name: { de: 'Kündigungsbestätigung', en: 'Cancellation confirmation' },
    type: TEMPLATE_TARGET.studentContract,
    subject: 'Bestätigung Ihrer Kündigung',
    content: `<p>##salutation##</p><p>hiermit bestätigen wir die Kündigung Ihres Vertrags ##contractno## (##contractname##). Der Vertrag endet am ##contractend##.</p><p>Wir bedanken uns für Ihre Treue.</p>${closing}`,
  },
  invoice_transfer: {
    name: { de: 'Rechnung (Überweisung)', en: 'Invoice (bank transfer)' },
    type: TEMPLATE_TARGET.studentContract,
    subject: 'Ihre Rechnung – ##company##',
    content: `<p>##salutation##</p><p>für Ihren Vertrag ##contractno## stellen wir Ihnen ##amount## in Rechnung. Bitte überweisen Sie den Betrag bis zum ##duedate##.</p>${closing}`,
  },
  invoice_debit: {
    name: { de: 'Rechnung (Lastschrift)', en: 'Invoice (direct debit)' },
    type: TEMPLATE_TARGET.studentContract,
    subject: 'Ihre Rechnung – ##company##',
    content: `<p>##salutation##</p><p>für Ihren Vertrag ##contractno## stellen wir Ihnen ##amount## in Rechnung. Der Betrag wird am ##duedate## von Ihrem Konto ##iban## (Mandatsreferenz ##mandateref##) eingezogen.</p>${closing}`,
  },
  invoice_cash: {
    name: { de: 'Rechnung (Barzahlung)', en: 'Invoice (cash)' },
    type: TEMPLATE_TARGET.studentContract,
    subject: 'Ihre Rechnung – ##company##',
    content: `<p>##salutation##</p><p>für Ihren Vertrag ##contractno## stellen wir Ihnen ##amount## in Rechnung. Bitte bezahlen Sie den Betrag bis zum ##duedate## bar in der Schule.</p>${closing}`,
  },
  payment_reminder: {
    name: { de: 'Zahlungserinnerung', en: 'Payment reminder' },
    type: TEMPLATE_TARGET.student,
    subject: 'Zahlungserinnerung',
    content: `<p>##salutation##</p><p>sicher haben Sie es übersehen: Der Betrag von ##amount##, fällig am ##duedate##, ist noch offen. Bitte begleichen Sie ihn in den nächsten Tagen.</p>${closing}`,
  },
  dunning_1: {
    name: { de: 'Mahnung Stufe 1', en: 'Dunning level 1' },
    type: TEMPLATE_TARGET.student,
    subject: '1. Mahnung',
    content: `<p>##salutation##</p><p>trotz unserer Zahlungserinnerung ist der Betrag von ##amount## (fällig am ##duedate##) noch offen. Bitte überweisen Sie ihn umgehend.</p>${closing}`,
  },
  dunning_2: {
    name: { de: 'Mahnung Stufe 2', en: 'Dunning level 2' },
    type: TEMPLATE_TARGET.student,
    subject: '2. Mahnung',
    content: `<p>##salutation##</p><p>der Betrag von ##amount## (fällig am ##duedate##) ist weiterhin offen. Bitte begleichen Sie ihn innerhalb von 7 Tagen.</p>${closing}`,
  },
  dunning_3: {
    name: { de: 'Mahnung Stufe 3 (Inkasso)', en: 'Dunning level 3 (collection)' },
    type: TEMPLATE_TARGET.student,
    subject: 'Letzte Mahnung vor Übergabe an das Inkasso',
    content: `<p>##salutation##</p><p>der Betrag von ##amount## (fällig am ##duedate##) ist trotz mehrfacher Mahnung offen. Geht er nicht innerhalb von 7 Tagen ein, übergeben wir die Forderung an ein Inkassobüro.</p>${closing}`,
  },
  credit_note: {
    name: { de: 'Gutschrift', en: 'Credit note' },
    type: TEMPLATE_TARGET.student,
    subject: 'Ihre Gutschrift – ##company##',
    content: `<p>##salutation##</p><p>wir haben Ihnen ##amount## gutgeschrieben.</p>${closing}`,
  },
};
