import { screen, within } from '@testing-library/react';
import { i18n } from 'shared-kernel';
import { makeAppState, renderWithProviders } from 'shared-kernel/testing';
import type { AppState, Atom } from 'shared-kernel/contracts';
import { MENU_TABLE } from '../menu-table.js';
import { NavMenu } from '../nav-menu.js';

function session(level: 1 | 2 | 3, atoms: Atom[], extra: { mno?: string | null; calendar?: string } = {}): Partial<AppState> {
  return {
    user: { ...makeAppState().user, level, mno: extra.mno ?? null },
    atoms,
    eventsCalendarUrl: extra.calendar ?? '',
    mapTileUrl: '',
    mapAttribution: '',
  };
}

/** The item ids of the table a user must see, written out from spec 001 §2 per scenario. */
const ALL_ITEMS = MENU_TABLE.flatMap((group) => group.items.map((item) => item.id));

const scenarios: [string, Partial<AppState>, string[]][] = [
  [
    'trainer (student_r, reminder_r)',
    session(3, ['student_r', 'reminder_r']),
    ['overview', 'students_overview', 'students_list', 'federation_overview', 'help'],
  ],
  [
    'finance (finance_r/w/d, student_r)',
    session(3, ['finance_r', 'finance_w', 'finance_d', 'student_r']),
    [
      'overview', 'students_overview', 'students_list', 'finance_overview', 'income', 'expenses',
      'bank_movements', 'direct_debits', 'federation_overview', 'help',
    ],
  ],
  [
    'level 3 with federation atoms but no member number',
    session(3, ['e_document_r', 'e_ticket_r', 'c_news_r', 'team_r', 's_account_r', 'template_r']),
    [
      'overview', 'custom_templates', 'accounts', 'news', 'team', 'federation_overview', 'enquiry',
      'software_feedback', 'request_contracts', 'help',
    ],
  ],
  [
    'level 3 with e_document_r and a linked member number, calendar configured',
    session(3, ['e_document_r', 'lead_r', 'conclusion_r'], { mno: 'AT-100001', calendar: 'https://kalender.example.org' }),
    ['overview', 'leads', 'conclusions', 'federation_overview', 'documents', 'events_calendar', 'help'],
  ],
  [
    'admin (level 2) without member number',
    session(2, []),
    ALL_ITEMS.filter((id) => id !== 'documents' && id !== 'events_calendar'),
  ],
  [
    'superadmin with member number and calendar',
    session(1, [], { mno: 'AT-1', calendar: 'https://kalender.example.org' }),
    ALL_ITEMS,
  ],
];

function labelOf(id: string): string {
  const item = MENU_TABLE.flatMap((group) => group.items).find((entry) => entry.id === id);
  if (!item) throw new Error(`no menu item ${id}`);
  return i18n.t(item.labelKey);
}

describe('navigation menu', () => {
  it.each(scenarios)('shows exactly the table items for %s', (_name, state, expectedIds) => {
    renderWithProviders(<NavMenu />, { session: state });
    const nav = screen.getByRole('navigation', { name: 'Hauptnavigation' });
    const shown = within(nav).getAllByRole('link').map((link) => link.textContent?.replace(/\s*\(öffnet in neuem Tab\)$/, ''));
    expect(shown).toEqual(expectedIds.map(labelOf));
    // Groups are headed lists; a group without items is left out.
    const groups = within(nav).getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
    const expectedGroups = MENU_TABLE.filter((g) => g.items.some((item) => expectedIds.includes(item.id))).map((g) => i18n.t(g.labelKey));
    expect(groups).toEqual(expectedGroups);
  });

  it('links every internal item to its route and marks the current one', () => {
    renderWithProviders(<NavMenu />, { session: session(1, [], { mno: 'AT-1' }), route: '/m-fin/income' });
    const nav = screen.getByRole('navigation', { name: 'Hauptnavigation' });
    const income = within(nav).getByRole('link', { name: 'Einnahmen' });
    expect(income.getAttribute('href')).toBe('/m-fin/income');
    expect(income.getAttribute('aria-current')).toBe('page');
    expect(within(nav).getByRole('link', { name: 'Lastschriften' }).getAttribute('aria-current')).toBeNull();
    expect(within(nav).getByRole('link', { name: 'Rollen' }).getAttribute('href')).toBe('/m-conf/role');
    expect(within(nav).getByRole('link', { name: 'Dokumente' }).getAttribute('href')).toBe('/e-document/root');
  });

  it('opens the events calendar in a new tab', () => {
    renderWithProviders(<NavMenu />, { session: session(3, [], { calendar: 'https://kalender.example.org/' }) });
    const link = screen.getByRole('link', { name: /Veranstaltungskalender/ });
    expect(link.getAttribute('href')).toBe('https://kalender.example.org/');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toContain('noopener');
  });
});
