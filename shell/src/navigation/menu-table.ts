import type { Atom } from 'shared-kernel/contracts';
import type { VisibilityRule } from 'shared-kernel';

/** An item of the navigation menu: an internal route or the external events calendar. */
export type MenuItem =
  | { id: string; labelKey: string; route: string; rule: VisibilityRule; external?: false }
  /** The external link's URL comes from AppState.eventsCalendarUrl; shown only when set. */
  | { id: string; labelKey: string; external: true; rule: VisibilityRule };

export interface MenuGroup {
  id: string;
  labelKey: string;
  items: MenuItem[];
}

const always: VisibilityRule = { kind: 'always' };
const atom = (name: Atom, needsMemberNumber = false): VisibilityRule => ({ kind: 'atom', atom: name, needsMemberNumber });
const adminLevel: VisibilityRule = { kind: 'level', maxLevel: 2 };

const item = (id: string, route: string, rule: VisibilityRule): MenuItem => ({
  id, labelKey: `menu.item.${id}`, route, rule,
});

/**
 * The navigation menu exactly as spec 001 §2 (group, item, route, what shows it). Tests derive
 * the expected menu of a user from this table.
 */
export const MENU_TABLE: readonly MenuGroup[] = [
  {
    id: 'main',
    labelKey: 'menu.group.main',
    items: [
      item('overview', '/m-dash', always),
      item('leads', '/m-lead/list', atom('lead_r')),
      item('conclusions', '/m-con/list', atom('conclusion_r')),
    ],
  },
  {
    id: 'students',
    labelKey: 'menu.group.students',
    items: [
      item('students_overview', '/m-student/dashboard', atom('student_r')),
      item('students_list', '/m-student/list', atom('student_r')),
    ],
  },
  {
    id: 'finance',
    labelKey: 'menu.group.finance',
    items: [
      item('finance_overview', '/m-fin/dashboard', atom('finance_r')),
      item('income', '/m-fin/income', atom('finance_r')),
      item('expenses', '/m-fin/expense', atom('finance_r')),
      item('bank_movements', '/m-fin/bamove', atom('finance_r')),
      item('direct_debits', '/m-fin/dd', atom('finance_r')),
    ],
  },
  {
    id: 'settings',
    labelKey: 'menu.group.settings',
    items: [
      item('general', '/m-conf/general', atom('s_general_r')),
      item('communication', '/m-conf/comm', atom('s_comm_r')),
      item('system_templates', '/m-conf/template', atom('s_template_r')),
      item('custom_templates', '/m-template/base', atom('template_r')),
      item('roles', '/m-conf/role', adminLevel),
      item('users', '/m-conf/user', adminLevel),
      item('contracts', '/m-conf/contract', atom('s_contract_r')),
      item('accounts', '/m-conf/account', atom('s_account_r')),
    ],
  },
  {
    id: 'microsite',
    labelKey: 'menu.group.microsite',
    items: [
      item('news', '/c-news', atom('c_news_r')),
      item('gallery', '/c-album', atom('c_gallery_r')),
      item('team', '/c-team', atom('team_r')),
      item('microsite_settings', '/c-settings', atom('c_settings_r')),
    ],
  },
  {
    id: 'federation',
    labelKey: 'menu.group.federation',
    items: [
      item('federation_overview', '/e-dash', always),
      item('documents', '/e-document/root', atom('e_document_r', true)),
      item('enquiry', '/e-ticket/1', atom('e_ticket_r')),
      item('software_feedback', '/e-ticket/2', atom('e_ticket_r')),
      item('request_contracts', '/e-rcc', atom('e_ticket_r')),
      { id: 'events_calendar', labelKey: 'menu.item.events_calendar', external: true, rule: always },
    ],
  },
  {
    id: 'help',
    labelKey: 'menu.group.help',
    items: [item('help', '/m-help', always)],
  },
];
