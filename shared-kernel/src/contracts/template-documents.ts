import * as yup from 'yup';
import { MSG } from './messages.js';
import { TEMPLATE_CONTENT_MAX, TEMPLATE_SUBJECT_MAX, type TemplateTargetType } from './templates.js';

/**
 * Document from template (/m-template/doc/{templateId}/{entityId}, issue 11): the subject and
 * content of a template filled for one entity (GET /api-template/data?id&oid) as the user
 * edited them, made into a letter:
 * - POST /api-template/doc-pdf: the PDF (attachment download);
 * - POST /api-template/doc-mail (Idempotency-Key): sent to the entity's e-mail address with
 *   the PDF attached; answers {success, mail} (the outbox id).
 * Both refuse placeholders left unresolved (400 {error: 50}) and an entity outside the
 * caller's schools (404); the mail refuses an entity without an e-mail (400 {error: 55}).
 */
export interface TemplateDocumentBody {
  /** The template: a custom template's id or a system template's key. */
  id: number | string;
  /** The entity (of `type`) the document is for. */
  oid: number;
  type: TemplateTargetType;
  subject: string;
  /** Rich text (HTML); the server sanitises it. */
  content: string;
}

export interface TemplateDocumentMailAnswer {
  success: true;
  /** Outbox id of the mail. */
  mail: number;
  /** The address it went to. */
  to: string;
}

/** The screen's form (spec 002 §5: subject and content required). */
export const templateDocumentFormSchema = yup.object({
  subject: yup.string().trim().required(MSG.required).max(TEMPLATE_SUBJECT_MAX, MSG.tooLong),
  content: yup
    .string()
    .required(MSG.required)
    .max(TEMPLATE_CONTENT_MAX, MSG.tooLong)
    .test('not-empty', MSG.required, (value) => !!value && value.replace(/<[^>]*>|&nbsp;|\s/g, '') !== ''),
});

