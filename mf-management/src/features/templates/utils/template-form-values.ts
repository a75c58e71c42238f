import type { TemplateData, TemplateForm, TemplateTargetType } from 'shared-kernel/contracts';
import { sanitizeRichHtml } from 'shared-kernel/forms';

/** What the custom template form edits: the wire form, with no type chosen yet on a new one. */
export interface TemplateFormValues {
  name: string;
  schools: number[];
  type: TemplateTargetType | null;
  subject: string;
  content: string;
}

/** A new template; a user with one school gets it chosen. */
export function emptyTemplateValues(schoolIds: number[]): TemplateFormValues {
  return { name: '', schools: schoolIds.length === 1 ? [...schoolIds] : [], type: null, subject: '', content: '' };
}

/** A loaded template as form values; a copy gets `copySuffix` after its name. */
export function templateToValues(template: TemplateData, copySuffix?: string): TemplateFormValues {
  return {
    name: copySuffix ? `${template.name} ${copySuffix}` : template.name,
    schools: [...template.schools],
    type: template.type,
    subject: template.subject,
    content: sanitizeRichHtml(template.content),
  };
}

/** The POST/PUT body: trimmed texts and the sanitised content (validated with templateFormSchema first). */
export function toTemplateBody(values: TemplateFormValues, { sanitize = true } = {}): TemplateForm {
  return {
    name: values.name.trim(),
    schools: [...values.schools],
    type: values.type as TemplateTargetType,
    subject: values.subject.trim(),
    content: sanitize ? sanitizeRichHtml(values.content) : values.content,
  };
}
