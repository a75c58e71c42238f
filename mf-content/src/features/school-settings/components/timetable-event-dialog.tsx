import { Formik, yupToFormErrors } from 'formik';
import { useTranslation } from 'react-i18next';
import { Button, ModalDialog } from 'shared-kernel';
import { timetableEventSchema } from 'shared-kernel/contracts';
import { SelectField, TextField } from 'shared-kernel/forms';
import { NS } from '../i18n.js';
import type { TimetableRow } from '../utils/settings-form-values.js';
import styles from './school-settings.module.css';

const DAYS = [1, 2, 3, 4, 5, 6, 7];
const PRODUCTS = Array.from({ length: 12 }, (_, index) => index + 1);

/**
 * Adds or edits one timetable event in a modal dialog (weekday, start, end, offer 1-12, name,
 * link). "Apply" puts it into the settings form; it is saved with the form's "Save".
 */
export function TimetableEventDialog({ row, isNew, onApply, onClose }: {
  row: TimetableRow;
  isNew: boolean;
  onApply: (row: TimetableRow) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation(NS);
  const validate = async (values: TimetableRow) => {
    try {
      const { key: _key, ...event } = values;
      await timetableEventSchema.validate(event, { abortEarly: false });
      return {};
    } catch (error) {
      const errors = yupToFormErrors<TimetableRow>(error);
      // The schema's message for an end before the start is the generic "invalid".
      if (errors.te && values.te && values.ts && /^\d\d:\d\d/.test(values.te)) errors.te = t('settings.end_after_start');
      return errors;
    }
  };
  return (
    <ModalDialog title={t(isNew ? 'settings.event_dialog_add' : 'settings.event_dialog_edit')} onClose={onClose} initialFocus="select">
      <Formik<TimetableRow>
        initialValues={row}
        validate={validate}
        onSubmit={(values) => onApply({ ...values, n: values.n.trim(), url: values.url.trim() })}
      >
        {(formik) => (
          // The dialog is a portal inside the settings form's React tree: its submit must not
          // reach the settings form.
          <form
            noValidate
            className={styles.dialogForm}
            onSubmit={(event) => {
              event.preventDefault();
              event.stopPropagation();
              formik.handleSubmit();
            }}
          >
            <SelectField name="wd" label={t('settings.event.wd')} required options={DAYS.map((day) => ({ value: day, label: t(`microsite.weekday_${day}`) }))} />
            <div className={styles.row}>
              <TextField name="ts" label={t('settings.event.ts')} required hint={t('settings.time_hint')} maxLength={8} />
              <TextField name="te" label={t('settings.event.te')} required hint={t('settings.time_hint')} maxLength={8} />
            </div>
            <SelectField name="pid" label={t('settings.event.pid')} required options={PRODUCTS.map((pid) => ({ value: pid, label: t(`microsite.product_${pid}`) }))} />
            <TextField name="n" label={t('settings.event.n')} required maxLength={120} />
            <TextField name="url" label={t('settings.event.url')} type="url" hint={t('settings.url_hint')} maxLength={500} />
            <div className={styles.buttons}>
              <Button type="submit" variant="primary">{t('settings.event_apply')}</Button>
              <Button onClick={onClose}>{t('settings.event_cancel')}</Button>
            </div>
          </form>
        )}
      </Formik>
    </ModalDialog>
  );
}
