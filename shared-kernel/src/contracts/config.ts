import { validateBic, validateCreditorId, validateIban } from './banking.js';
import { EXPENSE_CATEGORIES, PAYMENT_CATEGORIES } from './enums.js';
import { MSG } from './messages.js';

/**
 * Configuration (spec 001 §3 "Configuration items", §5, §7): per-school settings with an
 * "all schools" value and a default in code. `GET /api-config/form?cat[&key][&school]`
 * answers the items of a category; `PUT` saves only the changed ones. The catalogue below is
 * the one list of keys both the API and the screens know; the checks here run on both sides.
 */

/** Item modes of the spec: how a value is edited and checked. */
export const CONFIG_MODES = [
  'switch', 'text', 'email', 'num', 'emailname', 'sepa_iban', 'sepa_bic', 'sepa_ci', 'sepa_name', 'cimage',
  'textlist', 'catlist', 'emaillist', 'plainte', 'rte', 'rtesw', 'template', 'select', 'radio',
] as const;
export type ConfigMode = (typeof CONFIG_MODES)[number];

/** Categories served by /api-config/form (the spec's 'tmpl' is the templates screen). */
export const CONFIG_CATS = ['general', 'comm'] as const;
export type ConfigCat = (typeof CONFIG_CATS)[number];

/** A rich text with an on/off switch (mode rtesw). */
export interface RichTextSwitch {
  on: boolean;
  html: string;
}

/** Any stored value: its shape follows the mode. */
export type ConfigValue = string | number | boolean | null | string[] | RichTextSwitch;

/** One choice of a select, radio or catlist (t = i18n key or plain label). */
export interface ConfigOption {
  v: string | number;
  t: string;
}

/** Limits of a value (num: min/max; text modes: len = most characters; lists: items = most entries). */
export interface ConfigRules {
  min?: number;
  max?: number;
  len?: number;
  items?: number;
}

/** How a key is edited, checked and defaulted. */
export interface ConfigKeyDef {
  cat: ConfigCat;
  mode: ConfigMode;
  default: ConfigValue;
  options?: readonly ConfigOption[];
  rules?: ConfigRules;
}

const catOptions = (ids: readonly number[], prefix: string): ConfigOption[] => ids.map((id) => ({ v: id, t: `${prefix}.${id}` }));

/**
 * Every key (spec 001 §3): general = letterhead/print, company, dunning days, category names,
 * SEPA creditor data; comm = mail sender, copies, signature.
 */
export const CONFIG_KEYS = {
  // Letterhead (print): logo and signature are uploaded images (value = config image id).
  pr_logo: { cat: 'general', mode: 'cimage', default: null },
  pr_sig: { cat: 'general', mode: 'cimage', default: null },
  pr_header: { cat: 'general', mode: 'plainte', default: '', rules: { len: 1000 } },
  /** The sender line above the address window (DIN 5008). */
  pr_sender: { cat: 'general', mode: 'text', default: '', rules: { len: 150 } },
  /** The place before the date ("Wien, 25.11.2026"). */
  pr_city: { cat: 'general', mode: 'text', default: '', rules: { len: 80 } },
  pr_footer: { cat: 'general', mode: 'plainte', default: '', rules: { len: 1000 } },
  pr_layout: { cat: 'general', mode: 'radio', default: 1, options: [1, 2, 3, 4].map((v) => ({ v, t: `config.layout.${v}` })) },
  company: { cat: 'general', mode: 'text', default: '', rules: { len: 150 } },
  department: { cat: 'general', mode: 'text', default: '', rules: { len: 150 } },
  /** The company named on the e-contract stamp. */
  ec_company: { cat: 'general', mode: 'text', default: '', rules: { len: 150 } },
  /** Days before the due date an invoice is announced; the dunning levels' days after it (0 = inactive). */
  iv_pre_days: { cat: 'general', mode: 'num', default: 0, rules: { min: 0, max: 365 } },
  iv_m1_days: { cat: 'general', mode: 'num', default: 14, rules: { min: 0, max: 365 } },
  iv_m2_days: { cat: 'general', mode: 'num', default: 14, rules: { min: 0, max: 365 } },
  iv_m3_days: { cat: 'general', mode: 'num', default: 14, rules: { min: 0, max: 365 } },
  /** The school's names of the categories ('' = the standard name). */
  payment_cat: {
    cat: 'general', mode: 'catlist', default: PAYMENT_CATEGORIES.map(() => ''),
    options: catOptions(PAYMENT_CATEGORIES, 'payment_cat'), rules: { len: 60 },
  },
  expense_cat: {
    cat: 'general', mode: 'catlist', default: EXPENSE_CATEGORIES.map(() => ''),
    options: catOptions(EXPENSE_CATEGORIES, 'expense_cat'), rules: { len: 60 },
  },
  // SEPA creditor data (direct debits).
  sepa_name: { cat: 'general', mode: 'sepa_name', default: '', rules: { len: 70 } },
  sepa_iban: { cat: 'general', mode: 'sepa_iban', default: '' },
  sepa_bic: { cat: 'general', mode: 'sepa_bic', default: '' },
  sepa_ci: { cat: 'general', mode: 'sepa_ci', default: '' },
  /** COR1 agreement with the bank (one-day direct debits). */
  sepa_cor1: { cat: 'general', mode: 'switch', default: false },
  /** Direct debits use the school's main bank account (/m-conf/account) instead of the data above. */
  sepa_main_account: { cat: 'general', mode: 'switch', default: true },
  /** The direct-debit feature flag (spec 001: generating needs finance_w and this flag); off = no runs for the school. */
  sepa_dd: { cat: 'general', mode: 'switch', default: true },
  /** Days the debtor is notified before a direct debit (pre-notification). */
  sepa_lead_days: { cat: 'general', mode: 'num', default: 14, rules: { min: 1, max: 60 } },
  // Communication.
  mail_from: { cat: 'comm', mode: 'emailname', default: '', rules: { len: 200 } },
  mail_cc: { cat: 'comm', mode: 'emaillist', default: [], rules: { items: 10 } },
  mail_bcc: { cat: 'comm', mode: 'emaillist', default: [], rules: { items: 10 } },
  mail_sig: { cat: 'comm', mode: 'rte', default: '', rules: { len: 20000 } },
} as const satisfies Record<string, ConfigKeyDef>;

export type ConfigKey = keyof typeof CONFIG_KEYS;
export const CONFIG_KEY_NAMES = Object.keys(CONFIG_KEYS) as ConfigKey[];

/** The value type of each mode. */
interface ModeValue {
  switch: boolean;
  num: number;
  cimage: number | null;
  textlist: string[];
  catlist: string[];
  emaillist: string[];
  rtesw: RichTextSwitch;
}
type ValueOfMode<M extends ConfigMode> = M extends keyof ModeValue ? ModeValue[M] : M extends 'radio' | 'select' ? string | number : string;

/** The effective values of keys, typed: `ConfigValues<'pr_sender' | 'pr_layout'>`. */
export type ConfigValues<K extends ConfigKey = ConfigKey> = { [P in K]: ValueOfMode<(typeof CONFIG_KEYS)[P]['mode']> };

/** One item of GET /api-config/form. */
export interface ConfigItem {
  /** The key. */
  k: string;
  /** Title: an i18n key (`config.k.<key>`). */
  t: string;
  m: ConfigMode | string;
  /** The value in force for the school (or for all schools): own value, else d. */
  v: ConfigValue;
  /** The value that applies without an own value: the all-schools value, else the default in code. */
  d: ConfigValue;
  /** Whether the school (or "all schools") has an own value. */
  o: boolean;
  s?: ConfigOption[];
  r?: ConfigRules;
}

/** GET /api-config/form: the items of a category for one school (null = all schools). */
export interface ConfigForm {
  cat: ConfigCat;
  school: number | null;
  /** The version of (cat, school); PUT sends it back (stale: 409 {error: 9}). */
  version: number;
  items: ConfigItem[];
}

/** One changed item in PUT /api-config/form. d = true: drop the own value (use the default). */
export interface ConfigChange {
  k: string;
  v: ConfigValue;
  d: boolean;
}

/** PUT /api-config/form body (cat and school also in the query). */
export interface ConfigSaveBody {
  items: ConfigChange[];
  version: number;
}

/** Most bytes of an uploaded logo or signature (JPG or PNG, re-encoded, at most 1200 pixels a side). */
export const CONFIG_IMAGE_MAX_BYTES = 5 * 1024 * 1024;

const EMAIL = /^[^\s@<>",;:()[\]\\]+@[^\s@<>",;:()[\]\\]+\.[^\s@<>",;:()[\]\\]{2,}$/;

/** True for a plain e-mail address. */
export function isEmailAddress(value: string): boolean {
  return value.length <= 254 && EMAIL.test(value);
}

/** "Name <mail>" or a plain address: the parts, or null when it is neither. */
export function parseEmailName(value: string): { name: string; email: string } | null {
  const trimmed = value.trim();
  const match = /^([^<>"]*?)\s*<([^<>\s]+)>$/.exec(trimmed);
  if (match) return isEmailAddress(match[2]!) && match[1]!.length <= 100 ? { name: match[1]!.trim(), email: match[2]! } : null;
  return isEmailAddress(trimmed) ? { name: '', email: trimmed } : null;
}

/** Characters a SEPA name may hold (EPC character set; umlauts are transliterated when written). */
const SEPA_NAME = /^[A-Za-z0-9ÄÖÜäöüßÀ-ÿ/\-?:().,'+& ]*$/;

const isString = (value: unknown): value is string => typeof value === 'string';
const isStringList = (value: unknown): value is string[] => Array.isArray(value) && value.every(isString);
// Control characters other than tab and line breaks never belong in a setting.
// eslint-disable-next-line no-control-regex
const HTML_CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f]/;

/** What {@link checkConfigValue} looks at: the mode, options and rules of an item. */
export interface ConfigCheck {
  m: ConfigMode | string;
  s?: readonly ConfigOption[];
  r?: ConfigRules;
}

/**
 * Checks a value against its mode (the API and the forms alike): null when valid, else the
 * message key (namespace `common`). Empty text is valid (the setting is simply not filled).
 * @example checkConfigValue({ m: 'sepa_iban' }, 'AT61 1904 3002 3457 3201') // null
 */
export function checkConfigValue(item: ConfigCheck, value: unknown): string | null {
  const len = item.r?.len;
  const tooLong = (text: string) => len !== undefined && text.length > len;
  switch (item.m) {
    case 'switch':
      return typeof value === 'boolean' ? null : MSG.invalid;
    case 'num': {
      if (typeof value !== 'number' || !Number.isInteger(value)) return MSG.number;
      if ((item.r?.min !== undefined && value < item.r.min) || (item.r?.max !== undefined && value > item.r.max)) return MSG.number;
      return null;
    }
    case 'text':
    case 'plainte':
    case 'template':
      if (!isString(value) || HTML_CONTROL.test(value)) return MSG.invalid;
      if (item.m === 'text' && /[\r\n]/.test(value)) return MSG.invalid;
      return tooLong(value) ? MSG.tooLong : null;
    case 'rte':
      if (!isString(value)) return MSG.invalid;
      return value.length > (len ?? 20000) ? MSG.tooLong : null;
    case 'rtesw':
      if (typeof value !== 'object' || value === null || Array.isArray(value)) return MSG.invalid;
      if (Object.keys(value).sort().join() !== 'html,on') return MSG.invalid;
      return typeof (value as RichTextSwitch).on === 'boolean' && isString((value as RichTextSwitch).html)
        ? (value as RichTextSwitch).html.length > (len ?? 20000) ? MSG.tooLong : null
        : MSG.invalid;
    case 'email':
      if (!isString(value)) return MSG.invalid;
      return value === '' || isEmailAddress(value) ? null : MSG.email;
    case 'emailname':
      if (!isString(value)) return MSG.invalid;
      if (tooLong(value)) return MSG.tooLong;
      return value === '' || parseEmailName(value) ? null : MSG.email;
    case 'emaillist':
      if (!isStringList(value)) return MSG.invalid;
      if (item.r?.items !== undefined && value.length > item.r.items) return MSG.tooLong;
      return value.every(isEmailAddress) ? null : MSG.email;
    case 'textlist':
      if (!isStringList(value)) return MSG.invalid;
      if (item.r?.items !== undefined && value.length > item.r.items) return MSG.tooLong;
      return value.some((entry) => tooLong(entry) || /[\r\n]/.test(entry)) ? MSG.tooLong : null;
    case 'catlist':
      // One name per category, in the order of the options.
      if (!isStringList(value) || value.length !== (item.s?.length ?? 0)) return MSG.invalid;
      return value.some((entry) => tooLong(entry) || /[\r\n]/.test(entry)) ? MSG.tooLong : null;
    case 'sepa_iban':
      return isString(value) && (value === '' || validateIban(value)) ? null : 'ui.invalid_iban';
    case 'sepa_bic':
      return isString(value) && (value === '' || validateBic(value)) ? null : 'ui.invalid_bic';
    case 'sepa_ci':
      return isString(value) && (value === '' || validateCreditorId(value)) ? null : 'ui.invalid_creditor_id';
    case 'sepa_name':
      if (!isString(value) || !SEPA_NAME.test(value)) return MSG.invalid;
      return value.length > (len ?? 70) ? MSG.tooLong : null;
    case 'cimage':
      return value === null || (typeof value === 'number' && Number.isInteger(value) && value >= 1 && value <= 2147483647) ? null : MSG.invalid;
    case 'select':
    case 'radio':
      return item.s?.some((option) => option.v === value) ? null : MSG.invalid;
    default:
      return MSG.invalid;
  }
}
