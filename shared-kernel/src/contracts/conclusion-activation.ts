/**
 * Wire types of what happens to a conclusion after it was saved (issue 12, spec 000 §4):
 * activation, pre-student, and the beta frame of the online-contracts page. The conclusion
 * itself (list row, form, schema) is in conclusion.ts.
 */
import * as yup from 'yup';
import { nearDate } from './students.js';

/** The beta flag (BETA_FLAGS) that replaces the new-conclusion screen by the online-contracts frame. */
export const NEW_CONCLUSION_FRAME_FLAG = 'new_conclusion_frame';

/** Lifetime of the online-contracts token (spec 000 §9). */
export const ONLINE_CONTRACTS_TOKEN_MS = 300_000;

/** GET /api-conclusion/frame-token: the online-contracts page, its origin and a token for it. */
export interface OnlineContractsFrame {
  /** The page with the token in its query (`token=`). */
  url: string;
  /** The page's origin: the only origin whose messages the screen believes. */
  origin: string;
  token: string;
  /** Expiry (ISO). */
  exp: string;
}

/**
 * The activation dialog's form (and the body of PUT /api-conclusion/actcon without `version`):
 * an optional withdrawal date, ISO, within ten years of today.
 */
export const activationFormSchema = yup
  .object({
    date_withdrawal: nearDate()
      .nullable()
      .transform((value: string | null) => (value === '' ? null : value))
      .default(null),
  })
  .noUnknown();
export type ActivationForm = yup.InferType<typeof activationFormSchema>;

/** PUT /api-conclusion/actcon?id: the optional withdrawal date (ISO) and the conclusion's version. */
export interface ActivationBody {
  date_withdrawal?: string | null;
  version: number;
}

/** Answer of an activation: the student it made (or found) and the conclusion's next version. */
export interface ActivationAnswer {
  success: true;
  /** The student (stu). */
  stu: number;
  /** The student contract made from the template (null: activated before this contract was recorded). */
  scid: number | null;
  version: number;
  /** false: the conclusion was activated before; nothing was created this time. */
  created: boolean;
}

/** Answer of PUT /api-conclusion/prestud: the network request recorded for the student. */
export interface PreStudentAnswer {
  success: true;
  /** The network request (network_requests.id). */
  id: number;
  /** false: the pre-student was requested before; nothing new was recorded. */
  created: boolean;
}
