import { useFormikContext } from 'formik';
import { useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Spinner } from 'shared-kernel';
import { NEWS_MAX_FILES, errorKey, type NewsFile } from 'shared-kernel/contracts';
import { NS } from '../../../i18n.js';
import type { NewsFileUploads } from '../hooks/use-news-file-uploads.js';
import type { NewsFormValues } from '../utils/news-form-values.js';
import { newsFileUrl } from '../utils/news-file-url.js';
import styles from './news-form.module.css';

/** Props of {@link NewsFilesField}. */
export interface NewsFilesFieldProps {
  uploads: NewsFileUploads;
  disabled?: boolean;
  /** Puts an uploaded image into the body at the caret. */
  onInsertImage: (file: NewsFile) => void;
}

function formatSize(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${(bytes / (1024 * 1024)).toFixed(1).replace('.', ',')} MB`;
  return `${Math.max(1, Math.round(bytes / 1024))} KB`;
}

/**
 * Attachments and images of a news item: a labelled file input (several files at once),
 * uploaded at once; the running uploads, refusals with the server's reason, and the list of
 * files with a preview for images, 'insert into text' and remove.
 */
export function NewsFilesField({ uploads, disabled = false, onInsertImage }: NewsFilesFieldProps) {
  const { t } = useTranslation(NS);
  const { t: tCommon } = useTranslation('common');
  const formik = useFormikContext<NewsFormValues>();
  const inputId = useId();
  const hintId = `${inputId}-hint`;
  const errorId = `${inputId}-error`;
  const inputRef = useRef<HTMLInputElement>(null);
  const files = formik.values.files;
  const error = formik.errors.files;
  const errorText = formik.submitCount > 0 && typeof error === 'string' ? tCommon(error) : null;

  // Finished uploads join the item's files (in an effect: several can finish in one render).
  const { uploaded, takeUploaded } = uploads;
  useEffect(() => {
    if (uploaded.length === 0) return;
    const taken = takeUploaded();
    void formik.setFieldValue('files', [...formik.values.files, ...taken]);
  }, [uploaded, takeUploaded, formik]);

  const remove = (file: NewsFile) => {
    void formik.setFieldValue(
      'files',
      files.filter((entry) => entry.id !== file.id),
    );
    inputRef.current?.focus();
  };

  return (
    <div className={styles.filesField}>
      <label htmlFor={inputId} className={styles.groupLabel}>
        {t('news.field.files')}
      </label>
      <input
        ref={inputRef}
        id={inputId}
        type="file"
        multiple
        disabled={disabled}
        aria-invalid={Boolean(errorText)}
        aria-describedby={[hintId, errorText ? errorId : null].filter(Boolean).join(' ')}
        onChange={(event) => {
          const picked = Array.from(event.target.files ?? []);
          // Empty the input so the same file can be picked again after removing it.
          event.target.value = '';
          if (picked.length) uploads.upload(picked, files.length);
        }}
      />
      <span id={hintId} className={styles.hint}>
        {t('news.files_hint', { count: NEWS_MAX_FILES })}
      </span>
      {errorText && (
        <span id={errorId} className={styles.error}>
          {errorText}
        </span>
      )}
      {uploads.pending.length > 0 && (
        <ul className={styles.uploads} aria-live="polite">
          {uploads.pending.map((entry) => (
            <li key={entry.key}>
              <Spinner /> {t('news.uploading', { name: entry.name })}
            </li>
          ))}
        </ul>
      )}
      {uploads.failed.map((entry) => (
        <div key={entry.key} role="alert" className={styles.uploadError}>
          <span>{t('news.upload_failed', { name: entry.name, reason: tCommon(errorKey(entry.code)) })}</span>
          <Button size="small" variant="ghost" onClick={() => uploads.dismissFailure(entry.key)}>
            {t('news.dismiss')}
          </Button>
        </div>
      ))}
      {files.length === 0 ? (
        <p className={styles.hint}>{t('news.no_files')}</p>
      ) : (
        <ul className={styles.fileList} aria-label={t('news.field.files')}>
          {files.map((file) => (
            <li key={file.id} className={styles.fileItem}>
              {file.image ? (
                <img className={styles.thumbnail} src={newsFileUrl(file.id)} alt={file.name} />
              ) : (
                <span className={styles.fileIcon} aria-hidden="true">
                  📎
                </span>
              )}
              <span className={styles.fileName}>
                <a href={newsFileUrl(file.id)} target="_blank" rel="noopener noreferrer">
                  {file.name}
                </a>{' '}
                <span className={styles.hint}>
                  ({file.image ? t('news.image') : t('news.attachment')}, {formatSize(file.size)})
                </span>
              </span>
              {file.image && (
                <Button
                  size="small"
                  disabled={disabled}
                  aria-label={t('news.insert_image', { name: file.name })}
                  onClick={() => onInsertImage(file)}
                >
                  {t('news.insert_image_short')}
                </Button>
              )}
              <Button
                size="small"
                variant="danger"
                disabled={disabled}
                aria-label={t('news.remove_file', { name: file.name })}
                onClick={() => remove(file)}
              >
                {t('news.remove')}
              </Button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
