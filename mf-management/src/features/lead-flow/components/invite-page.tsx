import { useFormikContext } from 'formik';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useNavigate, useParams } from 'react-router';
import { PageHeader, parseRouteId, Button, formatDateTime, toast, toErrorCode, ErrorPanel, Spinner, useRequest } from 'shared-kernel';
import { INVITE_TRANSPORTS, invitationFormSchema, type AppointmentRow, type InvitationForm, type LeadData } from 'shared-kernel/contracts';
import { CheckboxField, DateTimeField, FormikForm, RichTextField, SelectField, SubmitButton, TextAreaField, TextField, useSubmissionKey } from 'shared-kernel/forms';
import { getLead } from '../../leads/api/leads.js';
import { downloadInvitationLetter, getInvitationText, getLeadTemplates, getNextAppointments, sendInvitation } from '../api/lead-flow.js';
import { NS } from '../i18n.js';
import links from '../../settings-links.module.css';
import styles from './lead-flow.module.css';

type InviteType = 1 | 2;
/** The system template of each invitation type. */
const DEFAULT_TEMPLATE: Record<InviteType, string> = { 1: 'inv_info_event', 2: 'inv_trial' };

/** The chosen appointments: add from the upcoming ones, remove again (spec 001 §4: sorted ascending). */
function EventsField({ offered, sid, type }: { offered: AppointmentRow[]; sid: number; type: InviteType }) {
  const { t } = useTranslation(NS);
  const formik = useFormikContext<InvitationForm>();
  const chosen = formik.values.events;
  const set = (events: number[]) => void formik.setFieldValue('events', events, true);
  const error = formik.submitCount > 0 && typeof formik.errors.events === 'string' ? formik.errors.events : null;
  const label = (row: AppointmentRow) => `${formatDateTime(row.ds)} – ${formatDateTime(row.de).slice(-5)}`;
  const sorted = [...offered].sort((a, b) => a.ds.localeCompare(b.ds));
  return (
    <fieldset className={styles.fieldset} aria-describedby={error ? 'invite-events-error' : undefined}>
      <legend>{t('lead_flow.events')}</legend>
      <Link className={links.secondaryLink} to={`/m-lead/appointments?sid=${sid}&type=${type}`}>
        {t('lead_flow.manage_events')}
      </Link>
      {sorted.length === 0 && <p>{t('lead_flow.no_events')}</p>}
      {sorted.length > 0 && (
        <div className={styles.events}>
          <div>
            <h3>{t('lead_flow.events_offered')}</h3>
            <ul className={styles.list} aria-label={t('lead_flow.events_offered')}>
              {sorted
                .filter((row) => !chosen.includes(row.id))
                .map((row) => (
                  <li key={row.id} className={styles.actions}>
                    <span>{label(row)}</span>
                    <Button onClick={() => set([...chosen, row.id])} aria-label={`${t('lead_flow.add_event')}: ${label(row)}`}>
                      {t('lead_flow.add_event')}
                    </Button>
                  </li>
                ))}
            </ul>
          </div>
          <div>
            <h3>{t('lead_flow.events_chosen')}</h3>
            <ul className={styles.list} aria-label={t('lead_flow.events_chosen')}>
              {sorted
                .filter((row) => chosen.includes(row.id))
                .map((row) => (
                  <li key={row.id} className={styles.actions}>
                    <span>{label(row)}</span>
                    <Button onClick={() => set(chosen.filter((id) => id !== row.id))} aria-label={`${t('lead_flow.remove_event')}: ${label(row)}`}>
                      {t('lead_flow.remove_event')}
                    </Button>
                  </li>
                ))}
            </ul>
          </div>
        </div>
      )}
      {error && (
        <p id="invite-events-error" role="alert" className={styles.warningText}>
          {t(error, { ns: 'common' })}
        </p>
      )}
    </fieldset>
  );
}

/** Fills subject and content from the template and the chosen appointments whenever either changes. */
function TemplateText({ leadId, type, onFilled }: { leadId: number; type: InviteType; onFilled: () => void }) {
  const { t } = useTranslation(NS);
  const formik = useFormikContext<InvitationForm>();
  const { template, events } = formik.values;
  const [unknown, setUnknown] = useState<string[]>([]);
  const eventsKey = events.join(',');
  useEffect(() => {
    const controller = new AbortController();
    getInvitationText(leadId, type, template, events, controller.signal)
      .then((text) => {
        void formik.setFieldValue('subject', text.subject, false);
        void formik.setFieldValue('content', text.content, false);
        setUnknown(text.unknown);
        onFilled();
      })
      .catch(() => undefined);
    return () => controller.abort();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [leadId, type, template, eventsKey]);
  return unknown.length > 0 ? (
    <p role="alert" className={styles.warningText}>
      {t('lead_flow.unknown', { names: unknown.map((name) => `##${name}##`).join(', ') })}
    </p>
  ) : null;
}

function InviteForm({ lead, type, offered, templates }: { lead: LeadData; type: InviteType; offered: AppointmentRow[]; templates: { base: number | string; n: string }[] }) {
  const { t } = useTranslation(NS);
  const navigate = useNavigate();
  const submission = useSubmissionKey();
  // The editor is re-mounted when the server filled a new text (it keeps its own document otherwise).
  const [revision, setRevision] = useState(0);
  const initialValues: InvitationForm = {
    invite_tr: 2,
    notes: '',
    date_delivery: null,
    events: [],
    email: lead.email ?? '',
    update_email: false,
    template: DEFAULT_TEMPLATE[type],
    subject: '',
    content: '',
  };
  return (
    <FormikForm<InvitationForm>
      initialValues={initialValues}
      validationSchema={invitationFormSchema(type)}
      guardUnsaved={false}
      ariaLabel={t('lead_flow.invite_form')}
      className={styles.form}
      onSubmit={async (values) => {
        try {
          const answer = await sendInvitation(lead.id, type, values, submission.keyFor(values));
          submission.reset();
          toast.success(`${NS}:${answer.status === 1 ? 'lead_flow.scheduled' : 'lead_flow.sent'}`);
          if (answer.pdf) await downloadInvitationLetter(answer.pdf);
          void navigate(`/m-lead/edit/${lead.id}`);
        } catch (error) {
          toast.error(`errors.${await toErrorCode(error)}`);
        }
      }}
    >
      <SelectField
        name="invite_tr"
        label={t('lead_flow.transport_label')}
        required
        options={INVITE_TRANSPORTS.map((value) => ({ value, label: t(`lead_flow.transport.${value}`) }))}
      />
      <EventsField offered={offered} sid={lead.school_id} type={type} />
      <DateTimeField name="date_delivery" label={t('lead_flow.date_delivery')} />
      <TextField name="email" label={t('lead_flow.email')} maxLength={200} />
      <CheckboxField name="update_email" label={t('lead_flow.update_email')} />
      <SelectField name="template" label={t('lead_flow.template')} required options={templates.map((row) => ({ value: row.base, label: row.n }))} />
      <TemplateText leadId={lead.id} type={type} onFilled={() => setRevision((r) => r + 1)} />
      <TextField name="subject" label={t('lead_flow.subject')} required maxLength={500} />
      <RichTextField key={revision} name="content" label={t('lead_flow.content')} required />
      <TextAreaField name="notes" label={t('lead_flow.notes')} maxLength={2000} />
      <div className={styles.actions}>
        <SubmitButton>{t('lead_flow.send')}</SubmitButton>
        <Button onClick={() => void navigate(`/m-lead/edit/${lead.id}`)}>{t('lead_flow.back')}</Button>
      </div>
    </FormikForm>
  );
}

/**
 * /m-lead/invite/{id}/{type} (1 info event, 2 trial; spec 001 §2, §3, §5): transport, the
 * school's upcoming appointments to add and remove ('Zur Zeit leider keine Termine' when none),
 * delivery date (empty = now), the template filled with the chosen appointments (subject and
 * content editable), the e-mail (required for e-mail) and whether to keep it on the lead.
 */
export function InvitePage() {
  const { t } = useTranslation(NS);
  const params = useParams();
  const leadId = parseRouteId(params.id) ?? 0;
  const type = (params.type === '1' ? 1 : params.type === '2' ? 2 : 0) as InviteType;
  const valid = leadId > 0 && (type === 1 || type === 2);
  const { state, data, reload } = useRequest(
    async (signal) => {
      const lead = (await getLead(leadId, signal)).data;
      const [offered, templates] = await Promise.all([getNextAppointments(lead.school_id, type, signal), getLeadTemplates(lead.school_id, signal)]);
      return { lead, offered, templates };
    },
    [leadId, type],
    { enabled: valid },
  );
  if (!valid) return <Navigate to="/m-lead/list" replace />;
  return (
    <section className={styles.page}>
      <PageHeader title={t(`lead_flow.invite_title_${type}`)} />
      {state === -1 && <Spinner showLabel />}
      {state > 0 && <ErrorPanel code={state} onRetry={reload} />}
      {state === 0 && data && (
        <>
          <p>
            {[data.lead.firstname, data.lead.lastname].filter(Boolean).join(' ')}
          </p>
          <InviteForm lead={data.lead} type={type} offered={data.offered} templates={data.templates} />
        </>
      )}
    </section>
  );
}
