import * as yup from 'yup';
import { MSG } from './messages.js';

/**
 * Templates (spec 001 §3 "Templates", 002 §2.11, §3, §5, §7; issue 11): custom templates
 * (/m-template/base: name, schools, target type, subject, rich-text content), the system
 * templates (/m-conf/template: fixed keys, a German default shipped with the server,
 * overrides per school or for all schools) and the placeholders (`##name##`) one resolver on
 * the server fills for a lead, a student or a student contract.
 *
 * Calls (all under /api-template unless said otherwise):
 * - POST /list (paged list; TemplateListRow), GET /data?id (TemplateData), GET /data?id&oid
 *   (TemplateData with subject and content filled for the entity oid of the template's
 *   target type: TemplateFilled), POST /data (create; copy = create with the source's fields),
 *   PUT /data?id (TemplateForm + version), DELETE /data?id. Atoms template_r / _w / _d.
 * - GET /widget?type[&sid]: templates a picker offers for a target type (and school).
 * - POST /select {base, id, sid, type}: a template filled for one entity.
 * - POST /preview {subject, content, placeholders}: {data: {subject, content}, key: unknown names}.
 * - GET /system?q&sid, GET /system-data?key[&sid], PUT /system-data?key[&sid] (+ version),
 *   DELETE /system-data?key[&sid] (reset to the default): system templates, s_template_r / _w.
 * - GET /api-base/core-bd: the base data of the template screens (TemplateBaseData).
 */

// ---- target types -----------------------------------------------------------------------

/** What a template is written for (the entity its placeholders are filled from). */
export const TEMPLATE_TARGET = { lead: 1, student: 2, studentContract: 3 } as const;
export type TemplateTargetType = (typeof TEMPLATE_TARGET)[keyof typeof TEMPLATE_TARGET];
export const TEMPLATE_TARGET_TYPES = [1, 2, 3] as const;

// ---- limits --------------------------------------------------------------------------------

export const TEMPLATE_NAME_MAX = 200;
export const TEMPLATE_SUBJECT_MAX = 500;
export const TEMPLATE_CONTENT_MAX = 200_000;

// ---- custom templates ----------------------------------------------------------------------

const id = () => yup.number().typeError(MSG.invalid).integer(MSG.invalid).min(1, MSG.invalid).max(2_147_483_647, MSG.invalid);
const targetType = () =>
  yup.number().typeError(MSG.required).oneOf([...TEMPLATE_TARGET_TYPES], MSG.invalid).required(MSG.required);

/** Subject and rich-text content: required, as the spec's forms want (002 §5). */
const subjectAndContent = () => ({
  subject: yup.string().trim().required(MSG.required).max(TEMPLATE_SUBJECT_MAX, MSG.tooLong),
  /** Rich text (HTML); the server sanitises it with the news allow-list. */
  content: yup.string().trim().required(MSG.required).max(TEMPLATE_CONTENT_MAX, MSG.tooLong),
});

/** POST /api-template/data (create, also copy) and PUT /api-template/data?id (+ version) body. */
export const templateFormSchema = yup
  .object({
    name: yup.string().trim().required(MSG.required).max(TEMPLATE_NAME_MAX, MSG.tooLong),
    /** The schools that may use the template (at least one; each one the user may see). */
    schools: yup.array(id().required()).min(1, MSG.oneSchool).max(500).required(MSG.oneSchool),
    type: targetType(),
    ...subjectAndContent(),
  })
  .noUnknown();
export type TemplateForm = yup.InferType<typeof templateFormSchema>;

/** A row of POST /api-template/list (spec 002 §3: id, dc, sid, n, type). */
export interface TemplateListRow {
  id: number;
  /** Creation date-time, ISO. */
  dc: string;
  /** The template's schools. */
  sid: number[];
  n: string;
  type: TemplateTargetType;
}
/**
 * List columns: sort by dc, n (German order), type; filters: n (contains, case-insensitive),
 * type (one of the target types), sid (a school id: templates of that school). Default order
 * dc descending.
 */
export const TEMPLATE_LIST_COLUMNS = ['dc', 'sid', 'n', 'type'] as const;

/** GET /api-template/data?id answer. */
export interface TemplateData {
  id: number;
  name: string;
  schools: number[];
  type: TemplateTargetType;
  subject: string;
  /** Sanitised HTML. */
  content: string;
  /** Creation date-time, ISO, and who created it (user name; '' when unknown). */
  created_at: string;
  created_by: string;
  /** The record version (send it with the PUT). */
  version: number;
}

/**
 * GET /api-template/data?id&oid answer: the template filled for the entity `oid` (a lead,
 * student or student contract, by the template's type) for /m-template/doc/{id}/{oid}.
 * Unknown placeholders stay in the text and are listed in `unknown` (the screen warns; the
 * PDF and the mail refuse them, error 50).
 */
export interface TemplateFilled extends TemplateData {
  oid: number;
  /** The school the document is for (the entity's school). */
  school_id: number;
  recipient: TemplateRecipient;
  unknown: string[];
}

/** Who a filled template goes to (the entity's name, postal address and e-mail). */
export interface TemplateRecipient {
  name: string;
  /** Postal address lines without the name (street and number, zip and city, country). */
  address_lines: string[];
  /** '' when the entity has none. */
  email: string;
}

/** A choice of GET /api-template/widget?type[&sid]: custom templates (base = id) and system ones (base = key). */
export interface TemplateWidgetItem {
  base: number | string;
  n: string;
  system: boolean;
}
export interface TemplateWidget {
  rows: TemplateWidgetItem[];
}

/**
 * POST /api-template/select body: `base` the template (a custom template's id or a system
 * template's key), `id` the entity (of `type`), `sid` the school (whose system template
 * override applies; must be the entity's school when given).
 */
export const templateSelectSchema = yup
  .object({
    base: yup
      .mixed<number | string>()
      .required(MSG.required)
      .test('template-base', MSG.invalid, (value) =>
        typeof value === 'number'
          ? Number.isInteger(value) && value >= 1 && value <= 2_147_483_647
          : (SYSTEM_TEMPLATE_KEYS as readonly unknown[]).includes(value),
      ),
    id: id().required(MSG.required),
    sid: id().optional(),
    type: targetType(),
  })
  .noUnknown();
export type TemplateSelectRequest = yup.InferType<typeof templateSelectSchema>;

/** POST /api-template/select answer: subject and content filled (unknown placeholders listed). */
export interface TemplateSelectResponse {
  success: true;
  subject: string;
  content: string;
  unknown: string[];
}

/**
 * POST /api-template/preview body: the text as typed plus optional values (placeholder name
 * without the #, e.g. `{ contact: 'Anna Berger' }`); known placeholders without a value show
 * their sample. `type` restricts which placeholders count as known (default: all).
 */
export const templatePreviewSchema = yup
  .object({
    subject: yup.string().max(TEMPLATE_SUBJECT_MAX, MSG.tooLong).default(''),
    content: yup.string().max(TEMPLATE_CONTENT_MAX, MSG.tooLong).default(''),
    placeholders: yup
      .object()
      .default({})
      .test('placeholder-values', MSG.invalid, (value) =>
        Object.entries(value ?? {}).length <= 100 &&
        Object.entries(value ?? {}).every(([name, text]) => /^[a-z0-9_]{1,40}$/.test(name) && typeof text === 'string' && text.length <= 10_000),
      ),
    type: yup.number().oneOf([...TEMPLATE_TARGET_TYPES], MSG.invalid).optional(),
  })
  .noUnknown();
export type TemplatePreviewRequest = yup.InferType<typeof templatePreviewSchema>;

/** POST /api-template/preview answer: `data` the rendered subject and (sanitised) content, `key` the unknown placeholders. */
export interface TemplatePreviewResponse {
  data: { subject: string; content: string };
  key: string[];
}

// ---- system templates ----------------------------------------------------------------------

/** The fixed system templates (/m-conf/template). */
export const SYSTEM_TEMPLATE_KEYS = [
  'inv_info_event',
  'inv_trial',
  'rep_memb_canc',
  'invoice_transfer',
  'invoice_debit',
  'invoice_cash',
  'payment_reminder',
  'dunning_1',
  'dunning_2',
  'dunning_3',
  'credit_note',
] as const;
export type SystemTemplateKey = (typeof SYSTEM_TEMPLATE_KEYS)[number];

/** A row of GET /api-template/system?q&sid (q: search in name and key, at least 2 characters). */
export interface SystemTemplateRow {
  key: SystemTemplateKey;
  /** German and English name of the template. */
  name: { de: string; en: string };
  type: TemplateTargetType;
  /** An override exists for the school asked for (sid) or, without sid, for all schools. */
  overridden: boolean;
}

/** GET /api-template/system-data?key[&sid] answer (without sid: the all-schools level). */
export interface SystemTemplateData {
  key: SystemTemplateKey;
  name: { de: string; en: string };
  type: TemplateTargetType;
  /** null = all schools. */
  school_id: number | null;
  subject: string;
  content: string;
  /** Where subject and content come from: this level's override, the all-schools override, the default. */
  source: 'school' | 'all' | 'default';
  /** The shipped default (for "reset"). */
  default_subject: string;
  default_content: string;
  version: number;
}

/** PUT /api-template/system-data?key[&sid] body (+ version): the override of that level. */
export const systemTemplateFormSchema = yup.object(subjectAndContent()).noUnknown();
export type SystemTemplateForm = yup.InferType<typeof systemTemplateFormSchema>;

// ---- placeholders --------------------------------------------------------------------------

/** A placeholder the resolver knows (help on the template screens). */
export interface PlaceholderInfo {
  /** Written `##name##` in subject and content. */
  name: string;
  description: { de: string; en: string };
  /** Target types it is filled for. */
  types: TemplateTargetType[];
}

/** GET /api-base/core-bd answer: the base data of the template screens. */
export interface TemplateBaseData {
  placeholders: PlaceholderInfo[];
  types: { id: TemplateTargetType; name: { de: string; en: string } }[];
  system: { key: SystemTemplateKey; name: { de: string; en: string }; type: TemplateTargetType }[];
}

/** A placeholder in a text: `##` + lower-case letters/digits/underscore + `##`. */
export const PLACEHOLDER_PATTERN = /##([a-z0-9_]{1,40})##/g;

/** The placeholder names a text uses, in order of first use. */
export function placeholdersIn(text: string): string[] {
  const names = new Set<string>();
  for (const match of text.matchAll(PLACEHOLDER_PATTERN)) names.add(match[1]!);
  return [...names];
}
