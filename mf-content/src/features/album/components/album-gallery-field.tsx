import { getIn, useFormikContext } from 'formik';
import { useId, useState, type ChangeEvent, type DragEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from 'shared-kernel';
import type { AlbumFile } from 'shared-kernel/contracts';
import { NS } from '../../../i18n.js';
import { albumImageUrl } from '../api/album-api.js';
import type { useAlbumUploads } from '../hooks/use-album-uploads.js';
import formStyles from '../../news/components/news-form.module.css';
import galleryStyles from './album-form.module.css';

const styles = { ...formStyles, ...galleryStyles };

interface Values {
  files: AlbumFile[];
}

/**
 * The gallery (spec 002 §2.18, §3): an upload area (several files, picking or drag and drop,
 * a running bar per file) and the images in order (the first is the cover). Every image can be
 * moved up or down by buttons (keyboard), replaced by another upload at its index, or removed.
 */
export function AlbumGalleryField({ uploads, disabled }: { uploads: ReturnType<typeof useAlbumUploads>; disabled: boolean }) {
  const { t } = useTranslation(NS);
  const common = useTranslation('common').t;
  const formik = useFormikContext<Values>();
  const id = useId();
  const [dragging, setDragging] = useState(false);
  const files = formik.values.files;
  const error: unknown = getIn(formik.errors, 'files');
  const shownError = (formik.submitCount > 0 || getIn(formik.touched, 'files')) && typeof error === 'string' ? common(error) : null;

  const setFiles = (next: AlbumFile[]) => {
    void formik.setFieldValue('files', next, true);
    void formik.setFieldTouched('files', true, false);
  };
  const move = (index: number, by: -1 | 1) => {
    const next = [...files];
    const [item] = next.splice(index, 1);
    next.splice(index + by, 0, item!);
    setFiles(next);
  };
  const pick = (event: ChangeEvent<HTMLInputElement>, replaceIndex: number | null = null) => {
    const picked = Array.from(event.target.files ?? []);
    event.target.value = '';
    if (picked.length) uploads.upload(replaceIndex === null ? picked : picked.slice(0, 1), replaceIndex);
  };
  const drop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setDragging(false);
    if (!disabled) uploads.upload(Array.from(event.dataTransfer.files).filter((file) => file.type.startsWith('image/')));
  };

  return (
    <fieldset className={styles.group} aria-describedby={shownError ? `${id}-error` : undefined}>
      <legend className={styles.groupLabel}>
        {t('album.field.gallery')}
        <span className={styles.required} aria-hidden="true">*</span>
      </legend>
      <div
        className={dragging ? `${styles.dropZone} ${styles.dragging}` : styles.dropZone}
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={drop}
      >
        <label htmlFor={`${id}-add`}>{t('album.add_images')}</label>
        <input id={`${id}-add`} type="file" multiple accept="image/jpeg,image/png,image/webp" disabled={disabled} onChange={(event) => pick(event)} />
        <p className={styles.hint}>{t('album.drop_hint')}</p>
      </div>
      {uploads.running.length > 0 && (
        <ul className={styles.uploads} aria-label={t('album.uploads_running')}>
          {uploads.running.map((entry) => (
            <li key={entry.key}>
              <label>
                {entry.name} <progress />
              </label>
            </li>
          ))}
        </ul>
      )}
      {uploads.refused.map((entry) => (
        <p key={entry.key} role="alert" className={styles.error}>
          {entry.name}: {common(`errors.${entry.code}`)}{' '}
          <Button size="small" onClick={() => uploads.dismiss(entry.key)}>{t('album.dismiss')}</Button>
        </p>
      ))}
      <ol className={styles.gallery} aria-label={t('album.images')}>
        {files.map((file, index) => (
          <li key={file.id} className={styles.image}>
            <img src={albumImageUrl(file.id)} alt={file.name} height={100} />
            <span>{index === 0 ? t('album.cover', { name: file.name }) : file.name}</span>
            <span className={styles.imageActions}>
              <Button size="small" disabled={disabled || index === 0} onClick={() => move(index, -1)}>
                {t('album.move_up', { name: file.name })}
              </Button>
              <Button size="small" disabled={disabled || index === files.length - 1} onClick={() => move(index, 1)}>
                {t('album.move_down', { name: file.name })}
              </Button>
              <label className={styles.replace}>
                {t('album.replace', { name: file.name })}
                <input type="file" accept="image/jpeg,image/png,image/webp" disabled={disabled} onChange={(event) => pick(event, index)} />
              </label>
              <Button size="small" variant="danger" disabled={disabled} onClick={() => setFiles(files.filter((entry) => entry.id !== file.id))}>
                {t('album.remove', { name: file.name })}
              </Button>
            </span>
          </li>
        ))}
      </ol>
      {shownError && (
        <span id={`${id}-error`} className={styles.error}>
          {shownError}
        </span>
      )}
    </fieldset>
  );
}
