import { useEffect, useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import {
  Button, ErrorPanel, PageHeader, Spinner, centsToInputText, parseDisplayDate, formatDate, parseMoney, toErrorCode, useCan, useRequest,
} from 'shared-kernel';
import { useSubmissionKey } from 'shared-kernel/forms';
import { bankMovementFormSchema, errorKey, type BankMovementData } from 'shared-kernel/contracts';
import { useAccountOptions } from '../../income-expense/hooks/use-account-options.js';
import { createMovement, getMovement, updateMovement } from '../api/bank-movements.js';
import { BANK_NS } from '../i18n.js';
import styles from './bank.module.css';

type Mode = 'create' | 'edit' | 'view';

interface Values {
  account_id: string;
  booking_date: string;
  amount: string;
  credit: boolean;
  counterparty_name: string;
  counterparty_iban: string;
  mandate_id: string;
  remittance: string;
}

const EMPTY: Values = { account_id: '', booking_date: '', amount: '', credit: true, counterparty_name: '', counterparty_iban: '', mandate_id: '', remittance: '' };

const valuesOf = (movement: BankMovementData): Values => ({
  account_id: String(movement.account_id),
  booking_date: formatDate(movement.booking_date),
  amount: centsToInputText(movement.amount),
  credit: movement.credit,
  counterparty_name: movement.counterparty_name,
  counterparty_iban: movement.counterparty_iban,
  mandate_id: movement.mandate_id ?? '',
  remittance: movement.remittance,
});

/**
 * /m-fin/bamove/{mode}[/{id}]: a movement entered by hand (create, edit with its version) or
 * any movement to look at (view: imported ones are what the bank booked).
 */
export function BankMovementFormPage() {
  const { t } = useTranslation(BANK_NS);
  const { t: tc } = useTranslation('common');
  const navigate = useNavigate();
  const params = useParams();
  const canWrite = useCan('finance_w');
  const ids = useId();
  const id = params.id ? Number(params.id) : null;
  const requested = (params.mode ?? 'view') as Mode;
  const { state, data: movement, reload } = useRequest((signal) => getMovement(id!, signal), [id], { enabled: id !== null });
  const { accounts } = useAccountOptions();
  const submission = useSubmissionKey();
  const [values, setValues] = useState<Values>(EMPTY);
  const [version, setVersion] = useState(1);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (movement) {
      setValues(valuesOf(movement));
      setVersion(movement.version);
    }
  }, [movement]);

  const editable = !!movement && movement.import_id === null && movement.student_id === null;
  const mode: Mode = requested === 'create' && canWrite ? 'create' : requested === 'edit' && canWrite && editable ? 'edit' : 'view';
  const readOnly = mode === 'view';

  if (id !== null && state > 0) return <ErrorPanel code={state} onRetry={reload} />;
  if (id !== null && !movement) return <Spinner showLabel />;
  if (id === null && mode !== 'create') return <ErrorPanel code={3} />;

  const set = (patch: Partial<Values>) => setValues((current) => ({ ...current, ...patch }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const date = parseDisplayDate(values.booking_date);
    const cents = parseMoney(values.amount);
    let body;
    try {
      body = bankMovementFormSchema.validateSync({
        account_id: Number(values.account_id) || undefined,
        booking_date: date ?? '',
        amount: cents ?? undefined,
        credit: values.credit,
        counterparty_name: values.counterparty_name,
        counterparty_iban: values.counterparty_iban,
        mandate_id: values.mandate_id.trim() || null,
        remittance: values.remittance,
      });
    } catch (invalid) {
      setError(tc((invalid as { message?: string }).message ?? 'form.invalid'));
      return;
    }
    setBusy(true);
    setError(null);
    try {
      if (mode === 'create') {
        await createMovement(body, submission.keyFor(body));
        submission.reset();
      } else {
        setVersion(await updateMovement(id!, body, version));
      }
      navigate('/m-fin/bamove');
    } catch (failure) {
      setError(tc(errorKey(await toErrorCode(failure))));
    } finally {
      setBusy(false);
    }
  };

  const field = (name: keyof Values) => `${ids}-${name}`;
  return (
    <>
      <PageHeader title={t(`form.title_${mode}`)} />
      {movement && movement.import_id !== null && <p className={styles.note}>{t('form.imported_note')}</p>}
      {movement?.student_name && <p className={styles.note}>{t('form.student_note', { name: movement.student_name })}</p>}
      <form className={styles.form} onSubmit={(event) => void submit(event)} aria-label={t(`form.title_${mode}`)}>
        <div className={styles.field}>
          <label htmlFor={field('account_id')}>{t('form.account')}</label>
          <select id={field('account_id')} value={values.account_id} disabled={readOnly} required onChange={(event) => set({ account_id: event.target.value })}>
            <option value="">{t('form.choose')}</option>
            {accounts.map((account) => <option key={account.id} value={account.id}>{`${account.name} (${account.sepa_iban})`}</option>)}
            {movement && !accounts.some((account) => account.id === movement.account_id) && <option value={movement.account_id}>{movement.riban}</option>}
          </select>
        </div>
        <div className={styles.field}>
          <label htmlFor={field('booking_date')}>{t('form.booking_date')}</label>
          <input id={field('booking_date')} value={values.booking_date} placeholder="TT.MM.JJJJ" readOnly={readOnly} required onChange={(event) => set({ booking_date: event.target.value })} />
        </div>
        <div className={styles.field}>
          <label htmlFor={field('amount')}>{t('form.amount')}</label>
          <input id={field('amount')} value={values.amount} inputMode="decimal" readOnly={readOnly} required onChange={(event) => set({ amount: event.target.value })} />
        </div>
        <fieldset className={styles.field} disabled={readOnly}>
          <legend>{t('form.direction')}</legend>
          <label className={styles.inline}>
            <input type="radio" name={field('credit')} checked={values.credit} onChange={() => set({ credit: true })} />
            {t('form.credit')}
          </label>
          <label className={styles.inline}>
            <input type="radio" name={field('credit')} checked={!values.credit} onChange={() => set({ credit: false })} />
            {t('form.debit')}
          </label>
        </fieldset>
        {(['counterparty_name', 'counterparty_iban', 'mandate_id'] as const).map((name) => (
          <div className={styles.field} key={name}>
            <label htmlFor={field(name)}>{t(`form.${name}`)}</label>
            <input id={field(name)} value={values[name]} readOnly={readOnly} onChange={(event) => set({ [name]: event.target.value })} />
          </div>
        ))}
        <div className={styles.field}>
          <label htmlFor={field('remittance')}>{t('form.remittance')}</label>
          <textarea id={field('remittance')} value={values.remittance} rows={3} readOnly={readOnly} onChange={(event) => set({ remittance: event.target.value })} />
        </div>
        {error && <p role="alert" className={styles.error}>{error}</p>}
        <div className={styles.toolbar}>
          <Button onClick={() => navigate('/m-fin/bamove')}>{t('form.cancel')}</Button>
          {!readOnly && <Button type="submit" variant="primary" disabled={busy}>{t('form.save')}</Button>}
        </div>
      </form>
    </>
  );
}
