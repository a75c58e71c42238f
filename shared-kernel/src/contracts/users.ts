import * as yup from 'yup';
import { ATOMS, type Atom } from './atoms.js';
import { MSG } from './messages.js';
import { PASSWORD_MIN_LENGTH, USERNAME_PATTERN } from './auth.js';
import { isoDate } from './students.js';

/** A row of GET /api-user/data (the user cards). */
export interface UserRow {
  id: number;
  un: string;
  fn: string;
  ln: string;
  /** 1 superadmin, 2 admin, 3 user */
  l: number;
  email: string;
  role_id: number | null;
  role_name: string | null;
  /** 1 all schools, 2 specific schools */
  status: number;
  schools: number[];
  disabled: boolean;
}

/**
 * Why the caller may not edit or delete a role: 'used_outside_schools' = users outside the
 * caller's schools hold it (only the superadmin and admins with all schools change it);
 * 'not_admin' = the caller manages no roles.
 */
export type RoleReadOnlyReason = 'used_outside_schools' | 'not_admin';

/**
 * A role: a named set of atoms; `uc` counts the users holding it; `ro` says whether the
 * caller may edit or delete it, `ro_reason` why not (null when he may).
 */
export interface RoleRow {
  id: number;
  role_name: string;
  atoms: Atom[];
  uc: number;
  ro: boolean;
  ro_reason: RoleReadOnlyReason | null;
  /** The role's record version (send it with PUT /api-base/role). */
  version: number;
}

export const roleSchema = yup
  .object({
    role_name: yup.string().trim().required(MSG.required).max(100, MSG.tooLong),
    atoms: yup
      .array(yup.string().oneOf(ATOMS as Atom[], MSG.invalid).required())
      .required(MSG.required)
      .max(ATOMS.length),
  })
  .noUnknown();
export type RoleForm = yup.InferType<typeof roleSchema>;

const userBase = {
  username: yup.string().trim().required(MSG.required).matches(USERNAME_PATTERN, MSG.username),
  salutation_id: yup.number().integer().min(1).max(5).required(MSG.required),
  firstname: yup.string().trim().required(MSG.required).max(100, MSG.tooLong),
  lastname: yup.string().trim().required(MSG.required).max(100, MSG.tooLong),
  email: yup.string().trim().required(MSG.required).email(MSG.email).max(200, MSG.tooLong),
  dob: yup
    .string()
    .nullable()
    .matches(/^\d{4}-\d{2}-\d{2}$/, { message: MSG.date, excludeEmptyString: true }),
  /** Role of a level-3 user; admins and the superadmin need none. */
  role_id: yup.number().integer().positive().nullable(),
  /** Only a superadmin may set it: full access to the assigned schools and user management. */
  admin: yup.boolean().default(false),
  /** 1 all schools, 2 specific schools */
  status: yup.number().oneOf([1, 2], MSG.invalid).required(MSG.required),
  schools: yup
    .array(yup.number().integer().positive().required())
    .default([])
    .when('status', {
      is: 2,
      then: (s) => s.min(1, MSG.oneSchool),
    }),
  disabled: yup.boolean().default(false),
};

/** POST /api-user/data: a new user needs a password. */
export const userCreateSchema = yup
  .object({
    ...userBase,
    pw1: yup.string().required(MSG.required).min(PASSWORD_MIN_LENGTH, MSG.passwordMin).max(200),
    pw2: yup
      .string()
      .required(MSG.required)
      .oneOf([yup.ref('pw1')], MSG.passwordMismatch),
  })
  .noUnknown();
export type UserCreateForm = yup.InferType<typeof userCreateSchema>;

/** PUT /api-user/data?id: the password is changed separately. */
export const userUpdateSchema = yup.object(userBase).noUnknown();
export type UserUpdateForm = yup.InferType<typeof userUpdateSchema>;

/** PUT /api-user/settings */
export const userSettingsSchema = yup
  .object({
    o_ovr_mail_from: yup.boolean().default(false),
    o_custom_signature: yup.boolean().default(false),
    o_signature: yup.string().max(5000, MSG.tooLong).default(''),
  })
  .noUnknown();
export type UserSettings = yup.InferType<typeof userSettingsSchema>;

/** A membership number of the network, e.g. AT-100001 (compared in upper case). */
export const MEMBER_NUMBER_PATTERN = /^[A-Za-z0-9][A-Za-z0-9-]{2,29}$/;

/** A birth date: a real calendar date, not in the future, not before 1900. */
const birthDate = () =>
  isoDate()
    .required(MSG.required)
    .test('plausible-birth-date', MSG.date, (value) => !value || (value >= '1900-01-01' && value <= new Date().toISOString().slice(0, 10)));

/**
 * POST /api-user/link: link the caller's account to a membership number. The proof that the
 * number is the caller's: the member's birth date as the network's register holds it, plus
 * the caller's own password.
 */
export const accountLinkSchema = yup
  .object({
    mno: yup.string().trim().required(MSG.required).matches(MEMBER_NUMBER_PATTERN, MSG.invalid),
    dob: birthDate(),
    password: yup.string().required(MSG.required).max(200, MSG.tooLong),
  })
  .noUnknown();
export type AccountLinkRequest = yup.InferType<typeof accountLinkSchema>;

// 'D.M.YYYY' typed on the screen -> 'YYYY-MM-DD'; anything else stays as typed (and fails).
function displayDateToIso(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  const match = /^(\d{1,2})\.(\d{1,2})\.(\d{4})$/.exec(value.trim());
  return match ? `${match[3]}-${match[2].padStart(2, '0')}-${match[1].padStart(2, '0')}` : value;
}

/**
 * The linking form: the same rules as {@link accountLinkSchema}, with the birth date typed
 * as DD.MM.YYYY; `cast` gives the wire body (ISO date).
 */
export const accountLinkFormSchema = accountLinkSchema.shape({
  dob: birthDate().transform(displayDateToIso),
});

// ---- the user picker (POST /api-human/list) ------------------------------------------------

/** A row of POST /api-human/list: an enabled user who sees one of the caller's schools. */
export interface HumanRow {
  id: number;
  /** Username. */
  un: string;
  fn: string;
  ln: string;
}
/** Sort ids of POST /api-human/list (ln = last name, then first name; German order). */
export const HUMAN_LIST_SORT_FIELDS = ['ln', 'fn'] as const;
/** Prefix filters of POST /api-human/list. */
export const HUMAN_LIST_FILTER_FIELDS = ['ln', 'fn', 'un'] as const;
