import { LANGUAGE_STORAGE_KEY, addNamespace, currentLanguage, i18n, setLanguage } from '../index.js';

afterEach(async () => {
  await setLanguage('de');
  window.localStorage.clear();
});

describe('i18n', () => {
  it('speaks German by default', () => {
    expect(currentLanguage()).toBe('de');
    expect(i18n.t('errors.2')).toBe('Ungültiger Benutzername und/oder ungültiges Passwort.');
    expect(i18n.t('form.required')).toBe('Pflichtfeld');
    expect(i18n.t('ui.unsaved_changes')).toBe('Bitte erst speichern!');
    expect(document.documentElement.lang).toBe('de');
  });

  it('speaks English after the switch and remembers the choice', async () => {
    await setLanguage('en');
    expect(i18n.t('errors.2')).toBe('Invalid username and/or password.');
    expect(i18n.t('ui.retry')).toBe('Try again');
    expect(window.localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('en');
    expect(document.documentElement.lang).toBe('en');
  });

  it('falls back to German for a key English lacks', async () => {
    addNamespace('test-area', {
      de: { title: 'Übersicht', only_german: 'Nur auf Deutsch' },
      en: { title: 'Overview' },
    });
    await setLanguage('en');
    expect(i18n.t('test-area:title')).toBe('Overview');
    expect(i18n.t('test-area:only_german')).toBe('Nur auf Deutsch');
  });

  it('has every catalogue error code in both languages', async () => {
    const codes = [1, 2, 3, 4, 5, 6, 7, 8, 1000, 1001, 1002, 1003, 1004, 1005, 1006];
    for (const lang of ['de', 'en'] as const) {
      await setLanguage(lang);
      for (const code of codes) {
        expect(i18n.exists(`errors.${code}`, { lng: lang, fallbackLng: [] })).toBe(true);
      }
    }
  });

  it('starts in the stored language on the next page load', () => {
    window.localStorage.setItem(LANGUAGE_STORAGE_KEY, 'en');
    jest.isolateModules(() => {
      // eslint-disable-next-line @typescript-eslint/no-require-imports
      const fresh = require('../i18n.js') as typeof import('../i18n.js');
      expect(fresh.currentLanguage()).toBe('en');
      expect(fresh.i18n.t('login.submit')).toBe('Log in');
    });
  });
});
