import { useTranslation } from 'react-i18next';
import { Button, Spinner } from 'shared-kernel';
import { errorKey, type Versioned } from 'shared-kernel/contracts';
import type { RecordVersion } from './use-record-version.js';
import styles from './conflict-notice.module.css';

/** Props of {@link ConflictNotice}. */
export interface ConflictNoticeProps<R extends Versioned> {
  record: RecordVersion<R>;
  /** Labels of the form's fields (already translated): changed fields without a label are not listed. */
  labels: Partial<Record<keyof R & string, string>>;
  /** Shows a stored value (select options, dates, money); default: the text, lists joined. */
  format?: (field: keyof R & string, value: unknown) => string;
}

function plain(value: unknown): string {
  if (Array.isArray(value)) return value.join(', ');
  if (value === null || value === undefined) return '';
  return String(value);
}

/**
 * The form's notice after a save answered "changed by someone else meanwhile" (409 {error: 9}):
 * says so, keeps the user's entries in the form, and offers to load the current version;
 * once loaded it lists what the other person saved in the fields of this form. Renders
 * nothing while there is no conflict. Put it above the form's buttons.
 *
 * @example <ConflictNotice record={record} labels={{ firstname: t('first_name'), lastname: t('last_name') }} />
 */
export function ConflictNotice<R extends Versioned>({ record, labels, format = (_field, value) => plain(value) }: ConflictNoticeProps<R>) {
  const { t } = useTranslation('common');
  if (record.status === 'current') return null;
  if (record.status === 'loading') {
    return (
      <div className={styles.notice}>
        <Spinner labelKey="conflict.loading" showLabel />
      </div>
    );
  }
  if (record.status === 'stale' || record.status === 'failed') {
    const gone = record.status === 'failed' && record.failedCode === 3;
    return (
      <div role="alert" className={styles.notice}>
        <p>{t(gone ? 'conflict.gone' : 'conflict.stale')}</p>
        {record.status === 'failed' && !gone && <p>{t(errorKey(record.failedCode ?? 1))}</p>}
        {!gone && (
          <Button size="small" onClick={() => void record.reload()}>
            {t('conflict.reload')}
          </Button>
        )}
      </div>
    );
  }
  const listed = record.changedFields.filter((field) => labels[field] !== undefined);
  return (
    <div role="status" className={styles.notice}>
      <p>{t('conflict.loaded')}</p>
      {listed.length > 0 ? (
        <>
          <p>{t('conflict.changed_title')}</p>
          <dl className={styles.changes}>
            {listed.map((field) => (
              <div key={field} className={styles.change}>
                <dt>{labels[field]}</dt>
                <dd>{format(field, record.current?.[field]) || t('conflict.empty')}</dd>
              </div>
            ))}
          </dl>
        </>
      ) : (
        <p>{t('conflict.changed_none')}</p>
      )}
    </div>
  );
}
