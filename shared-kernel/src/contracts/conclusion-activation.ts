/**
 * Wire types of what happens to a conclusion after it was saved (issue 12, spec 000 §4):
 * activation, pre-student, and the beta frame of the online-contracts page. The conclusion
 * itself (list row, form, schema) is in conclusion.ts.
 */

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
  /** The student contract made from the template. */
  scid: number;
  version: number;
  /** false: the conclusion was activated before; nothing was created this time. */
  created: boolean;
}
