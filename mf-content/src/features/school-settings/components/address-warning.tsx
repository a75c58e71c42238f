import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { NS } from '../i18n.js';
import styles from './school-settings.module.css';

/** The spec's danger note when street or city of the school is empty, with the support request (/e-ticket/1). */
export function AddressWarning() {
  const { t } = useTranslation(NS);
  return (
    <p role="note" className={styles.danger}>
      {t('settings.address_warning')} – <Link to="/e-ticket/1">{t('settings.address_warning_link')}</Link>
    </p>
  );
}
