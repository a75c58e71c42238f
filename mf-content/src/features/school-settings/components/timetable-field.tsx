import { useFormikContext } from 'formik';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button, PlainTable, confirmDialog } from 'shared-kernel';
import { NS } from '../i18n.js';
import {
  applyTimetableRow, deleteTimetableRow, newRowKey, shownTimetable, type SettingsValues, type TimetableRow,
} from '../utils/settings-form-values.js';
import { TimetableEventDialog } from './timetable-event-dialog.js';
import styles from './school-settings.module.css';

/**
 * The timetable tab (spec 002 §2.19, §4): the weekly events (kinds 1, 5 and 6; deleted ones
 * are not shown) with their markers, add, edit and delete. Changes stay in the form until
 * "Save" sends them with their markers (6 new, 5 changed, 4 deleted).
 */
export function TimetableField({ disabled }: { disabled: boolean }) {
  const { t } = useTranslation(NS);
  const { values, setFieldValue } = useFormikContext<SettingsValues>();
  const [editing, setEditing] = useState<{ row: TimetableRow; isNew: boolean } | null>(null);
  const rows = shownTimetable(values.tt);

  const add = () =>
    setEditing({ row: { key: newRowKey(), k: 6, pid: 1, n: '', ts: '', te: '', wd: 1, url: '' }, isNew: true });
  const apply = (row: TimetableRow) => {
    void setFieldValue('tt', applyTimetableRow(values.tt, row));
    setEditing(null);
  };
  const remove = async (row: TimetableRow) => {
    if (await confirmDialog({ message: 'really_delete', danger: true, confirmLabel: 'ui.delete' })) void setFieldValue('tt', deleteTimetableRow(values.tt, row.key));
  };

  return (
    <section className={styles.section} aria-labelledby="settings-timetable-title">
      <h2 id="settings-timetable-title" className={styles.sectionTitle}>{t('settings.timetable')}</h2>
      <p className={styles.hint}>
        {t('settings.timetable_hint')} <Link to="/c-calendar">{t('settings.calendar_link')}</Link>
      </p>
      {rows.length === 0 ? (
        <p>{t('settings.timetable_empty')}</p>
      ) : (
        <PlainTable dense aria-label={t('settings.timetable')}>
          <thead>
            <tr>
              <th scope="col">{t('settings.event.wd')}</th>
              <th scope="col">{t('settings.event.time')}</th>
              <th scope="col">{t('settings.event.pid')}</th>
              <th scope="col">{t('settings.event.n')}</th>
              <th scope="col">{t('settings.event.url')}</th>
              <th scope="col">{t('settings.event.state')}</th>
              <th scope="col">{t('settings.actions')}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.key}>
                <td>{t(`microsite.weekday_${row.wd}`)}</td>
                <td>{row.ts}–{row.te}</td>
                <td>{t(`microsite.product_${row.pid}`)}</td>
                <th scope="row">{row.n}</th>
                <td>{row.url ? <a href={row.url} target="_blank" rel="noopener noreferrer">{row.url}</a> : ''}</td>
                <td className={styles.marker}>{t(`settings.marker_${row.k}`)}</td>
                <td>
                  <span className={styles.actions}>
                    <Button size="small" disabled={disabled} onClick={() => setEditing({ row, isNew: false })}>
                      {t('settings.event_edit', { name: row.n })}
                    </Button>
                    <Button size="small" variant="danger" disabled={disabled} onClick={() => void remove(row)}>
                      {t('settings.event_delete', { name: row.n })}
                    </Button>
                  </span>
                </td>
              </tr>
            ))}
          </tbody>
        </PlainTable>
      )}
      <div>
        <Button disabled={disabled} onClick={add}>{t('settings.event_add')}</Button>
      </div>
      {editing && <TimetableEventDialog row={editing.row} isNew={editing.isNew} onApply={apply} onClose={() => setEditing(null)} />}
    </section>
  );
}
