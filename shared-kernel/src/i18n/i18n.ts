import i18next, { type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { uiLocales } from '../ui/locales.js';
import { commonDe } from './common-de.js';
import { commonEn } from './common-en.js';

/** The UI languages; German is the default and the fallback. */
export const LANGUAGES = ['de', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'de';
/** localStorage key of the user's language choice. */
export const LANGUAGE_STORAGE_KEY = 'sbo.lang';

function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

function storedLanguage(): Language {
  try {
    const value = globalThis.localStorage?.getItem(LANGUAGE_STORAGE_KEY);
    return isLanguage(value) ? value : DEFAULT_LANGUAGE;
  } catch {
    return DEFAULT_LANGUAGE;
  }
}

function setDocumentLanguage(language: Language): void {
  if (typeof document !== 'undefined') document.documentElement.lang = language;
}

/**
 * The one i18next instance of the page (the kernel is a federation singleton, so the shell and
 * every remote translate through it). Namespace `common` holds errors, form messages, toasts,
 * menu and login texts and the kernel UI's `ui.*` keys.
 *
 * @example
 * const { t } = useTranslation('common'); t('errors.2')
 */
export const i18n: I18n = i18next.createInstance();

void i18n.use(initReactI18next).init({
  lng: storedLanguage(),
  fallbackLng: DEFAULT_LANGUAGE,
  supportedLngs: [...LANGUAGES],
  ns: ['common'],
  defaultNS: 'common',
  resources: {
    de: { common: { ...commonDe, ...uiLocales.de } },
    en: { common: { ...commonEn, ...uiLocales.en } },
  },
  interpolation: { escapeValue: false }, // React escapes.
  initAsync: false,
  returnNull: false,
});
setDocumentLanguage(i18n.language as Language);

/**
 * Switches the UI language and remembers the choice in localStorage ('sbo.lang').
 *
 * @example
 * await setLanguage('en');
 */
export async function setLanguage(language: Language): Promise<void> {
  if (!isLanguage(language)) throw new Error(`Unsupported language: ${String(language)}`);
  try {
    globalThis.localStorage?.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch {
    // Private mode without storage: the switch still applies to this page.
  }
  await i18n.changeLanguage(language);
  setDocumentLanguage(language);
}

/** The current UI language. */
export function currentLanguage(): Language {
  return isLanguage(i18n.language) ? i18n.language : DEFAULT_LANGUAGE;
}

/** Texts of one namespace per language; English may leave keys out (German fills in). */
export interface NamespaceResources {
  de: Record<string, unknown>;
  en?: Record<string, unknown>;
}

/**
 * Adds a remote's namespace (call once when the remote loads; calling again merges).
 *
 * @example
 * addNamespace('finance', { de: { dashboard: { title: 'Finanzübersicht' } }, en: { ... } });
 * const { t } = useTranslation('finance');
 */
export function addNamespace(ns: string, resources: NamespaceResources): void {
  i18n.addResourceBundle('de', ns, resources.de, true, true);
  if (resources.en) i18n.addResourceBundle('en', ns, resources.en, true, true);
}
