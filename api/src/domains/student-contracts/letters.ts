import {
  CANCELLATION_TEMPLATE,
  ERROR,
  LETTER_ADDRESS_TYPE,
  SYSTEM_TEMPLATE_KEYS,
  TEMPLATE_TARGET,
  type SystemTemplateKey,
  type TemplateTargetType,
} from 'shared-kernel/contracts';
import type { FileStore } from '../../files/file-store.js';
import type { Queryable } from '../../db/index.js';
import { renderLetter } from '../../letters/index.js';
import { HttpError, notFound } from '../../lib/http-error.js';
import { readLetterhead } from '../config/letterhead.js';
import { fillTemplateForEntity } from '../templates/fill.js';
import { getTemplate } from '../templates/repository.js';

/** The letter's date: the server's day, ISO. */
export const isoDay = (now: Date) => now.toISOString().slice(0, 10);

/**
 * The student's main address (address type 4, "standard", spec 001 §3) as letter lines: the
 * student's name, street and number, zip and city, the country outside Austria.
 */
async function mainAddressLines(tx: Queryable, studentId: number): Promise<string[]> {
  const rows = await tx.query<{ firstname: string; lastname: string; street: string | null; house_no: string | null; zip: string | null; city: string | null; country_iso: string | null }>(
    'SELECT firstname, lastname, street, house_no, zip, city, country_iso FROM students WHERE id = $1',
    [studentId],
  );
  const s = rows.rows[0];
  if (!s) throw notFound();
  const country = s.country_iso && s.country_iso.toLowerCase() !== 'at' ? (s.country_iso.toLowerCase() === 'de' ? 'Deutschland' : s.country_iso.toUpperCase()) : '';
  return [
    [s.firstname, s.lastname].filter(Boolean).join(' '),
    [s.street, s.house_no].filter(Boolean).join(' '),
    [s.zip, s.city].filter(Boolean).join(' '),
    country,
  ].filter((line) => line.trim() !== '');
}

/** Which template a letter uses: a system key of the student-contract type, or a custom template id (student or student contract). */
export async function resolveTemplate(tx: Queryable, tmpl: string): Promise<{ ref: { systemKey: SystemTemplateKey } | { templateId: number }; targetType: TemplateTargetType }> {
  if (/^[1-9][0-9]*$/.test(tmpl)) {
    const template = await getTemplate(tx, Number(tmpl));
    if (!template) throw new HttpError(400, { error: ERROR.notSaved, fields: { tmpl: 'form.invalid' } });
    if (template.type === TEMPLATE_TARGET.lead) throw new HttpError(400, { error: ERROR.templateTypeMismatch, fields: { tmpl: 'form.invalid' } });
    return { ref: { templateId: template.id }, targetType: template.type as TemplateTargetType };
  }
  if (!(SYSTEM_TEMPLATE_KEYS as readonly string[]).includes(tmpl)) throw new HttpError(400, { error: ERROR.notSaved, fields: { tmpl: 'form.invalid' } });
  return { ref: { systemKey: tmpl as SystemTemplateKey }, targetType: TEMPLATE_TARGET.studentContract };
}

/**
 * The cancellation confirmation of a contract as the school's letter (the one renderer,
 * api/src/letters; the template filled by the one resolver, templates/placeholders.ts, which
 * refuses unknown placeholders with 400 {error: 50}). Address type 4 (standard) goes to the
 * student's main address; the others to the invoice address when there is one (the resolver's
 * recipient), else the main address. Run inside the transaction that wrote the cancellation, so
 * ##contractend## is the new end.
 */
export async function cancellationLetter(
  tx: Queryable,
  files: FileStore,
  input: { studentId: number; contractId: number; userId: number; now: Date; tmpl?: string; sati?: number },
): Promise<{ pdf: Buffer; subject: string; fileName: string }> {
  const { ref, targetType } = await resolveTemplate(tx, input.tmpl ?? CANCELLATION_TEMPLATE);
  const entityId = targetType === TEMPLATE_TARGET.student ? input.studentId : input.contractId;
  const filled = await fillTemplateForEntity(tx, { userId: input.userId, now: input.now }, { ...ref, targetType, entityId });
  const sati = input.sati ?? LETTER_ADDRESS_TYPE.standard;
  const recipient =
    sati === LETTER_ADDRESS_TYPE.standard
      ? await mainAddressLines(tx, input.studentId)
      : [filled.recipient.name, ...filled.recipient.address_lines].filter((line) => line.trim() !== '');
  const letterhead = await readLetterhead(tx, filled.schoolId, files);
  const date = isoDay(input.now);
  const pdf = await renderLetter({
    letterhead,
    recipient: recipient.slice(0, 9),
    date,
    subject: filled.subject,
    contentHtml: filled.html,
    meta: { title: filled.subject, author: letterhead.headerLines?.[0] },
  });
  return { pdf, subject: filled.subject, fileName: `Kuendigungsbestaetigung-${input.contractId}-${date}.pdf` };
}
