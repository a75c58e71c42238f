import * as yup from 'yup';
import { CONTENT_VISIBILITY } from './enums.js';
import { MSG } from './messages.js';

/**
 * "Published content with a school assignment": what microsite news and albums share (spec
 * 002 §3 news item and album, §5): publish and expiry date-times, active, the assignment
 * (1 current user / owner school, 3 certain schools, 4 all schools) with the schools of 3,
 * and the owner school.
 */

/** A positive database id (int4). */
export const contentIdSchema = () => yup.number().typeError(MSG.invalid).integer(MSG.invalid).min(1, MSG.invalid).max(2_147_483_647, MSG.invalid);

/** An ISO date-time with offset, or null (screens: DD.MM.YYYY HH:mm:ss). */
export const isoDateTimeSchema = () =>
  yup
    .string()
    .nullable()
    .default(null)
    .test('iso-date-time', MSG.date, (value) => !value || (/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/.test(value) && !Number.isNaN(Date.parse(value))));

/** The assignment values of news and albums. */
export const CONTENT_VISIBILITIES = [CONTENT_VISIBILITY.currentUser, CONTENT_VISIBILITY.certainSchools, CONTENT_VISIBILITY.allSchools] as const;

/**
 * Expiry (after the publish date of the same form), active, assignment with its schools
 * (at least one for 3) and the owner school: the fields news and albums share.
 */
export const assignedContentFields = () => ({
  /** ISO date-time, after date_published. */
  date_expired: isoDateTimeSchema().test('after-publish', MSG.date, function (value) {
    const published = this.parent.date_published as string | null;
    return !value || !published || Date.parse(value) > Date.parse(published);
  }),
  active: yup.boolean().default(true),
  /** 1 current user (the owner school), 3 certain schools, 4 all schools. */
  visibility: yup.number().typeError(MSG.required).oneOf([...CONTENT_VISIBILITIES], MSG.invalid).required(MSG.required),
  /** Shown to these schools: required (at least one) only for visibility 3. */
  schools: yup
    .array(contentIdSchema().required())
    .max(500)
    .default([])
    .when('visibility', { is: CONTENT_VISIBILITY.certainSchools, then: (schema) => schema.min(1, MSG.oneSchool) }),
  /** The owner school (defaults to the first school in the user's filter). */
  school_id: contentIdSchema().required(MSG.required),
});
