/**
 * The error catalogue (spec 001 §8, 002 §8). The server answers `{ error: code }`; the
 * client shows the text under the i18n key `errors.<code>`.
 */
export const ERROR = {
  /** Communication error with the server (also: service unavailable). */
  communication: 1,
  /** Invalid username and/or password. */
  badLogin: 2,
  /** Could not delete this element / generic failure. */
  generic: 3,
  /** Data could not be saved on the server (also: bad input on a save). */
  notSaved: 4,
  /** Current password wrong. */
  wrongCurrentPassword: 5,
  /** Invalid username and/or e-mail address. */
  badUserOrMail: 6,
  /** Link expired or invalid. */
  linkInvalid: 7,
  /** Server error. */
  server: 8,
  /** The record was saved by someone else since it was read (409 on a PUT with a stale version). */
  staleVersion: 9,
  /** The Idempotency-Key was already used for another request (422). */
  idempotencyKeyReused: 10,
  /** Too many wrong passwords on this account: wait (Retry-After) and try again. */
  passwordChecksThrottled: 11,
  /** The membership number is already linked to another account. */
  memberNumberTaken: 12,
  /** The role is also held by users outside the caller's schools: only an admin for all schools changes it. */
  roleUsedOutsideSchools: 13,
  /** The association's documents need the account linked with a membership number (403). */
  memberNumberNotLinked: 30,
  /** A folder that still holds entries cannot be deleted without "recursive". */
  folderNotEmpty: 31,
  /** A folder cannot be moved into itself or one of its subfolders. */
  folderMoveCycle: 32,
  /** The video is not installed on this server (404). */
  videoNotInstalled: 33,
  /** The seminar page is not configured on this server (SEMINAR_URL, SEMINAR_SECRET). */
  seminarNotConfigured: 34,
  /** School image: smaller than 1050x350 pixels. */
  schoolImageTooSmall: 35,
  /** School image: not in the ratio 3:1. */
  schoolImageRatio: 36,
  /** Microsite contact form: too many submissions from this address; try later (429, Retry-After). */
  contactThrottled: 37,
  /** Microsite settings: the address name (slug) is used by another school. */
  slugTaken: 38,
  /** Team: only members holding school role 3 can be shown or hidden. */
  teamMemberNotHideable: 39,
  /** Letter (PDF): too large (text, pages, address lines, image bytes or pixels above the renderer's limits). */
  letterTooLarge: 40,
  /** Letter (PDF): the logo or signature is not a PNG or JPEG that can be read. */
  letterImageRefused: 41,
  /** Templates: the template is written for another target type (lead, student, student contract) than asked for. */
  templateTypeMismatch: 48,
  /** Templates: the template is not available for the entity's school. */
  templateNotForSchool: 49,
  /** Templates: the text holds placeholders the resolver does not know; a letter or mail is never sent with them (400, `fields.placeholders`). */
  placeholderUnknown: 50,
  /** System templates: only a user for all schools changes the all-schools version. */
  allSchoolsTemplateOnly: 51,
  /** Mail: the attachments are larger than a mail may carry. */
  mailTooLarge: 54,
  /** Document by mail: the recipient (lead, student) has no e-mail address. */
  recipientWithoutEmail: 55,
  /** Bank accounts: the account is used by student contracts, payments, income or conclusions and cannot be deleted. */
  accountInUse: 56,
  /** Student money: the payment is booked (bd set); it cannot be changed, assigned or deleted (409). */
  paymentBooked: 57,
  /** Contract templates: student contracts or conclusions use the template; it cannot be deleted. */
  contractTemplateInUse: 58,
  /** Contract templates: contracts use the template; it cannot be moved to another school. */
  contractTemplateSchoolFixed: 59,
  /** Conclusions: an activated conclusion can no longer be changed or deleted. */
  conclusionActivated: 60,
  /** Conclusions: the SEPA mandate reference is already used with this creditor account. */
  mandateRefInUse: 61,
  /** Student money: only a fully settled (paid or credited) receipt can be closed (409). */
  receiptNotSettled: 62,
  /** Student money: more than is open: an assignment above the payment or the receipt's open amount, or a credit note above the open amount (400). */
  amountExceedsOpen: 63,
  /** Student money: invoices are not generated for this student's network member status (DISABLED_MEMBER_STATUSES) (409). */
  invoicingDisabled: 64,
  /** Conclusions: the online-contracts page is not configured on this server (ONLINE_CONTRACTS_URL, ONLINE_CONTRACTS_SECRET). */
  onlineContractsNotConfigured: 65,
  /** Conclusions: a pre-student needs an activated conclusion with a student and no network member number yet. */
  preStudentNotPossible: 66,
  /** Student money: the receipt is not in a state for this action (archived, already open, not a credit note, a sub-receipt) (409). */
  receiptStateRefused: 67,
  /** Conclusions: the conclusion's school contract template or bank account no longer exists (activation impossible). */
  activationSourceMissing: 68,
  /** Student contracts: the contract cannot be cancelled (only an active contract, status 1, without a cancellation date) (409). */
  contractNotCancellable: 69,
  /** Student contracts: no effective cancellation date can be proposed: the contract's terms or start are missing or faulty (spec 001 §8). */
  cancellationNotProposable: 70,
  /** Student contracts: the contract is not cancelled (no cancellation date): nothing to withdraw, no confirmation to print (409). */
  contractNotCancelled: 71,
  /** Leads: the lead became a student (status 6 or a student refers to it) and is not deleted (409). */
  leadConverted: 72,
  /** Leads: the lead's contract is signed (status 6); it cannot be marked "no interest" (409). */
  leadConcluded: 73,
  /** Student contracts: no payment period can be skipped (the member status is one of DISABLED_MEMBER_STATUSES, the contract is not active, or no period is due) (409). */
  skipNotPossible: 74,
  /** Student contracts: receipts were made for the contract; it cannot be deleted (cancel it or set it inactive) (409). */
  contractHasReceipts: 75,
  /** Appointments: invitations name the appointment; it can be deleted only with status 2 ("can be removed"). */
  appointmentInUse: 76,
  /** Invitation: a chosen appointment is not an upcoming one of the lead's school and the invitation's type. */
  appointmentNotOffered: 77,
  /** Legacy lead import: the file is neither a readable CSV (UTF-8 or Windows-1252) nor an XLSX workbook. */
  importFileUnreadable: 80,
  /** Legacy lead import: the first row names no known column (no header row). */
  importNoHeader: 81,
  /** Legacy lead import: the file has a header but no data rows. */
  importEmpty: 82,
  /** Legacy lead import: the file is too large (bytes or rows). */
  importTooLarge: 83,
  /** Legacy lead import: only .csv, .txt and .xlsx files are imported. */
  importFileType: 84,
  /** Student money: a payment's amount cannot go below what is assigned of it to receipts (400). */
  paymentBelowAssigned: 85,
  /** Student money: payment and receipt are in different currencies (400). */
  currencyMismatch: 86,
  /** Direct debits: nothing selected to generate (400). */
  ddNothingSelected: 90,
  /** Direct debits: none of the selected receipts can be debited (all left out; see the preview) (400). */
  ddNothingToDebit: 91,
  /** Direct debits: a selected receipt went into collection meanwhile (another run took it); reload (409). */
  ddInCollection: 92,
  /** SEPA file: the stored file is not there (404). */
  sepaFileMissing: 93,
  /** Direct debits: direct debits are switched off (config sepa_dd) for a school of the selection; nothing generated (403). */
  ddDisabled: 94,
  /** Bank movements: the movement already has a student (assigned); it is neither assigned again nor deleted (409). */
  bankMovementAssigned: 95,
  /** Bank movements: a debit (money going out) is not assigned to a student (400). */
  bankMovementDebit: 96,
  /** Bank movements: an imported movement is what the bank booked; only movements entered by hand are changed (409). */
  bankMovementImported: 97,
  /** Bank statements: the zip archive has too many files or inflates beyond the limit (400). */
  bankArchiveTooLarge: 98,
  /** Bank movements: the student has no open receipt this payment could pay (409). */
  bankNoOpenReceipt: 99,
  /** Dunning run: no receipt selected (400). */
  dunningNothingSelected: 100,
  /** Dunning run: more receipts than one run takes (DUNNING_RUN_MAX_RECEIPTS) (400). */
  dunningRunTooLarge: 101,
  /** Dunning run: the letters PDF could not be made (its dunnings are done); try the download again later (503). */
  dunningPdfFailed: 102,
  /** Bank statements: the file holds statements of accounts of more than one school; each school imports its own (400, fields.iban: the first other school's account). */
  camtSeveralSchools: 103,
  /** Bank statements: a CAMT message or version the product does not read (camt.052, camt.053/.054 .001.09 and later); fields.version names it (400). */
  camtVersionUnsupported: 104,
  /** Bank statements: a statement in another currency than its account's; fields.iban, fields.currency (the statement's) and fields.account_currency name them; nothing written (400). */
  camtCurrencyMismatch: 105,
  /** Dunning: the receipt already has a letter of this level (by hand or by a run); one letter per receipt and level (409, fields.rno: the receipt, fields.dun: the level). */
  dunningExists: 110,
  camtInvalid: 1000,
  notXml: 1001,
  alreadyImported: 1002,
  accountMissing: 1003,
  creditorIdMissing: 1004,
  studentExists: 1005,
  contractNumberInUse: 1006,
  /** Upload: the file's content is not one of the accepted types (checked by content, not name). */
  fileTypeRefused: 1100,
  /** Upload: a file is larger than allowed. */
  fileTooLarge: 1101,
  /** Upload: more files than allowed in one request. */
  tooManyFiles: 1102,
  /** Upload: an image has too many pixels or cannot be decoded. */
  imageRefused: 1103,
  /** Upload: the school image must be a JPG or PNG. */
  schoolImageFormat: 1104,
} as const;

export type ErrorCode = (typeof ERROR)[keyof typeof ERROR];

export const ERROR_CODES: readonly ErrorCode[] = Object.values(ERROR);

/** i18n key of an error code's text. */
export function errorKey(code: number): string {
  return (ERROR_CODES as readonly number[]).includes(code) ? `errors.${code}` : 'errors.1';
}

/** Error body every API error answer carries. `fields` names invalid inputs on a 400. */
export interface ErrorBody {
  error: number;
  fields?: Record<string, string>;
}

/**
 * Request state convention for every list and form: -1 loading, -2 submitting, 0 success,
 * a positive number is the error code.
 */
export type RequestState = -1 | -2 | 0 | number;
export const REQUEST_STATE = { idle: -1, loading: -1, submitting: -2, success: 0 } as const;
