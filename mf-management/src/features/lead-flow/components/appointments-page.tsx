import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Button, ErrorPanel, ModalDialog, PageHeader, PlainTable, Spinner, confirmDialog, formatDateTime, toErrorCode, toast, useCan, useRequest, useSchoolFilter } from 'shared-kernel';
import { appointmentFormSchema, type AppointmentRow } from 'shared-kernel/contracts';
import { CheckboxField, DateTimeField, FormikForm, SubmitButton } from 'shared-kernel/forms';
import { createAppointment, deleteAppointment, listAppointments, updateAppointment } from '../api/lead-flow.js';
import { NS } from '../i18n.js';
import styles from './lead-flow.module.css';

interface AppointmentValues {
  ds: string | null;
  de: string | null;
  removable: boolean;
}

function AppointmentDialog({ sid, type, row, onClose, onSaved }: { sid: number; type: 1 | 2; row: AppointmentRow | null; onClose: () => void; onSaved: () => void }) {
  const { t } = useTranslation(NS);
  const title = t(row ? 'lead_flow.edit_title' : 'lead_flow.new_title');
  return (
    <ModalDialog title={title} onClose={onClose} initialFocus="input">
      <FormikForm<AppointmentValues>
        initialValues={{ ds: row?.ds ?? null, de: row?.de ?? null, removable: row?.status === 2 }}
        validate={(values) => {
          try {
            appointmentFormSchema.validateSync({ sid, type, ds: values.ds ?? '', de: values.de ?? '', status: 1 }, { abortEarly: false });
            return {};
          } catch (error) {
            const inner = (error as { inner?: { path?: string; message: string }[] }).inner ?? [];
            return Object.fromEntries(inner.filter((item) => item.path).map((item) => [item.path!, item.message]));
          }
        }}
        guardUnsaved={false}
        ariaLabel={title}
        className={styles.form}
        onSubmit={async (values) => {
          const form = { sid, type, ds: values.ds!, de: values.de!, status: values.removable ? 2 : 1 };
          try {
            if (row) await updateAppointment(row.id, form, row.version);
            else await createAppointment(form);
            toast.success('save_succeeded');
            onSaved();
          } catch (error) {
            toast.error(`errors.${await toErrorCode(error)}`);
          }
        }}
      >
        <DateTimeField name="ds" label={t('lead_flow.start')} required />
        <DateTimeField name="de" label={t('lead_flow.end')} required />
        <CheckboxField name="removable" label={t('lead_flow.removable')} />
        <div className={styles.actions}>
          <SubmitButton>{t('lead_flow.save')}</SubmitButton>
          <Button onClick={onClose}>{t('lead_flow.cancel')}</Button>
        </div>
      </FormikForm>
    </ModalDialog>
  );
}

/**
 * /m-lead/appointments?sid&type: the info events (1) and trials (2) of a school, not yet over,
 * with their invitations; lead_w adds, changes and deletes them (one that invitations name
 * only once marked "can be removed"). Reached from the invite screen.
 */
export function AppointmentsPage() {
  const { t } = useTranslation(NS);
  const canWrite = useCan('lead_w');
  const { schools, selectedIds } = useSchoolFilter();
  const [params, setParams] = useSearchParams();
  const sid = Number(params.get('sid')) || selectedIds[0] || schools[0]?.id || 0;
  const type = (Number(params.get('type')) === 2 ? 2 : 1) as 1 | 2;
  const [dialog, setDialog] = useState<{ row: AppointmentRow | null } | null>(null);
  const { state, data, reload } = useRequest((signal) => listAppointments(sid, type, false, signal), [sid, type], { enabled: sid > 0 });
  const choose = (next: { sid?: number; type?: number }) => setParams({ sid: String(next.sid ?? sid), type: String(next.type ?? type) }, { replace: true });
  const remove = async (row: AppointmentRow) => {
    if (!(await confirmDialog({ danger: true }))) return;
    try {
      await deleteAppointment(row.id);
      reload();
    } catch (error) {
      toast.error(`errors.${await toErrorCode(error)}`);
    }
  };
  return (
    <section className={styles.page}>
      <PageHeader title={t('lead_flow.appointments_title')} />
      <div className={styles.actions}>
        <label>
          {t('lead_flow.school')}{' '}
          <select value={sid} onChange={(event) => choose({ sid: Number(event.target.value) })}>
            {schools.map((school) => (
              <option key={school.id} value={school.id}>
                {school.name}
              </option>
            ))}
          </select>
        </label>
        <label>
          {t('lead_flow.type')}{' '}
          <select value={type} onChange={(event) => choose({ type: Number(event.target.value) })}>
            <option value={1}>{t('lead_flow.type_1')}</option>
            <option value={2}>{t('lead_flow.type_2')}</option>
          </select>
        </label>
        {canWrite && (
          <Button variant="primary" onClick={() => setDialog({ row: null })}>
            {t('lead_flow.new_appointment')}
          </Button>
        )}
      </div>
      {state === -1 && <Spinner showLabel />}
      {state > 0 && <ErrorPanel code={state} onRetry={reload} />}
      {state === 0 && data && data.length === 0 && <p>{t('lead_flow.appointments_empty')}</p>}
      {state === 0 && data && data.length > 0 && (
        <PlainTable dense>
          <caption>{t(`lead_flow.type_${type}`)}</caption>
          <thead>
            <tr>
              <th scope="col">{t('lead_flow.start')}</th>
              <th scope="col">{t('lead_flow.end')}</th>
              <th scope="col">{t('lead_flow.status')}</th>
              <th scope="col">{t('lead_flow.invited_count')}</th>
              {canWrite && <th scope="col">{t('lead_flow.actions')}</th>}
            </tr>
          </thead>
          <tbody>
            {data.map((row) => (
              <tr key={row.id}>
                <td>{formatDateTime(row.ds)}</td>
                <td>{formatDateTime(row.de)}</td>
                <td>{row.status === 2 ? t('lead_flow.removable') : ''}</td>
                <td>{row.invited}</td>
                {canWrite && (
                  <td className={styles.actions}>
                    <Button onClick={() => setDialog({ row })} aria-label={`${t('lead_flow.edit')}: ${formatDateTime(row.ds)}`}>
                      {t('lead_flow.edit')}
                    </Button>
                    <Button variant="danger" onClick={() => void remove(row)} aria-label={`${t('lead_flow.delete')}: ${formatDateTime(row.ds)}`}>
                      {t('lead_flow.delete')}
                    </Button>
                  </td>
                )}
              </tr>
            ))}
          </tbody>
        </PlainTable>
      )}
      {dialog && (
        <AppointmentDialog
          sid={sid}
          type={type}
          row={dialog.row}
          onClose={() => setDialog(null)}
          onSaved={() => {
            setDialog(null);
            reload();
          }}
        />
      )}
    </section>
  );
}
