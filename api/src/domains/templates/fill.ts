import { ERROR, TEMPLATE_TARGET, type Atom, type SystemTemplateKey, type TemplateRecipient, type TemplateTargetType } from 'shared-kernel/contracts';
import type { Queryable } from '../../db/index.js';
import { HttpError, notFound } from '../../lib/http-error.js';
import { sanitizeRichText } from '../../lib/rich-text.js';
import { fillText, resolveEntity, type FilledText, type PlaceholderValues } from './placeholders.js';
import { effectiveSystemTemplate, getTemplate, templateHasSchool } from './repository.js';
import { SYSTEM_TEMPLATES } from './system-templates.js';

/** 400 {error: 48}: the template is written for another target type. */
export const templateTypeMismatch = () => new HttpError(400, { error: ERROR.templateTypeMismatch, fields: { type: 'form.invalid' } });
/** 400 {error: 49}: the template is not for the entity's school. */
export const templateNotForSchool = () => new HttpError(400, { error: ERROR.templateNotForSchool, fields: { sid: 'form.invalid' } });
/** 400 {error: 50, fields: {placeholders: 'a, b'}}: placeholders the resolver does not know. */
export const placeholderUnknown = (names: readonly string[]) =>
  new HttpError(400, { error: ERROR.placeholderUnknown, fields: { placeholders: names.join(', ').slice(0, 500) } });

/**
 * The atom that lets a user read an entity of a target type (a filled template shows its
 * name and address): leads lead_r, students and their contracts student_r. Routes that fill
 * for an entity check it (403 without).
 */
export function entityReadAtom(type: TemplateTargetType): Atom {
  return type === TEMPLATE_TARGET.lead ? 'lead_r' : 'student_r';
}

/** Which template: a custom one by id or a system one by key. */
export type TemplateRef = { templateId: number } | { systemKey: SystemTemplateKey };

export interface FilledForEntity extends FilledText {
  name: string;
  schoolId: number;
  recipient: TemplateRecipient;
}

/**
 * A template filled for one entity (lead, student or student contract) in the caller's
 * scoped transaction (RLS: an entity or template out of scope is 404). Unknown placeholders
 * are left in and listed (the document screen warns); senders use fillTemplateForEntity.
 */
export async function fillTemplateDraft(
  tx: Queryable,
  sender: { userId: number; now: Date },
  input: TemplateRef & { targetType: TemplateTargetType; entityId: number; schoolId?: number; extra?: PlaceholderValues },
): Promise<FilledForEntity> {
  const entity = await resolveEntity(tx, { type: input.targetType, entityId: input.entityId, userId: sender.userId, now: sender.now, extra: input.extra });
  if (!entity) throw notFound();
  if (input.schoolId !== undefined && input.schoolId !== entity.schoolId) throw templateNotForSchool();
  let text: { name: string; subject: string; content: string; type: TemplateTargetType };
  if ('templateId' in input) {
    const template = await getTemplate(tx, input.templateId);
    if (!template) throw notFound();
    if (!(await templateHasSchool(tx, template.id, entity.schoolId))) throw templateNotForSchool();
    text = template;
  } else {
    const def = SYSTEM_TEMPLATES[input.systemKey];
    const effective = await effectiveSystemTemplate(tx, input.systemKey, entity.schoolId);
    text = { name: def.name.de, type: def.type, subject: effective.subject, content: effective.content };
  }
  if (text.type !== input.targetType) throw templateTypeMismatch();
  const filled = fillText(text.subject, text.content, entity.values, input.targetType);
  return { ...filled, name: text.name, schoolId: entity.schoolId, recipient: entity.recipient };
}

/**
 * For sending (letters, mail; helper "mail"): the template filled for an entity, refusing
 * unknown placeholders (400 {error: 50}) — a sent text never holds a `##`. `tx` is the
 * request's scoped transaction.
 * @example const doc = await fillTemplateForEntity(tx, { userId, now }, { templateId: 5, targetType: 2, entityId: 17 });
 */
export async function fillTemplateForEntity(
  tx: Queryable,
  sender: { userId: number; now: Date },
  input: TemplateRef & { targetType: TemplateTargetType; entityId: number; extra?: PlaceholderValues },
): Promise<{ subject: string; html: string; recipient: TemplateRecipient; schoolId: number }> {
  const filled = await fillTemplateDraft(tx, sender, input);
  if (filled.unknown.length) throw placeholderUnknown(filled.unknown);
  return { subject: filled.subject, html: filled.content, recipient: filled.recipient, schoolId: filled.schoolId };
}

/**
 * For sending a text the user edited on /m-template/doc (subject and content as typed): the
 * content sanitised, the placeholders still in it filled for the entity, unknown ones
 * refused (400 {error: 50}).
 */
export async function fillEditedTextForEntity(
  tx: Queryable,
  sender: { userId: number; now: Date },
  input: { subject: string; content: string; targetType: TemplateTargetType; entityId: number; extra?: PlaceholderValues },
): Promise<{ subject: string; html: string; recipient: TemplateRecipient; schoolId: number }> {
  const entity = await resolveEntity(tx, { type: input.targetType, entityId: input.entityId, userId: sender.userId, now: sender.now, extra: input.extra });
  if (!entity) throw notFound();
  const filled = fillText(input.subject, sanitizeRichText(input.content), entity.values, input.targetType);
  if (filled.unknown.length) throw placeholderUnknown(filled.unknown);
  return { subject: filled.subject, html: filled.content, recipient: entity.recipient, schoolId: entity.schoolId };
}
