import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button, ErrorPanel, ModalDialog, Spinner, formatDate, formatDateTime, toErrorCode, toast, useCan, useRequest } from 'shared-kernel';
import { NO_INTEREST_REASONS, attendanceFormSchema, noInterestFormSchema, type LeadData, type LeadTimelineEntry } from 'shared-kernel/contracts';
import { DateTimeField, FormikForm, SelectField, SubmitButton, TextAreaField } from 'shared-kernel/forms';
import { getLeadTimeline, getOpenLeadReminders, saveAttendance, saveNoInterest } from '../api/lead-flow.js';
import { NS } from '../i18n.js';
import { flowBoxState, type FlowBoxState } from '../utils/flow-box-state.js';
import links from '../../settings-links.module.css';
import styles from './lead-flow.module.css';

/** Lead status 2: no interest; 6: contract signed (spec 001 §3). */
const STATUS_NO_INTEREST = 2;
const STATUS_CONTRACT = 6;

export interface LeadFlowPanelProps {
  lead: LeadData;
  /** After a write (attendance, no interest): the page reloads the lead (its version changed). */
  onChanged: () => void;
}

/** A failed write: its error code's text (409: someone saved meanwhile). */
async function reportFailure(error: unknown) {
  toast.error(`errors.${await toErrorCode(error)}`);
}

function AttendanceDialog({ lead, type, onClose, onSaved }: { lead: LeadData; type: 1 | 2; onClose: () => void; onSaved: () => void }) {
  const { t } = useTranslation(NS);
  return (
    <ModalDialog title={t(`lead_flow.attend_title_${type}`)} onClose={onClose} initialFocus="input">
      <FormikForm<{ date: string | null }>
        initialValues={{ date: new Date().toISOString() }}
        validationSchema={attendanceFormSchema}
        guardUnsaved={false}
        ariaLabel={t(`lead_flow.attend_title_${type}`)}
        className={styles.form}
        onSubmit={async (values) => {
          try {
            await saveAttendance(lead.id, type, values.date, lead.version);
            toast.success('save_succeeded');
            onSaved();
          } catch (error) {
            await reportFailure(error);
          }
        }}
      >
        <DateTimeField name="date" label={t('lead_flow.attend_date')} required />
        <div className={styles.actions}>
          <SubmitButton>{t('lead_flow.save')}</SubmitButton>
          <Button onClick={onClose}>{t('lead_flow.cancel')}</Button>
        </div>
      </FormikForm>
    </ModalDialog>
  );
}

function NoInterestDialog({ lead, onClose, onSaved }: { lead: LeadData; onClose: () => void; onSaved: () => void }) {
  const { t } = useTranslation(NS);
  return (
    <ModalDialog title={t('lead_flow.no_interest_title')} onClose={onClose} initialFocus="select">
      <FormikForm<{ reason: number | null; notes: string }>
        initialValues={{ reason: null, notes: '' }}
        validationSchema={noInterestFormSchema}
        guardUnsaved={false}
        ariaLabel={t('lead_flow.no_interest_title')}
        className={styles.form}
        onSubmit={async (values) => {
          try {
            await saveNoInterest(lead.id, values.reason!, values.notes);
            toast.success('save_succeeded');
            onSaved();
          } catch (error) {
            await reportFailure(error);
          }
        }}
      >
        <SelectField
          name="reason"
          label={t('lead_flow.reason')}
          required
          options={NO_INTEREST_REASONS.map((reason) => ({ value: reason, label: t(`lead_enums.no_interest.${reason}`) }))}
        />
        <TextAreaField name="notes" label={t('lead_flow.notes')} maxLength={2000} />
        <div className={styles.actions}>
          <SubmitButton>{t('lead_flow.save')}</SubmitButton>
          <Button onClick={onClose}>{t('lead_flow.cancel')}</Button>
        </div>
      </FormikForm>
    </ModalDialog>
  );
}

/** The info-event (1) or trial (2) box: its state and the buttons record attendance, invite, new invite. */
export function AppointmentBox({
  lead,
  type,
  state,
  canWrite,
  onAttend,
}: {
  lead: LeadData;
  type: 1 | 2;
  state: FlowBoxState;
  canWrite: boolean;
  onAttend: () => void;
}) {
  const { t } = useTranslation(NS);
  const title = t(type === 1 ? 'lead_flow.box_info' : 'lead_flow.box_trial');
  const boxClass = [styles.box, state.kind === 'attended' ? styles.done : '', state.kind === 'passed' ? styles.warning : ''].join(' ');
  return (
    <li className={boxClass} aria-label={title}>
      <h3>{title}</h3>
      {state.kind === 'never' && <p>{t('lead_flow.never')}</p>}
      {state.kind === 'invited' && <p>{t('lead_flow.invited', { date: formatDateTime(state.event) })}</p>}
      {state.kind === 'passed' && (
        <p role="status" className={styles.warningText}>
          {t('lead_flow.passed', { date: formatDateTime(state.event) })}
        </p>
      )}
      {state.kind === 'attended' && <p>{t('lead_flow.attended', { date: formatDateTime(state.date) })}</p>}
      {canWrite && state.kind !== 'attended' && lead.lead_status_id !== STATUS_CONTRACT && (
        <div className={styles.actions}>
          <Button onClick={onAttend}>{t('lead_flow.attend')}</Button>
          <Link className={links.secondaryLink} to={`/m-lead/invite/${lead.id}/${type}`}>
            {t(state.kind === 'never' ? 'lead_flow.invite' : 'lead_flow.reinvite')}
          </Link>
        </div>
      )}
    </li>
  );
}

function timelineTitle(t: (key: string, options?: Record<string, unknown>) => string, entry: LeadTimelineEntry): string {
  if (entry.kind === 'invitation' || entry.kind === 'attendance') return t(`lead_flow.kind_${entry.kind}_${entry.type}`);
  return t(`lead_flow.kind_${entry.kind}`);
}

function Timeline({ leadId, version }: { leadId: number; version: number }) {
  const { t } = useTranslation(NS);
  const { state, data, reload } = useRequest((signal) => getLeadTimeline(leadId, signal), [leadId, version]);
  return (
    <section className={styles.section} aria-labelledby="lead-flow-timeline">
      <h2 id="lead-flow-timeline">{t('lead_flow.timeline')}</h2>
      {state === -1 && <Spinner />}
      {state > 0 && <ErrorPanel code={state} onRetry={reload} />}
      {state === 0 && data && data.length === 0 && <p>{t('lead_flow.timeline_empty')}</p>}
      {state === 0 && data && data.length > 0 && (
        <ol className={styles.list}>
          {data.map((entry) => (
            <li key={`${entry.kind}-${entry.id}`}>
              <strong>{timelineTitle(t, entry)}</strong> <span className={styles.meta}>{formatDateTime(entry.dc)}</span>
              {entry.text && <div>{entry.text}</div>}
              {entry.invitation && (
                <div className={styles.meta}>
                  {t(`lead_flow.transport.${entry.invitation.transport}`)} · {t(`lead_flow.invitation_status.${entry.invitation.status}`)}
                  {entry.invitation.events.length > 0 && ` · ${entry.invitation.events.map((event) => formatDateTime(event)).join(', ')}`}
                </div>
              )}
              {entry.mail && (
                <div className={styles.meta}>
                  {entry.mail.to} · {t(`lead_flow.mail_status.${entry.mail.status}`)}
                </div>
              )}
              {entry.author && <div className={styles.meta}>{entry.author}</div>}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

function Reminders({ leadId }: { leadId: number }) {
  const { t } = useTranslation(NS);
  const { state, data, reload } = useRequest((signal) => getOpenLeadReminders(leadId, signal), [leadId]);
  return (
    <section className={styles.section} aria-labelledby="lead-flow-reminders">
      <h2 id="lead-flow-reminders">{t('lead_flow.reminders')}</h2>
      {state === -1 && <Spinner />}
      {state > 0 && <ErrorPanel code={state} onRetry={reload} />}
      {state === 0 && data && data.length === 0 && <p>{t('lead_flow.reminders_empty')}</p>}
      {state === 0 && data && data.length > 0 && (
        <ul className={styles.list}>
          {data.map((reminder) => (
            <li key={reminder.reminder_id}>
              <strong>{reminder.subject}</strong> <span className={styles.meta}>{t('lead_flow.deadline', { date: formatDate(reminder.date_deadline) })}</span>
              {reminder.notes && <div>{reminder.notes}</div>}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/**
 * The lead's flow beside its form on /m-lead/edit/{id} (spec 001 §2, §4): the boxes lead (with
 * its source), info event, trial and contract with their states and actions, the next step
 * (suggestion), the no-interest button (hidden at status 2), and the lead's open reminders
 * and timeline.
 */
export function LeadFlowPanel({ lead, onChanged }: LeadFlowPanelProps) {
  const { t } = useTranslation(NS);
  const canWrite = useCan('lead_w');
  const [dialog, setDialog] = useState<null | { kind: 'attend'; type: 1 | 2 } | { kind: 'no_interest' }>(null);
  const now = new Date();
  const saved = () => {
    setDialog(null);
    onChanged();
  };
  const source =
    lead.lead_source_id === 7 && lead.lead_source ? lead.lead_source : lead.lead_source_id ? t(`lead_enums.source.${lead.lead_source_id}`) : null;
  const concluded = lead.lead_status_id === STATUS_CONTRACT;
  return (
    <div className={styles.panel}>
      <section className={styles.section} aria-labelledby="lead-flow-title">
        <h2 id="lead-flow-title">{t('lead_flow.title')}</h2>
        <p>
          {t('lead_flow.suggestion')}: <strong>{t(`lead_enums.suggestion.${lead.x}`)}</strong>
        </p>
        <ol className={styles.boxes}>
          <li className={`${styles.box} ${styles.done}`} aria-label={t('lead_flow.box_lead')}>
            <h3>{t('lead_flow.box_lead')}</h3>
            <p>{source ? t('lead_flow.source', { source }) : t('lead_flow.no_source')}</p>
            <p className={styles.meta}>{t(`lead_enums.status.${lead.lead_status_id}`)}</p>
          </li>
          {([1, 2] as const).map((type) => (
            <AppointmentBox
              key={type}
              lead={lead}
              type={type}
              state={flowBoxState(lead, type, now)}
              canWrite={canWrite}
              onAttend={() => setDialog({ kind: 'attend', type })}
            />
          ))}
          <li className={`${styles.box} ${concluded ? styles.done : ''}`} aria-label={t('lead_flow.box_contract')}>
            <h3>{t('lead_flow.box_contract')}</h3>
            {concluded ? (
              <p>{t('lead_flow.contract_done')}</p>
            ) : (
              <Link className={links.secondaryLink} to={`/m-con/rc/create/0/${lead.id}`}>
                {t('lead_flow.contract_start')}
              </Link>
            )}
          </li>
        </ol>
        {canWrite && lead.lead_status_id !== STATUS_NO_INTEREST && !concluded && (
          <div className={styles.actions}>
            <Button variant="danger" onClick={() => setDialog({ kind: 'no_interest' })}>
              {t('lead_flow.no_interest')}
            </Button>
          </div>
        )}
      </section>
      <Reminders leadId={lead.id} />
      <Timeline leadId={lead.id} version={lead.version} />
      {dialog?.kind === 'attend' && <AttendanceDialog lead={lead} type={dialog.type} onClose={() => setDialog(null)} onSaved={saved} />}
      {dialog?.kind === 'no_interest' && <NoInterestDialog lead={lead} onClose={() => setDialog(null)} onSaved={saved} />}
    </div>
  );
}
