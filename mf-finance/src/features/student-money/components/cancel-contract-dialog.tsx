import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Button, ErrorPanel, ModalDialog, Spinner, SubmitStateBox, formatDate, todayIso, useRequest } from 'shared-kernel';
import type { StudentContractRow } from 'shared-kernel/contracts';
import { cancelStudentContract, getCancellationProposal } from '../api/contracts.js';
import { useMoneySubmit } from '../hooks/use-money-submit.js';
import { NS } from '../i18n.js';
import styles from './student-money.module.css';

/** Where the cancellation letter is written (management remote; 002 §2.1), with the contract chosen. */
export function cancellationLetterPath(studentId: number, contractId: number): string {
  return `/m-student/cancellation/${studentId}?sc=${contractId}`;
}

export interface CancelContractDialogProps {
  studentId: number;
  contract: StudentContractRow;
  onClose: () => void;
  onCancelled: () => void;
}

/**
 * Cancelling a contract (student_w): shows the effective date the terms propose for a
 * cancellation received today, or that none can be proposed (data missing or faulty), and
 * offers the cancellation letter (/m-student/cancellation/…) or cancelling at the proposal.
 */
export function CancelContractDialog({ studentId, contract, onClose, onCancelled }: CancelContractDialogProps) {
  const { t } = useTranslation(NS);
  const navigate = useNavigate();
  const [today] = useState(todayIso);
  const { state, data: proposal, reload } = useRequest((signal) => getCancellationProposal(studentId, contract.id, today, signal), [studentId, contract.id, today]);
  const { state: submitState, submit } = useMoneySubmit();

  const cancelNow = async () => {
    if (!proposal?.dce) return;
    const outcome = await submit(() => cancelStudentContract(studentId, contract.id, { dc: proposal.dc, dce: proposal.dce, version: proposal.version }));
    if (outcome.ok) onCancelled();
  };

  return (
    <ModalDialog
      title={t('money.contracts.cancel_title')}
      onClose={onClose}
      actions={
        <>
          <Button onClick={onClose}>{t('money.cancel')}</Button>
          <Button onClick={() => void navigate(cancellationLetterPath(studentId, contract.id))}>{t('money.contracts.cancel_letter')}</Button>
          {proposal?.dce && (
            <Button variant="primary" disabled={submitState === -2} onClick={() => void cancelNow()}>
              {t('money.contracts.cancel_now')}
            </Button>
          )}
        </>
      }
    >
      {state > 0 ? (
        <ErrorPanel code={state} onRetry={reload} headingLevel={3} />
      ) : !proposal ? (
        <Spinner showLabel />
      ) : (
        <div className={styles.section}>
          <p>{t('money.contracts.cancel_received', { date: formatDate(proposal.dc) })}</p>
          {proposal.dce ? (
            <>
              <p role="status"><strong>{t('money.contracts.cancel_proposed', { date: formatDate(proposal.dce) })}</strong></p>
              {proposal.deadline && <p className={styles.muted}>{t('money.contracts.cancel_deadline', { date: formatDate(proposal.deadline) })}</p>}
            </>
          ) : (
            <p role="status" className={styles.notice}>{t('money.contracts.cannot_propose')}</p>
          )}
          <SubmitStateBox state={submitState} />
        </div>
      )}
    </ModalDialog>
  );
}
