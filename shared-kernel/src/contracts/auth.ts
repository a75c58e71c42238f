import * as yup from 'yup';
import type { Atom, SchoolAccess, UserLevel } from './atoms.js';
import { MSG } from './messages.js';

export const PASSWORD_MIN_LENGTH = 6;
export const USERNAME_PATTERN = /^[A-Za-z0-9._-]{3,29}$/;

/** A school as the session sees it. */
export interface SchoolRef {
  id: number;
  name: string;
  /** 'at' or 'de' */
  country: 'at' | 'de';
}

/** The signed-in user as the shell needs it (login answer and get-state). */
export interface SessionUser {
  id: number;
  username: string;
  firstname: string;
  lastname: string;
  email: string;
  level: UserLevel;
  /** 1 all schools, 2 specific schools */
  schoolAccess: SchoolAccess;
  /** Federation membership number the account is linked to, or null. */
  mno: string | null;
}

/** What POST /api-auth/login answers and GET /api-application-state/get-state carries. */
export interface SessionInfo {
  user: SessionUser;
  atoms: Atom[];
  /** The schools the user may see. */
  schools: SchoolRef[];
  /** The school ids the user currently looks at (subset of schools). */
  filter: number[];
}

/** GET /api-application-state/get-state?module=main */
export interface AppState extends SessionInfo {
  country: 'at' | 'de';
  currency: string;
  /** The membership network's brand name ({product} in the spec). */
  brand: string;
  beta: Record<string, boolean>;
  /** Member statuses for which invoices and skip-fee are disabled. */
  disabledMemberStatuses: number[];
  /** Server version (semver). */
  version: string;
  /** Lowest client version the server accepts (older clients get 412). */
  minClientVersion: string;
  /** URL of the external events calendar (menu link), or '' when not configured. */
  eventsCalendarUrl: string;
  /** Map tile URL template for the student map ({z}/{x}/{y}, optional {s}); '' = no tile server configured. */
  mapTileUrl: string;
  /** Attribution the tile server requires (shown on the map). */
  mapAttribution: string;
}

export const loginSchema = yup
  .object({
    username: yup.string().trim().required(MSG.required).max(100, MSG.tooLong),
    password: yup.string().required(MSG.required).max(200, MSG.tooLong),
  })
  .noUnknown();
export type LoginRequest = yup.InferType<typeof loginSchema>;

/** Password-link request: the username or the e-mail address of the account. */
export const passwordLinkSchema = yup
  .object({
    username: yup.string().trim().required(MSG.required).max(200, MSG.tooLong),
  })
  .noUnknown();
export type PasswordLinkRequest = yup.InferType<typeof passwordLinkSchema>;

const newPassword = () =>
  yup.string().required(MSG.required).min(PASSWORD_MIN_LENGTH, MSG.passwordMin).max(200, MSG.tooLong);

/** New password and its repetition (reset by link, change, user form). */
export const newPasswordSchema = yup
  .object({
    pw: newPassword(),
    pwc: yup
      .string()
      .required(MSG.required)
      .oneOf([yup.ref('pw')], MSG.passwordMismatch),
  })
  .noUnknown();

/** POST /api-auth/pwr?k=... */
export const passwordResetSchema = newPasswordSchema;
export type PasswordResetRequest = yup.InferType<typeof passwordResetSchema>;

/** PUT /api-user/cpw: current password plus the new one twice. */
export const passwordChangeSchema = yup
  .object({
    current: yup.string().required(MSG.required).max(200, MSG.tooLong),
    pw: newPassword(),
    pwc: yup
      .string()
      .required(MSG.required)
      .oneOf([yup.ref('pw')], MSG.passwordMismatch),
  })
  .noUnknown();
export type PasswordChangeRequest = yup.InferType<typeof passwordChangeSchema>;

/** POST /api-base/filter {name: 'schools', value: [ids]} */
export const filterSchema = yup
  .object({
    name: yup.string().oneOf(['schools']).required(MSG.required),
    value: yup.array(yup.number().integer().positive().required()).required(MSG.required).max(1000),
  })
  .noUnknown();
export type FilterRequest = yup.InferType<typeof filterSchema>;
