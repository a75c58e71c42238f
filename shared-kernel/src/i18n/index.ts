export {
  i18n, setLanguage, currentLanguage, addNamespace, LANGUAGES, DEFAULT_LANGUAGE,
  LANGUAGE_STORAGE_KEY, type Language, type NamespaceResources,
} from './i18n.js';
