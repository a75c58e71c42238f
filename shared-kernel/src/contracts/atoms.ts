/**
 * Permission atoms: the named rights a role grants (spec 000 §6, 001 §6, 002 §6).
 * The server checks them on every route; the screens only hide what the user may not do.
 */
export const ATOM_GROUPS = {
  students: ['student_r', 'student_w'],
  finance: ['finance_r', 'finance_w', 'finance_d'],
  conclusions: ['conclusion_r', 'conclusion_w', 'conclusion_d'],
  leads: ['lead_r', 'lead_w', 'lead_d'],
  reminders: ['reminder_r', 'reminder_w', 'reminder_d'],
  settings: [
    's_general_r', 's_general_w', 's_comm_r', 's_comm_w', 's_template_r', 's_template_w',
    's_contract_r', 's_contract_w', 's_contract_d', 's_account_r', 's_account_w', 's_account_d',
  ],
  templates: ['template_r', 'template_w', 'template_d'],
  microsite: [
    'c_news_r', 'c_news_w', 'c_news_d', 'c_gallery_r', 'c_gallery_w', 'c_gallery_d',
    'team_r', 'team_w', 'c_settings_r', 'c_settings_w',
  ],
  federation: ['e_document_r', 'e_ticket_r', 'e_ticket_s', 'e_news_r'],
} as const;

export type AtomGroup = keyof typeof ATOM_GROUPS;
export type Atom = (typeof ATOM_GROUPS)[AtomGroup][number];

/** Every atom, in matrix order. */
export const ATOMS: readonly Atom[] = Object.values(ATOM_GROUPS).flat() as Atom[];

export function isAtom(value: unknown): value is Atom {
  return typeof value === 'string' && (ATOMS as readonly string[]).includes(value);
}

/** User levels (spec 001 §3 User.l). */
export const USER_LEVEL = { superadmin: 1, admin: 2, user: 3 } as const;
export type UserLevel = (typeof USER_LEVEL)[keyof typeof USER_LEVEL];

/** School access of a user: 1 all schools, 2 specific schools. */
export const SCHOOL_ACCESS = { all: 1, specific: 2 } as const;
export type SchoolAccess = (typeof SCHOOL_ACCESS)[keyof typeof SCHOOL_ACCESS];
