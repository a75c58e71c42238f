/** Shared enumerations (spec 001 §3, 002 §3). Values are the wire values. */

export const STUDENT_STATUS = {
  provisional: 1, active: 2, cancellationPending: 3, cancelled: 4, inactive: 5, noContract: 6,
} as const;
export const STUDENT_STATUSES = [1, 2, 3, 4, 5, 6] as const;

/** Network (federation) member status. */
export const MEMBER_STATUSES = [1, 2, 3, 6, 7, 8, 9, 10] as const;

export const LEAD_STATUSES = [1, 2, 3, 4, 5, 6, 7] as const;
export const LEAD_SOURCES = [1, 2, 3, 4, 5, 6, 7, 8, 9] as const;
export const LEAD_SOURCE_OTHER = 7;
/** Lead origins 1..8 (spec 001 §3) and 9, the legacy import (002 §2.12); names in contracts/leads.ts LEAD_ORIGIN. */
export const LEAD_ORIGINS = [1, 2, 3, 4, 5, 6, 7, 8, 9] as const;
export const NO_INTEREST_REASONS = [1, 2, 3, 4, 5] as const;

export const SALUTATIONS = [1, 2, 3, 4, 5] as const;
export const TITLES = Array.from({ length: 17 }, (_, i) => i + 1);
export const DIVISIONS = Array.from({ length: 14 }, (_, i) => i + 1);

/** Payment methods: 1 SEPA direct debit, 2 transfer, 3 cash. */
export const PAYMENT_METHOD = { sepa: 1, transfer: 2, cash: 3 } as const;
export const PAYMENT_METHODS = [1, 2, 3] as const;
export const PAYMENT_CATEGORIES = [1, 2, 3, 4, 5] as const;
export const EXPENSE_CATEGORIES = Array.from({ length: 13 }, (_, i) => i + 1);
export const PAY_INTERVALS = [1, 3, 6, 12] as const;
export const CURRENCIES = [
  'EUR', 'CHF', 'BAM', 'GBP', 'BGN', 'DKK', 'HRK', 'MKD', 'RON', 'NOK', 'PLN', 'RSD', 'SEK', 'CZK', 'TRL', 'HUF',
] as const;

/** Receipt types: 1 open, 2 archived. */
export const RECEIPT_TYPE = { open: 1, archived: 2 } as const;

export const NOTE_TYPES = [1, 2, 3, 4] as const;

/** Ticket status (tsid). */
export const TICKET_STATUSES = [1, 2, 3, 4, 5] as const;
/** Ticket modes: 1 support request, 2 technical feedback. */
export const TICKET_MODES = [1, 2] as const;

/** Content visibility: 1 current user, 3 certain schools, 4 all schools. */
export const CONTENT_VISIBILITY = { currentUser: 1, certainSchools: 3, allSchools: 4 } as const;

export const COUNTRIES = ['at', 'de'] as const;
export type Country = (typeof COUNTRIES)[number];
