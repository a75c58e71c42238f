import * as yup from 'yup';
import { MSG } from './messages.js';

/**
 * The association's services (spec 002 §2.14, §2.15, §2.17, §2.10, §2.21): documents,
 * contract requests, trainer requests, help videos and the seminar page. Wire types and the
 * yup schemas both the screens and the API validate with.
 */

const id = () => yup.number().typeError(MSG.invalid).integer(MSG.invalid).min(1, MSG.invalid).max(2_147_483_647, MSG.invalid);
const line = (max: number) => yup.string().trim().max(max, MSG.tooLong);

// ---------------------------------------------------------------- documents (/e-document)

/** Longest name of a document or folder. */
export const DOCUMENT_NAME_MAX = 200;
/** Files per upload and bytes per file of the association's documents. */
export const ASSOCIATION_DOCUMENT_MAX_FILES = 10;
export const ASSOCIATION_DOCUMENT_MAX_BYTES = 50 * 1024 * 1024;
/** Shortest search (spec 002 §5). */
export const DOCUMENT_SEARCH_MIN = 2;

/**
 * A name shown for a document or folder. Names are only shown (bytes live under server-made
 * keys), but path separators, control characters and the names '.' and '..' are refused so
 * no name can ever read as a path.
 */
export const documentName = () =>
  line(DOCUMENT_NAME_MAX)
    .required(MSG.required)
    // eslint-disable-next-line no-control-regex
    .test('document-name', MSG.invalid, (value) => value === undefined || (!/[/\\\u0000-\u001f\u007f]/.test(value) && value !== '.' && value !== '..'));

/** One entry of a folder or of a search answer. */
export interface AssociationDocumentEntry {
  id: number;
  /** Parent folder id; null = root. */
  p: number | null;
  /** true: a folder. */
  folder: boolean;
  /** Name (a file's original name). */
  n: string;
  /** Lower-case extension of a file ('' for folders). */
  ext: string;
  /** Bytes of a file (0 for folders). */
  s: number;
  /** Last change (ISO). */
  dc: string;
  /** Hidden (only the superadmin ever receives hidden entries). */
  h: boolean;
  /** Record version: a rename, move or hide sends it back (stale: 409 {error: 9}). */
  version: number;
}

/** GET /api-document/list?f= or ?s=: a folder with its path, or search hits. */
export interface AssociationDocumentList {
  /** The folder shown (null for the root or a search). */
  folder: { id: number; n: string; p: number | null; h: boolean } | null;
  /** Folders from the root down to the shown folder's parent (breadcrumb). */
  path: { id: number; n: string }[];
  rows: AssociationDocumentEntry[];
  /** Whether the caller maintains the documents (superadmin). */
  manage: boolean;
}

/** POST /api-document/folder: a new folder in `p` (null = root). */
export const documentFolderSchema = yup
  .object({ p: id().nullable().default(null), n: documentName() })
  .noUnknown();

/** PUT /api-document/entry?id: rename, move and/or hide an entry (fields given change). */
export const documentEntryUpdateSchema = yup
  .object({
    n: documentName().optional().default(undefined),
    p: id().nullable().optional().default(undefined),
    h: yup.boolean().typeError(MSG.invalid).optional().default(undefined),
    version: yup.number().typeError(MSG.invalid).integer(MSG.invalid).min(1, MSG.invalid).required(MSG.required),
  })
  .noUnknown();
export type DocumentEntryUpdate = yup.InferType<typeof documentEntryUpdateSchema>;

// ---------------------------------------------------------------- contract requests (/e-rcc)

/** Contracts are requested in packages of this many (spec 002 §9). */
export const CONTRACT_PACK_SIZE = 20;
/** Most packs and certificates one request asks for. */
export const CONTRACT_REQUEST_MAX = 100;
/** Countries a shipment goes to. */
export const SHIPPING_COUNTRIES = ['AT', 'DE', 'CH', 'IT', 'LI'] as const;

/** A shipping address (the form's address part and a school's saved default). */
export const shippingAddressSchema = yup
  .object({
    firstname: line(100).required(MSG.required),
    lastname: line(100).required(MSG.required),
    supplement: line(200).default(''),
    street: line(200).required(MSG.required),
    house_no: line(30).required(MSG.required),
    zip: line(10).required(MSG.required),
    city: line(100).required(MSG.required),
    supplement_location: line(200).default(''),
    country_iso: yup.string().oneOf([...SHIPPING_COUNTRIES], MSG.invalid).required(MSG.required),
  })
  .noUnknown();
export type ShippingAddress = yup.InferType<typeof shippingAddressSchema>;

/** POST /api-request/rc: a contract request (spec 002 §3 "Contract request form"). */
export const contractRequestSchema = shippingAddressSchema
  .shape({
    /** Number of 20-packs. */
    amount: yup.number().typeError(MSG.number).integer(MSG.number).min(1, MSG.number).max(CONTRACT_REQUEST_MAX, MSG.number).required(MSG.required),
    kid_cert_amount: yup.number().typeError(MSG.number).integer(MSG.number).min(0, MSG.number).max(CONTRACT_REQUEST_MAX * CONTRACT_PACK_SIZE, MSG.number).required(MSG.required),
    school: id().required(MSG.required),
    save_shipping: yup.boolean().typeError(MSG.invalid).default(false),
  })
  .noUnknown();
export type ContractRequestForm = yup.InferType<typeof contractRequestSchema>;

/** An open contract request (its ticket is in process or waiting for an answer). */
export interface ContractRequestRow {
  id: number;
  /** The ticket the association answers in (thread /e-ticket/edit/1/{tid}). */
  tid: number;
  dc: string;
  user: string;
  school_id: number;
  school: string;
  /** Packs of 20. */
  amount: number;
  kid_cert_amount: number;
  tsid: number;
}

/** GET /api-request/rc: open requests and each school's saved shipping address. */
export interface ContractRequestOverview {
  rows: ContractRequestRow[];
  shipping: Record<string, ShippingAddress>;
}

// ---------------------------------------------------------------- trainer request (/e-trainer)

/** POST /api-request/trainer: trainer activation (all fields required, spec 002 §5). */
export const trainerRequestSchema = yup
  .object({
    sid: id().required(MSG.required),
    firstname: line(100).required(MSG.required),
    lastname: line(100).required(MSG.required),
    mno: line(30).required(MSG.required),
    annotation: line(5000).required(MSG.required),
  })
  .noUnknown();
export type TrainerRequestForm = yup.InferType<typeof trainerRequestSchema>;

// ---------------------------------------------------------------- help videos and seminar

// The tutorials' keys live in a file without yup: the kernel's root entry (the player) reads them.
export { HELP_VIDEO_KEYS, type HelpVideoKey, type HelpVideoInfo } from './help-videos.js';

/** GET /api-base/seminar-token: the events page and a short-lived token for it. */
export interface SeminarToken {
  url: string;
  /** The page's origin: the only target of the token's postMessage. */
  origin: string;
  token: string;
  /** Expiry (ISO). */
  exp: string;
}
