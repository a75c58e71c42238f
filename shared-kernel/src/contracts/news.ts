import * as yup from 'yup';
import { MSG } from './messages.js';
import { assignedContentFields, CONTENT_VISIBILITIES, contentIdSchema, isoDateTimeSchema } from './published-content.js';

/**
 * Microsite news form (spec 002 §2.18, §3, §5). The body is rich text (HTML) that the server
 * sanitises with an allow-list on save and the screens sanitise again before rendering.
 * Files (attachments and images) are uploaded first (POST /api-content/news-file, multipart
 * `file`) and referenced by id in `files`. List reads: newsListSchema / NewsListRow in business.ts.
 */

const id = contentIdSchema;
const isoDateTime = isoDateTimeSchema;

export const NEWS_VISIBILITIES = CONTENT_VISIBILITIES;
export const NEWS_BODY_MAX = 200_000;
export const NEWS_FILE_MAX_BYTES = 10 * 1024 * 1024;
export const NEWS_MAX_FILES = 20;

/** Title, teaser, rich-text body and publishing date: the same rules for microsite and association news. */
const newsTextFields = () => ({
  title: yup.string().trim().required(MSG.required).max(200, MSG.tooLong),
  teaser: yup.string().trim().max(1000, MSG.tooLong).default(''),
  body: yup.string().max(NEWS_BODY_MAX, MSG.tooLong).default(''),
  /** ISO date-time (screens: DD.MM.YYYY HH:mm:ss). */
  date_published: isoDateTime(),
});

/** POST /api-content/news (create) and PUT /api-content/news?id (update) body. */
export const newsFormSchema = yup
  .object({
    ...newsTextFields(),
    ...assignedContentFields(),
    /** Ids of files uploaded through POST /api-content/news-file. */
    files: yup.array(id().required()).max(NEWS_MAX_FILES).default([]),
  })
  .noUnknown();
export type NewsForm = yup.InferType<typeof newsFormSchema>;

/** A file of a news item. */
export interface NewsFile {
  id: number;
  name: string;
  size: number;
  mime: string;
  /** Images are shown inline (GET /api-content/news-file?id), others are attachments. */
  image: boolean;
}

/** GET /api-content/news?id answer. */
export interface NewsItem extends Omit<NewsForm, 'files'> {
  content_id: number;
  files: NewsFile[];
  /** The user may change it (owner school in scope and c_news_w). */
  editable: boolean;
  created_at: string;
  updated_at: string;
  /** The record version (send it with the PUT). */
  version: number;
}

// ---- association news (the association dashboard's news block, /e-dash) -----------------

/** How many association news GET /api-base/e-news answers (newest published first). */
export const ASSOCIATION_NEWS_LIMIT = 10;

/**
 * POST /api-base/e-news body (superadmins publish for the association). The body is
 * sanitised on the server like microsite news; date_published defaults to now.
 */
export const associationNewsFormSchema = yup
  .object(newsTextFields())
  .noUnknown();
export type AssociationNewsForm = yup.InferType<typeof associationNewsFormSchema>;

/**
 * GET /api-base/e-news: one item of the association's news (body sanitised HTML). The call
 * needs e_news_r and a session linked with a membership number: without one it answers
 * 409 {error: 3, fields: {mno: 'form.required'}} (the screen shows the "link your account"
 * warning from the session's mno instead of calling).
 */
export interface AssociationNewsItem {
  id: number;
  title: string;
  teaser: string;
  body: string;
  /** ISO date-time */
  date_published: string;
}
