import * as yup from 'yup';
import { MSG } from './messages.js';
import { assignedContentFields, CONTENT_VISIBILITIES, contentIdSchema, isoDateTimeSchema } from './published-content.js';

/**
 * The school microsite (spec 002 §2.18-2.20, §3-§5, §9): albums, team, school settings with
 * the timetable, and the public contact form. Albums' images are uploaded first
 * (POST /api-content/album-file, multipart `file`) and referenced by id in `files`, in gallery
 * order (the first is the cover).
 */

const id = contentIdSchema;

export const ALBUM_VISIBILITIES = CONTENT_VISIBILITIES;
export const ALBUM_MAX_FILES = 200;
export const ALBUM_FILE_MAX_BYTES = 15 * 1024 * 1024;
/** Sizes of album images (width x height, 0 = keep the ratio): cover in lists, thumbnail, large. */
export const ALBUM_IMAGE_SIZES = ['0x200', '400x0', '1600x0'] as const;
/** Sizes of team photos. */
export const TEAM_IMAGE_SIZES = ['0x200', '400x0'] as const;
/** Sizes of the school image (3:1). */
export const SCHOOL_IMAGE_SIZES = ['1050x350', '2100x700'] as const;

/** POST /api-content/album (create) and PUT /api-content/album?id (update, plus `version`). */
export const albumFormSchema = yup
  .object({
    title: yup.string().trim().required(MSG.required).max(200, MSG.tooLong),
    /** ISO date-time (screens: DD.MM.YYYY HH:mm:ss). */
    date_published: isoDateTimeSchema(),
    /** Expiry, active, status assignment (1 the owner school, 3 certain schools, 4 all) with its schools, owner school. */
    ...assignedContentFields(),
    /** Ids of uploaded album images in gallery order; at least one. */
    files: yup.array(id().required()).min(1, MSG.oneImage).max(ALBUM_MAX_FILES).default([]),
  })
  .noUnknown();
export type AlbumForm = yup.InferType<typeof albumFormSchema>;

/** An image of an album. */
export interface AlbumFile {
  id: number;
  name: string;
  size: number;
  width: number;
  height: number;
}

/** GET /api-content/album?id answer. */
export interface Album extends Omit<AlbumForm, 'files'> {
  content_id: number;
  files: AlbumFile[];
  version: number;
}

/** A row of GET /api-content/album-list. */
export interface AlbumListRow {
  content_id: number;
  /** Id of the cover image (first file), null without images. */
  cover: number | null;
  school_id: number;
  /** Names of the schools it is shown on (owner for 1, the list for 3, empty = all for 4). */
  schools: string[];
  visibility: number;
  title: string;
  active: boolean;
  date_published: string | null;
  date_expired: string | null;
  images: number;
}

/** School roles of team members (spec 002 §3 msrid). Only role 3 may be hidden (§4). */
export const SCHOOL_ROLES = [1, 2, 3, 4, 5, 6, 7, 8, 9] as const;
export const HIDEABLE_SCHOOL_ROLE = 3;

/** A row of GET /api-base/team?sid. */
export interface TeamMember {
  /** Photo id (GET /api-cubic/image/{fh}-{size}/members), null without a photo. */
  fh: number | null;
  mno: string;
  fn: string;
  ln: string;
  sid: number;
  gr: string | null;
  msrid: number[];
  /** 1 hidden on the microsite, 0 visible. */
  h: 0 | 1;
}

/** POST (show) and DELETE (hide) /api-base/team body. */
export const teamToggleSchema = yup
  .object({
    mno: yup.string().trim().required(MSG.required).max(30, MSG.tooLong),
    sid: id().required(MSG.required),
    role: yup.number().typeError(MSG.invalid).oneOf([HIDEABLE_SCHOOL_ROLE], MSG.invalid).required(MSG.required),
  })
  .noUnknown();

/** Timetable event markers (spec 002 §4): 1 saved, 6 new, 5 changed, 4 deleted. */
export const TIMETABLE_KIND = { saved: 1, deleted: 4, changed: 5, created: 6 } as const;
/** Markers shown in the timetable (a deleted one is not). */
export const TIMETABLE_SHOWN_KINDS = [1, 5, 6] as const;

const time = () =>
  yup
    .string()
    .required(MSG.required)
    .matches(/^([01]\d|2[0-3]):[0-5]\d(:[0-5]\d)?$/, MSG.invalid);

/** One timetable event as the settings form sends it. */
export const timetableEventSchema = yup
  .object({
    /** Id of a saved event; absent for a new one (k 6). */
    id: id().optional(),
    k: yup.number().typeError(MSG.invalid).oneOf([1, 4, 5, 6], MSG.invalid).required(MSG.required),
    pid: yup.number().typeError(MSG.invalid).integer(MSG.invalid).min(1, MSG.invalid).max(12, MSG.invalid).required(MSG.required),
    n: yup.string().trim().required(MSG.required).max(120, MSG.tooLong),
    ts: time(),
    te: time().test('after-start', MSG.invalid, function (value) {
      const start = this.parent.ts as string | undefined;
      return !value || !start || value.slice(0, 5) > start.slice(0, 5);
    }),
    wd: yup.number().typeError(MSG.invalid).integer(MSG.invalid).min(1, MSG.invalid).max(7, MSG.invalid).required(MSG.required),
    url: yup
      .string()
      .trim()
      .max(500, MSG.tooLong)
      .matches(/^(https?:\/\/\S+)?$/i, MSG.invalid)
      .default(''),
  })
  .noUnknown();
export type TimetableEventForm = yup.InferType<typeof timetableEventSchema>;

const httpUrl = () => yup.string().trim().max(500, MSG.tooLong).matches(/^(https?:\/\/\S+)?$/i, MSG.invalid).default('');

/** POST /api-config/school?sid body (c_settings_w). */
export const schoolSettingsSchema = yup
  .object({
    /** Name of the school in the public API: /public/schools/{slug}. */
    slug: yup
      .string()
      .trim()
      .required(MSG.required)
      .matches(/^[a-z0-9][a-z0-9-]{1,62}$/, MSG.invalid),
    microsite_on: yup.boolean().default(false),
    /** Away info shown on the microsite. */
    highlight_text: yup.string().trim().max(2000, MSG.tooLong).default(''),
    hidden_gmaps: yup.boolean().default(false),
    facebook_type: yup.string().oneOf(['', 'likebox', 'button'], MSG.invalid).default(''),
    facebook_url: httpUrl(),
    twitter_type: yup.string().oneOf(['', 'timeline', 'button'], MSG.invalid).default(''),
    twitter_id: yup.string().trim().max(60, MSG.tooLong).matches(/^[A-Za-z0-9_]*$/, MSG.invalid).default(''),
    twitter_url: httpUrl(),
    business_companies: yup.string().trim().max(2000, MSG.tooLong).default(''),
    contact_form_on: yup.boolean().default(true),
    contact_email: yup.string().trim().email(MSG.email).max(200, MSG.tooLong).default(''),
    /** The timetable with its markers; saved events not listed stay as they are. */
    tt: yup.array(timetableEventSchema.required()).max(300).default([]),
    version: id().required(MSG.required),
  })
  .noUnknown();
export type SchoolSettingsForm = yup.InferType<typeof schoolSettingsSchema>;

/** A saved timetable event. */
export interface TimetableEvent {
  id: number;
  k: 1;
  pid: number;
  n: string;
  ts: string;
  te: string;
  wd: number;
  url: string;
}

/** GET /api-config/school?sid answer. */
export interface SchoolSettings extends Omit<SchoolSettingsForm, 'tt'> {
  school_setting_id: number;
  /** Id of the school image (GET /api-config/school-image?sid&size), null without one. */
  cfh_school_image: number | null;
  tt: TimetableEvent[];
  /** Products 1-12 (names via translation). */
  products: number[];
  /** The school's address (spec §3 "School address"). */
  address: { n: string; as: string; ah: string; az: string; ac: string; c: string; msu: string; cs: boolean };
}

/** A row of GET /api-config/school-list: the schools the user may configure. */
export interface SchoolSettingsListRow {
  sid: number;
  n: string;
  slug: string;
  microsite_on: boolean;
  /** Address of the public microsite data (GET /public/schools/{slug}/settings). */
  msu: string;
  address_complete: boolean;
}

/** POST /public/schools/{slug}/contact body (the microsite's contact form). */
export const micrositeContactSchema = yup
  .object({
    firstname: yup.string().trim().max(100, MSG.tooLong).default(''),
    lastname: yup.string().trim().required(MSG.required).max(100, MSG.tooLong),
    email: yup.string().trim().email(MSG.email).max(200, MSG.tooLong).default(''),
    phone: yup.string().trim().max(40, MSG.tooLong).matches(/^[0-9 +()/-]*$/, MSG.invalid).default(''),
    message: yup.string().trim().max(4000, MSG.tooLong).default(''),
    /** A key the page makes once per form fill: the same key again answers the same lead. */
    submission_key: yup.string().trim().required(MSG.required).matches(/^[A-Za-z0-9_-]{8,64}$/, MSG.invalid),
    /** Honeypot: hidden from people, filled in by bots. Must stay empty. */
    website: yup.string().max(500).default(''),
  })
  .noUnknown()
  .test('email-or-phone', MSG.required, (value) => Boolean(value?.email || value?.phone));
export type MicrositeContactForm = yup.InferType<typeof micrositeContactSchema>;
