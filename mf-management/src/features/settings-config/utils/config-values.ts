import {
  checkConfigValue,
  isEmailAddress,
  type ConfigChange,
  type ConfigForm,
  type ConfigItem,
  type ConfigValue,
} from 'shared-kernel/contracts';

/** The formik values of a configuration form: the value per key, and the keys reset to the default. */
export interface ConfigFormValues {
  v: Record<string, ConfigValue>;
  reset: Record<string, boolean>;
}

/** The modes this screen can edit; any other shows the 'nip' notice and is never sent. */
export const EDITABLE_MODES = new Set([
  'switch', 'text', 'email', 'num', 'emailname', 'sepa_iban', 'sepa_bic', 'sepa_ci', 'sepa_name', 'cimage',
  'textlist', 'catlist', 'emaillist', 'plainte', 'rte', 'rtesw', 'template', 'select', 'radio',
]);

/** The form's starting values from the items read. */
export function initialValues(items: readonly ConfigItem[]): ConfigFormValues {
  return {
    v: Object.fromEntries(items.map((item) => [item.k, item.v])),
    reset: Object.fromEntries(items.map((item) => [item.k, false])),
  };
}

/** A value as it goes on the wire (the IBAN input keeps an empty IBAN as null). */
function wireValue(item: ConfigItem, value: ConfigValue): ConfigValue {
  if ((item.m === 'sepa_iban' || item.m === 'text') && value === null) return '';
  return value;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/** The user chose "use the default" and has not typed another value since. */
function isReset(item: ConfigItem, values: ConfigFormValues): boolean {
  return values.reset[item.k] === true && same(wireValue(item, values.v[item.k] ?? null), wireValue(item, item.d));
}

/**
 * The items to save: those whose value changed (d = false) and those with an own value the
 * user reset to the default (d = true). Unchanged items are not sent.
 */
export function changedItems(items: readonly ConfigItem[], values: ConfigFormValues): ConfigChange[] {
  const changes: ConfigChange[] = [];
  for (const item of items) {
    if (!EDITABLE_MODES.has(item.m)) continue;
    const value = wireValue(item, values.v[item.k] ?? null);
    // Reset and not typed over since: back to the default.
    if (isReset(item, values)) {
      if (item.o) changes.push({ k: item.k, v: null, d: true });
      continue;
    }
    if (!same(value, wireValue(item, item.v))) changes.push({ k: item.k, v: value, d: false });
  }
  return changes;
}

/** Errors of list entries: the message per invalid entry (formik's array error shape). */
function listErrors(item: ConfigItem, value: unknown): (string | undefined)[] | null {
  if (!Array.isArray(value)) return null;
  const entryCheck = item.m === 'emaillist' ? (entry: string) => (isEmailAddress(entry.trim()) ? null : 'form.invalid_email') : (entry: string) => checkConfigValue({ m: 'text', r: item.r }, entry);
  const errors = value.map((entry) => (typeof entry === 'string' ? (entryCheck(entry) ?? undefined) : 'form.invalid'));
  return errors.some(Boolean) ? errors : null;
}

/**
 * formik `validate`: every editable item not reset is checked by its mode with the same check
 * the server runs; list modes name the invalid entry.
 */
export function validateConfigValues(items: readonly ConfigItem[], values: ConfigFormValues): { v?: Record<string, unknown> } {
  const errors: Record<string, unknown> = {};
  for (const item of items) {
    if (!EDITABLE_MODES.has(item.m) || isReset(item, values)) continue;
    const value = wireValue(item, values.v[item.k] ?? null);
    const message = checkConfigValue({ m: item.m, s: item.s, r: item.r }, item.m === 'emaillist' && Array.isArray(value) ? value.map((e) => String(e).trim()) : value);
    if (!message) continue;
    const entries = item.m === 'emaillist' || item.m === 'textlist' || item.m === 'catlist' ? listErrors(item, value) : null;
    errors[item.k] = entries ?? message;
  }
  return Object.keys(errors).length ? { v: errors } : {};
}

/** The record the version hook compares: the version and every value by key. */
export type FlatConfig = { version: number } & Record<string, unknown>;

/** A form read as a flat record (for the conflict notice's "changed meanwhile" list). */
export function flatten(form: ConfigForm): FlatConfig {
  return { ...Object.fromEntries(form.items.map((item) => [item.k, item.v])), version: form.version };
}

/** Which group of the screen a key belongs to. */
export function groupOf(key: string): string {
  if (key.startsWith('pr_')) return 'print';
  if (key === 'company' || key === 'department' || key === 'ec_company') return 'company';
  if (key.startsWith('iv_')) return 'dunning';
  if (key.endsWith('_cat')) return 'categories';
  if (key.startsWith('sepa_')) return 'sepa';
  if (key.startsWith('mail_')) return 'mail';
  return 'other';
}
