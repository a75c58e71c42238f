import { useState, type ReactNode } from 'react';
import type { FormikHelpers } from 'formik';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ErrorPanel, PageHeader, Spinner, toErrorCode, toast, useCan } from 'shared-kernel';
import { useSubmissionKey } from 'shared-kernel/forms';
import { useRequestSchools } from '../../../app/use-request-schools.js';
import { NS } from '../../../i18n.js';
import { refusedFields } from '../../tickets/utils/error-fields.js';
import { createContractRequest } from '../api/contract-requests.js';
import { useContractRequests } from '../hooks/use-contract-requests.js';
import { ContractRequestFormView, startValues, toContractRequest, type ContractRequestValues } from './contract-request-form.js';
import { ticketThreadPath } from '../../../app/ticket-paths.js';
import { OpenRequestsTable } from './open-requests-table.js';
import styles from '../../../app/request-pages.module.css';

/**
 * /e-rcc (spec 002 §2.15): request contracts and see the open requests (date, user, school,
 * contracts). A request becomes a ticket of type 5 in the requests list of /e-dash, where
 * the association answers; after sending, the screen links to that thread.
 */
export function ContractRequestPage() {
  const { t } = useTranslation(NS);
  const canSend = useCan('e_ticket_s');
  const { choosable, initial } = useRequestSchools();
  const { state, data, reload } = useContractRequests(true);
  const submission = useSubmissionKey();
  const [submitState, setSubmitState] = useState(-1);
  const [sent, setSent] = useState<{ tid: number; values: ContractRequestValues } | null>(null);

  const send = async (values: ContractRequestValues, helpers: FormikHelpers<ContractRequestValues>) => {
    setSubmitState(-2);
    const form = toContractRequest(values);
    try {
      const created = await createContractRequest(form, submission.keyFor(form));
      submission.reset();
      setSubmitState(0);
      toast.success(`${NS}:contract_request.sent`);
      // The next request starts with the same school and address, amounts empty.
      setSent({ tid: created.tid, values: { ...startValues(form.school, {}), ...form, amount: '', kid_cert_amount: '0', save_shipping: false } });
      reload();
    } catch (err) {
      helpers.setErrors(await refusedFields(err, Object.keys(values)));
      setSubmitState(await toErrorCode(err));
    }
  };

  let table: ReactNode;
  if (state > 0) table = <ErrorPanel code={state} onRetry={reload} headingLevel={3} />;
  else if (!data) table = <Spinner showLabel />;
  else table = <OpenRequestsTable rows={data.rows} />;

  return (
    <>
      <PageHeader title={t('contract_request.title')}>
        <p className={styles.intro}>{t('contract_request.intro')}</p>
      </PageHeader>
      {sent && (
        <p role="status" className={styles.sent}>
          {t('contract_request.sent')} <Link to={ticketThreadPath(sent.tid)}>{t('contract_request.thread')}</Link>
        </p>
      )}
      {canSend && data && (
        <ContractRequestFormView
          initialValues={sent?.values ?? startValues(initial, data.shipping)}
          schools={choosable}
          shipping={data.shipping}
          submitState={submitState}
          onSubmit={send}
        />
      )}
      <section className={styles.requests} aria-labelledby="rcc-open-requests">
        <h2 id="rcc-open-requests" className={styles.sectionTitle}>
          {t('contract_request.open')}
        </h2>
        {table}
      </section>
      <p className={styles.more}>
        <Link to="/e-trainer">{t('trainer_request.title')}</Link>
      </p>
    </>
  );
}
