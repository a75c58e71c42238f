import { useFormikContext } from 'formik';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Spinner, toErrorCode } from 'shared-kernel';
import { errorKey, type ConfigItem } from 'shared-kernel/contracts';
import { configImageUrl, uploadConfigImage, type ConfigSchool } from '../api/config-form.js';
import { NS } from '../i18n.js';
import type { ConfigFormValues } from '../utils/config-values.js';
import styles from './config-fields.module.css';

/**
 * Mode cimage (logo, signature): the image in force as a preview, a file input that uploads
 * at once (the server re-encodes it and answers its id, which the form then saves), and a
 * remove button.
 */
export function ImageField({ item, label, disabled, school }: { item: ConfigItem; label: string; disabled: boolean; school: ConfigSchool }) {
  const { t } = useTranslation(NS);
  const formik = useFormikContext<ConfigFormValues>();
  const inputId = useId();
  const [state, setState] = useState<number>(0);
  const value = formik.values.v[item.k];
  const imageId = typeof value === 'number' ? value : null;
  return (
    <fieldset className={styles.list}>
      <legend>{label}</legend>
      {imageId !== null ? (
        <img className={styles.preview} src={configImageUrl(imageId)} alt={t('config.image_alt', { label })} />
      ) : (
        <span>{t('config.image_none')}</span>
      )}
      {!disabled && (
        <div className={styles.item}>
          <label htmlFor={inputId}>{t('config.image_upload', { label })}</label>
          <input
            id={inputId}
            type="file"
            accept="image/jpeg,image/png"
            aria-describedby={`${inputId}-hint`}
            onChange={async (event) => {
              const file = event.target.files?.[0];
              event.target.value = '';
              if (!file) return;
              setState(-2);
              try {
                const id = await uploadConfigImage(item.k, school, file);
                await formik.setFieldValue(`v.${item.k}`, id, true);
                setState(0);
              } catch (error) {
                setState(await toErrorCode(error));
              }
            }}
          />
          <span id={`${inputId}-hint`} className={styles.itemFooter}>
            {t('config.image_hint')}
          </span>
          {state === -2 && <Spinner showLabel />}
          {state > 0 && (
            <span role="alert" className={styles.error}>
              {t(`common:${errorKey(state)}`)}
            </span>
          )}
          {imageId !== null && (
            <div>
              <Button size="small" onClick={() => void formik.setFieldValue(`v.${item.k}`, null, true)}>
                {t('config.image_remove', { label })}
              </Button>
            </div>
          )}
        </div>
      )}
    </fieldset>
  );
}
