import { useCallback, useRef, useState } from 'react';
import { CONTRACT_NO_PATTERN, ERROR } from 'shared-kernel/contracts';
import { checkContractNumber } from '../api/conclusion-form.js';
import { NS } from '../i18n.js';

/** Where the check of the typed contract number stands (for the field's hint). */
export type ContractNumberCheckStatus = 'idle' | 'checking' | 'free';

/** What {@link useContractNumberCheck} gives the conclusion form. */
export interface ContractNumberCheckResult {
  status: ContractNumberCheckStatus;
  /** The message key for `contract_no` (undefined: fine); for formik's `validate`. */
  validate: (contractNo: string | null | undefined) => Promise<string | undefined>;
}

/** Spec 000 §5: the two messages of the check, and the duplicate's error code. */
export const CONTRACT_NO_INVALID = `${NS}:conclusions.form.cno_invalid`;
export const CONTRACT_NO_CHECK_FAILED = `${NS}:conclusions.form.cno_check_failed`;
export const CONTRACT_NO_TAKEN = `errors.${ERROR.contractNumberInUse}`;

/**
 * The asynchronous contract-number check (spec 000 §5, GET /api-contract/check?cno): numbers
 * the schema's pattern refuses are left to the schema (no request); a taken number shows
 * error 1006, another refusal 'Ungültige Vertragsnummer.', a failed request 'Interner
 * Serverfehler oder schlechte Internetverbindung'. Answers are kept per number, so formik's
 * validation on every keystroke asks once per number. `own` = the number the edited
 * conclusion already has (not a duplicate of itself).
 */
export function useContractNumberCheck(own: string | null): ContractNumberCheckResult {
  const answers = useRef(new Map<string, Promise<string | undefined>>());
  const latest = useRef('');
  const [status, setStatus] = useState<ContractNumberCheckStatus>('idle');

  const validate = useCallback(
    (raw: string | null | undefined) => {
      const contractNo = (raw ?? '').trim().toUpperCase();
      latest.current = contractNo;
      if (!CONTRACT_NO_PATTERN.test(contractNo) || contractNo === own) {
        setStatus('idle');
        return Promise.resolve(undefined);
      }
      let answer = answers.current.get(contractNo);
      if (!answer) {
        setStatus('checking');
        answer = checkContractNumber(contractNo).then(
          (result) => (result.valid ? undefined : result.error === ERROR.contractNumberInUse ? CONTRACT_NO_TAKEN : CONTRACT_NO_INVALID),
          () => {
            // A failed check is not remembered: the next keystroke or submit asks again.
            answers.current.delete(contractNo);
            return CONTRACT_NO_CHECK_FAILED;
          },
        );
        answers.current.set(contractNo, answer);
      }
      return answer.then((message) => {
        if (latest.current === contractNo) setStatus(message === undefined ? 'free' : 'idle');
        return message;
      });
    },
    [own],
  );
  return { status, validate };
}
