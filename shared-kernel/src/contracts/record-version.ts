import * as yup from 'yup';
import { MSG } from './messages.js';

/**
 * Record versions (no lost updates): every record a form edits is read with its `version`
 * and saved with it; a save with a version someone else has already replaced answers 409
 * {error: 9} and changes nothing. A successful save answers the new version.
 */

/** A record as read for editing: its fields plus the version it has. */
export interface Versioned {
  version: number;
}

/** The answer of a versioned save (PUT). */
export interface SavedWithVersion {
  success: true;
  version: number;
}

/** The version field of a save's body: a whole number >= 1 (what the read answered). */
export const versionField = () =>
  yup.number().typeError(MSG.invalid).strict().integer(MSG.invalid).min(1, MSG.invalid).max(2_147_483_647, MSG.invalid).required(MSG.required);

/**
 * The schema of a save's body: the form's schema plus the required `version`. The form
 * validates its fields with `schema`; the server validates the body with `withVersion(schema)`.
 *
 * @example
 * const body = validate(withVersion(noteSchema), request.body); // { type, text, version }
 */
export function withVersion<S extends yup.AnyObjectSchema>(schema: S) {
  return schema.shape({ version: versionField() }) as unknown as yup.ObjectSchema<yup.InferType<S> & Versioned>;
}
