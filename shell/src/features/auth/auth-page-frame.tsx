import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LanguageSwitch } from '../../layout/language-switch.js';
import styles from './auth.module.css';

/** Frame of the screens without a session: product name, language switch, one card. */
export function AuthPageFrame({ title, children }: { title: string; children: ReactNode }) {
  const { t } = useTranslation('common');
  return (
    <div className={styles.page}>
      <header className={styles.header}>
        <p className={styles.brand}>{t('app.name')}</p>
        <LanguageSwitch />
      </header>
      <main className={styles.main}>
        <section className={styles.card} aria-labelledby="auth-title">
          <h1 id="auth-title" className={styles.title}>{title}</h1>
          {children}
        </section>
      </main>
    </div>
  );
}
