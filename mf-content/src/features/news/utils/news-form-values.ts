import { CONTENT_VISIBILITY, type NewsFile, type NewsForm, type NewsItem } from 'shared-kernel/contracts';
import { sanitizeRichHtml } from 'shared-kernel/forms';

/** What the news form edits: the wire form, with the files as shown (name, kind) and no choice made yet. */
export interface NewsFormValues {
  title: string;
  teaser: string;
  body: string;
  /** ISO date-times with offset (null = none). */
  date_published: string | null;
  date_expired: string | null;
  active: boolean;
  /** 1 current user, 3 certain schools, 4 all schools; null until chosen. */
  visibility: number | null;
  schools: number[];
  school_id: number | null;
  files: NewsFile[];
}

/** A new news item, owned by `ownerSchoolId` (the first school of the filter). */
export function emptyNewsValues(ownerSchoolId: number | null): NewsFormValues {
  return {
    title: '',
    teaser: '',
    body: '',
    date_published: null,
    date_expired: null,
    active: true,
    visibility: null,
    schools: [],
    school_id: ownerSchoolId,
    files: [],
  };
}

/**
 * A loaded item as form values. A copy (template) keeps the content but is owned by the
 * user's school when the original belongs to a school the user cannot change.
 */
export function newsItemToValues(item: NewsItem, ownerSchoolId: number | null, asCopy: boolean): NewsFormValues {
  return {
    title: item.title,
    teaser: item.teaser ?? '',
    body: sanitizeRichHtml(item.body),
    date_published: item.date_published ?? null,
    date_expired: item.date_expired ?? null,
    active: item.active,
    visibility: item.visibility,
    schools: [...(item.schools ?? [])],
    school_id: asCopy && !item.editable ? ownerSchoolId : item.school_id,
    files: [...item.files],
  };
}

/**
 * The POST/PUT body: trimmed texts, the sanitised body, the schools only for 'certain schools'
 * and the files by id. Validated with `newsFormSchema` before it is sent.
 */
export function toNewsBody(values: NewsFormValues, { sanitize = true }: { sanitize?: boolean } = {}): NewsForm {
  return {
    title: values.title.trim(),
    teaser: values.teaser.trim(),
    // Validation on every keystroke checks the length only; what is sent is always sanitised.
    body: sanitize ? sanitizeRichHtml(values.body) : values.body,
    date_published: values.date_published,
    date_expired: values.date_expired,
    active: values.active,
    visibility: values.visibility as NewsForm['visibility'],
    schools: values.visibility === CONTENT_VISIBILITY.certainSchools ? [...values.schools] : [],
    school_id: values.school_id as number,
    files: values.files.map((file) => file.id),
  };
}
