import { useTranslation } from 'react-i18next';
import type { SchoolSettings } from 'shared-kernel/contracts';
import { CheckboxField, SelectField, TextAreaField, TextField } from 'shared-kernel/forms';
import { NS } from '../i18n.js';
import { SchoolImageField } from './school-image-field.js';
import styles from './school-settings.module.css';

/** General: microsite address and state, school image, away info, the map with hide-map. */
export function GeneralPanel({ settings, disabled }: { settings: SchoolSettings; disabled: boolean }) {
  const { t } = useTranslation(NS);
  const { address } = settings;
  const addressText = [[address.as, address.ah].filter(Boolean).join(' '), [address.az, address.ac].filter(Boolean).join(' ')]
    .filter(Boolean)
    .join(', ');
  return (
    <div className={styles.plain}>
      <div className={styles.row}>
        <TextField name="slug" label={t('settings.field.slug')} required maxLength={63} hint={t('settings.field.slug_hint')} disabled={disabled} />
        <CheckboxField name="microsite_on" label={t('settings.field.microsite_on')} disabled={disabled} />
      </div>
      <SchoolImageField schoolId={settings.school_setting_id} schoolName={address.n} imageId={settings.cfh_school_image} disabled={disabled} />
      <TextAreaField name="highlight_text" label={t('settings.field.highlight_text')} hint={t('settings.field.highlight_text_hint')} rows={3} maxLength={2000} disabled={disabled} />
      <section className={styles.section} aria-labelledby="settings-map-title">
        <h2 id="settings-map-title" className={styles.sectionTitle}>{t('settings.map')}</h2>
        <p>
          {t('settings.map_address', { address: addressText || '–' })}{' '}
          {addressText && (
            <a
              href={`https://www.openstreetmap.org/search?query=${encodeURIComponent(`${addressText}, ${address.c.toUpperCase()}`)}`}
              target="_blank"
              rel="noopener noreferrer"
            >
              {t('settings.map_open')}
            </a>
          )}
        </p>
        <CheckboxField name="hidden_gmaps" label={t('settings.field.hidden_gmaps')} disabled={disabled} />
      </section>
    </div>
  );
}

/** Social media and partners: facebook type and address, twitter type, name and address, partner companies. */
export function SocialPanel({ disabled }: { disabled: boolean }) {
  const { t } = useTranslation(NS);
  const urlHint = t('settings.url_hint');
  return (
    <div className={styles.plain}>
      <div className={styles.row}>
        <SelectField
          name="facebook_type"
          label={t('settings.field.facebook_type')}
          options={(['', 'likebox', 'button'] as const).map((value) => ({ value, label: t(`settings.facebook_${value || 'none'}`) }))}
          disabled={disabled}
        />
        <TextField name="facebook_url" type="url" label={t('settings.field.facebook_url')} hint={urlHint} maxLength={500} disabled={disabled} />
      </div>
      <div className={styles.row}>
        <SelectField
          name="twitter_type"
          label={t('settings.field.twitter_type')}
          options={(['', 'timeline', 'button'] as const).map((value) => ({ value, label: t(`settings.twitter_${value || 'none'}`) }))}
          disabled={disabled}
        />
        <TextField name="twitter_id" label={t('settings.field.twitter_id')} maxLength={60} disabled={disabled} />
        <TextField name="twitter_url" type="url" label={t('settings.field.twitter_url')} hint={urlHint} maxLength={500} disabled={disabled} />
      </div>
      <TextAreaField name="business_companies" label={t('settings.field.business_companies')} rows={4} maxLength={2000} disabled={disabled} />
    </div>
  );
}

/** Contact form: on or off, and the address told about enquiries. */
export function ContactPanel({ disabled }: { disabled: boolean }) {
  const { t } = useTranslation(NS);
  return (
    <div className={styles.plain}>
      <CheckboxField name="contact_form_on" label={t('settings.field.contact_form_on')} disabled={disabled} />
      <TextField
        name="contact_email"
        type="email"
        label={t('settings.field.contact_email')}
        hint={t('settings.field.contact_email_hint')}
        maxLength={200}
        disabled={disabled}
      />
    </div>
  );
}
