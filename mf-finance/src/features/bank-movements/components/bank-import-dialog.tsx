import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button, ModalDialog, errorFields, toErrorCode } from 'shared-kernel';
import { errorKey, type BankImportDetail } from 'shared-kernel/contracts';
import { uploadStatement } from '../api/bank-movements.js';
import { BANK_NS } from '../i18n.js';
import styles from './bank.module.css';

export interface BankImportDialogProps {
  onClose: () => void;
  /** After a successful import (the list reloads). */
  onImported: (detail: BankImportDetail) => void;
}

/**
 * The statement upload of /m-fin/bamove: choose a CAMT file (XML or ZIP), the upload's
 * progress, then the result (the bank's entries and the movements made of them, new and known
 * ones, returns, entries not booked; a link to /m-fin/bamim/{id}) or the error code's text.
 */
export function BankImportDialog({ onClose, onImported }: BankImportDialogProps) {
  const { t } = useTranslation(BANK_NS);
  const { t: tc } = useTranslation('common');
  const inputId = useId();
  const hintId = useId();
  const fileRef = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  /** Percent of the file sent; null before the first report (then the bar is indeterminate). */
  const [sent, setSent] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [result, setResult] = useState<BankImportDetail | null>(null);
  /** Failed uploads so far: after each, the file field takes the focus (to choose again). */
  const [failures, setFailures] = useState(0);
  const progressRef = useRef<HTMLDivElement>(null);
  const resultRef = useRef<HTMLDivElement>(null);

  // The focused submit button is disabled while uploading and then replaced by the result:
  // without moving the focus it would fall to the page behind the dialog, where Tab and
  // Escape no longer reach the dialog (found by the keyboard-only browser test).
  useEffect(() => {
    if (busy) progressRef.current?.focus();
  }, [busy]);
  useEffect(() => {
    if (result) resultRef.current?.focus();
  }, [result]);
  useEffect(() => {
    if (failures > 0) fileRef.current?.focus();
  }, [failures]);

  /** All sent: the server reads the statement now. */
  const processing = sent === 100;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const file = fileRef.current?.files?.[0];
    if (!file) {
      setError(t('import.no_file'));
      return;
    }
    setBusy(true);
    setSent(null);
    setError(null);
    try {
      const detail = await uploadStatement(file, { onProgress: (progress) => setSent(progress.percent) });
      setResult(detail);
      onImported(detail);
    } catch (failure) {
      const code = await toErrorCode(failure);
      const fields = (await errorFields(failure)) ?? {};
      // 1003 names the IBAN of the account that is missing; 104 the version, 105 both currencies
      // (the message's placeholders); 1000 can name the entry that cannot be read and why.
      const iban = code === 1003 ? (fields.iban ?? null) : null;
      const entry = code === 1000 && fields.reason === 'no_date'
        ? t('import.entry_no_date', { statement: fields.statement ?? '', entry: fields.entry ?? '', ref: fields.ref ? ` (${fields.ref})` : '' })
        : '';
      setError([tc(errorKey(code), fields), iban ? t('import.iban_missing', { iban }) : '', entry].filter(Boolean).join(' '));
      setFailures((n) => n + 1);
    } finally {
      setBusy(false);
    }
  };

  return (
    <ModalDialog
      title={t('import.title')}
      onClose={busy ? () => undefined : onClose}
      actions={
        result ? (
          <Button variant="primary" onClick={onClose}>{t('import.close')}</Button>
        ) : (
          <>
            <Button onClick={onClose} disabled={busy}>{t('import.cancel')}</Button>
            <Button variant="primary" type="submit" form={`${inputId}-form`} disabled={busy}>{t('import.start')}</Button>
          </>
        )
      }
    >
      {result ? (
        <div role="status" className={styles.result} ref={resultRef} tabIndex={-1}>
          <dl className={styles.facts} aria-label={t('import.result')}>
            <dt>{t('import.entries')}</dt>
            <dd>{result.entries}</dd>
            <dt>{t('import.movements')}</dt>
            <dd>{result.movements}</dd>
            <dt>{t('import.imported')}</dt>
            <dd>{result.imported}</dd>
            <dt>{t('import.skipped')}</dt>
            <dd>{result.skipped}</dd>
            <dt>{t('import.returns')}</dt>
            <dd>{result.returns}</dd>
            {result.not_booked > 0 && (
              <>
                <dt>{t('import.not_booked')}</dt>
                <dd>{result.not_booked}</dd>
              </>
            )}
          </dl>
          <Link to={`/m-fin/bamim/${result.id}`}>{t('import.detail_link')}</Link>
        </div>
      ) : (
        <form id={`${inputId}-form`} onSubmit={(event) => void submit(event)} className={styles.importForm}>
          <label htmlFor={inputId}>{t('import.file')}</label>
          <input id={inputId} ref={fileRef} type="file" accept=".xml,.zip,application/xml,text/xml,application/zip" aria-describedby={hintId} disabled={busy} />
          <p id={hintId} className={styles.hint}>{t('import.hint')}</p>
          {busy && (
            <div className={styles.progress} ref={progressRef} tabIndex={-1}>
              {/* Percent while the file goes out (indeterminate until the browser's first report),
                  then indeterminate while the server reads the statement. */}
              {processing ? (
                <progress aria-label={t('import.working')} />
              ) : (
                <progress
                  max={100}
                  {...(sent !== null ? { value: sent, 'aria-valuenow': sent, 'aria-valuemin': 0, 'aria-valuemax': 100, 'aria-valuetext': `${sent} %` } : {})}
                  aria-label={t('import.uploading')}
                />
              )}
              {/* Announced once per stage, not per percent (the progress bar carries the number). */}
              <span aria-live="polite">{processing ? t('import.working') : t('import.uploading')}</span>
              {!processing && sent !== null && <span aria-hidden="true">{sent} %</span>}
            </div>
          )}
          {error && <p role="alert" className={styles.error}>{error}</p>}
        </form>
      )}
    </ModalDialog>
  );
}
