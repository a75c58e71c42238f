import { useFormikContext } from 'formik';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import {
  Button, ErrorPanel, PageHeader, Spinner, SubmitStateBox, formatDate, formatMoney, parseRouteId, toErrorCode, toast, todayIso, useRequest,
} from 'shared-kernel';
import {
  LETTER_ADDRESS_TYPES,
  cancellationLetterSchema,
  emptyCancellationLetterForm,
  type CancellationFormData,
  type CancellationLetterForm,
} from 'shared-kernel/contracts';
import { DateField, FormikForm, SelectField, SubmitButton, useSubmissionKey } from 'shared-kernel/forms';
import { downloadCancellationLetter, getCancellationFormData, getCancellationProposal, saveCancellationLetter } from '../api/cancellation.js';
import { NS } from '../i18n.js';
import styles from './cancellation-letter-page.module.css';

type LetterValues = ReturnType<typeof emptyCancellationLetterForm>;

/** The student detail's contracts tab, where the user returns after saving. */
export function studentContractsPath(studentId: number): string {
  return `/m-student/details/${studentId}?tab=contracts`;
}

type Proposal = { state: 'idle' | 'loading' } | { state: 'proposed'; date: string } | { state: 'none' };

/**
 * Proposes the effective date whenever the contract or the cancellation date changes (GET
 * /api-student/cancel): fills `dce` and takes the contract's version; says so when no date can
 * be proposed (contract data missing or faulty). The user may change the date afterwards.
 */
function ProposeEffectiveDate({ studentId, onProposal }: { studentId: number; onProposal: (proposal: Proposal) => void }) {
  const { values, setFieldValue } = useFormikContext<LetterValues>();
  const { sc, dc } = values;
  useEffect(() => {
    if (!sc || !dc || !/^\d{4}-\d{2}-\d{2}$/.test(dc)) {
      onProposal({ state: 'idle' });
      return;
    }
    const controller = new AbortController();
    onProposal({ state: 'loading' });
    getCancellationProposal(studentId, sc, dc, controller.signal).then(
      (proposal) => {
        void setFieldValue('version', proposal.version, false);
        if (proposal.dce) {
          void setFieldValue('dce', proposal.dce, true);
          onProposal({ state: 'proposed', date: proposal.dce });
        } else onProposal({ state: 'none' });
      },
      () => {
        if (!controller.signal.aborted) onProposal({ state: 'none' });
      },
    );
    return () => controller.abort();
  }, [studentId, sc, dc, setFieldValue, onProposal]);
  return null;
}

function LetterForm({ studentId, data, contractId }: { studentId: number; data: CancellationFormData; contractId: number | null }) {
  const { t } = useTranslation(NS);
  const navigate = useNavigate();
  const submission = useSubmissionKey();
  const [submitState, setSubmitState] = useState(-1);
  const [proposal, setProposal] = useState<Proposal>({ state: 'idle' });
  const chosen = data.contracts.find((c) => c.id === contractId) ?? (data.contracts.length === 1 ? data.contracts[0] : undefined);
  const initialValues: LetterValues = { ...emptyCancellationLetterForm(chosen?.id ?? null, todayIso()), version: chosen?.version ?? null };
  const back = () => void navigate(studentContractsPath(studentId));

  if (data.contracts.length === 0) {
    return (
      <>
        <p role="status" className={styles.notice}>{t('cancellation.no_contracts')}</p>
        <Button onClick={back}>{t('cancellation.back')}</Button>
      </>
    );
  }
  return (
    <FormikForm<LetterValues>
      initialValues={initialValues}
      validationSchema={cancellationLetterSchema}
      ariaLabel={t('cancellation.form')}
      className={styles.form}
      onSubmit={async (values, helpers) => {
        const body = cancellationLetterSchema.cast(values, { stripUnknown: true }) as CancellationLetterForm;
        setSubmitState(-2);
        let answer;
        try {
          answer = await saveCancellationLetter(studentId, body, submission.keyFor(body));
        } catch (error) {
          setSubmitState(await toErrorCode(error));
          return;
        }
        setSubmitState(0);
        submission.reset();
        helpers.resetForm({ values });
        toast.success('save_succeeded');
        // The confirmation letter to print or send; it also stays in the documents tab.
        downloadCancellationLetter(answer.document).catch(() => toast.error(`${NS}:cancellation.letter_failed`));
        back();
      }}
    >
      <ProposeEffectiveDate studentId={studentId} onProposal={setProposal} />
      <SelectField
        name="sc"
        label={t('cancellation.contract')}
        required
        options={data.contracts.map((c) => ({
          value: c.id,
          label: t('cancellation.contract_option', { start: formatDate(c.dcs), amount: formatMoney(c.ag, c.cur) }),
        }))}
      />
      <DateField name="dc" label={t('cancellation.dc')} required />
      <DateField name="dce" label={t('cancellation.dce')} hint={t('cancellation.dce_hint')} required />
      <p role="status" className={styles.proposal}>
        {proposal.state === 'proposed' && t('cancellation.proposed', { date: formatDate(proposal.date) })}
        {proposal.state === 'none' && t('cancellation.cannot_propose')}
      </p>
      <SelectField name="tmpl" label={t('cancellation.template')} required options={data.templates.map((tpl) => ({ value: tpl.key, label: tpl.name }))} />
      <SelectField
        name="sati"
        label={t('cancellation.address_type')}
        required
        options={LETTER_ADDRESS_TYPES.map((type) => ({ value: type, label: t(`cancellation.address.${type}`) }))}
      />
      <SubmitStateBox state={submitState} />
      <div className={styles.actions}>
        <SubmitButton>{t('cancellation.save')}</SubmitButton>
        <Button onClick={back}>{t('cancellation.back')}</Button>
      </div>
    </FormikForm>
  );
}

/**
 * /m-student/cancellation/:id (spec 002 §2.1, 001 §3): the cancellation letter of student `id`:
 * contract (?sc= preselects one), cancellation date, effective date (proposed from the terms),
 * template (default rep_memb_canc) and address type (default 4 standard). Saving cancels the
 * contract, renders the confirmation letter and returns to the contracts tab with
 * 'save_succeeded'.
 */
export function CancellationLetterPage() {
  const { t } = useTranslation(NS);
  const { id } = useParams<{ id: string }>();
  const [searchParams] = useSearchParams();
  const studentId = parseRouteId(id);
  const contractId = parseRouteId(searchParams.get('sc') ?? undefined);
  const { state, data, reload } = useRequest(
    (signal) => (studentId === null ? Promise.reject(new Error('invalid id')) : getCancellationFormData(studentId, signal)),
    [studentId],
    { enabled: studentId !== null },
  );
  if (studentId === null) return <p role="alert">{t('cancellation.invalid_id')}</p>;
  if (state > 0) return <ErrorPanel code={state} onRetry={reload} />;
  if (!data) return <Spinner showLabel size="large" />;
  const name = `${data.firstname} ${data.lastname}`.trim();
  return (
    <>
      <PageHeader title={name ? t('cancellation.title', { name }) : t('cancellation.title_fallback')} />
      <LetterForm studentId={studentId} data={data} contractId={contractId} />
    </>
  );
}
