import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { LANGUAGES, currentLanguage, setLanguage, type Language } from 'shared-kernel';
import styles from './header-controls.module.css';

/** German / English switch; the choice is remembered (localStorage 'sbo.lang'). */
export function LanguageSwitch() {
  const { t, i18n } = useTranslation('common');
  const id = useId();
  // i18n.language from the hook re-renders this on a switch.
  const language = (LANGUAGES as readonly string[]).includes(i18n.language) ? i18n.language : currentLanguage();
  return (
    <div className={styles.inline}>
      <label htmlFor={id} className={styles.label}>{t('header.language')}</label>
      <select
        id={id}
        className={styles.select}
        value={language}
        onChange={(event) => void setLanguage(event.target.value as Language)}
      >
        {LANGUAGES.map((lang) => (
          <option key={lang} value={lang} lang={lang}>{t(`language.${lang}`)}</option>
        ))}
      </select>
    </div>
  );
}
