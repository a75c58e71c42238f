import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import {
  Button, ErrorPanel, PageHeader, PlainTable, Spinner, formatDate, formatMoney, newIdempotencyKey, toErrorCode, toast, useCan, useRequest, useSchoolFilter,
} from 'shared-kernel';
import { BANK_ASSIGN_MAX, ERROR, errorKey, type BankAssignOp, type BankAssignRow, type BankMatchRule } from 'shared-kernel/contracts';
import { applyAssignment, getAssignSuggestions, getStudentOptions } from '../api/bank-movements.js';
import { BANK_NS } from '../i18n.js';
import styles from './bank.module.css';

/** What staff chose for a row (starts as the suggestion). */
interface Choice {
  stid: number | null;
  stn: string | null;
  op: BankAssignOp | null;
  rno: number | null;
  why: BankMatchRule | 'manual' | null;
}

const choiceOf = (row: BankAssignRow): Choice => ({ stid: row.stid, stn: row.stn, op: row.op, rno: row.rno, why: row.why });
const labelOf = (row: BankAssignRow) => [row.sname.trim(), formatDate(row.bd), formatMoney(row.amt, row.cur)].filter(Boolean).join(', ');

/**
 * /m-fin/bamassign (spec 002 §2.8): the at most 50 oldest open credits with the suggested
 * student and operation and why; staff change the student (by number: its options come from
 * /api-fin/sa) or the operation, select rows (all, counter, clear) and apply them one by one
 * with the version each row was listed with; failures are listed per row, then the list
 * reloads. A row changed meanwhile (a hand-entered movement edited: 409 {error: 9}) is not
 * booked: its failure says so, and the reloaded list shows what it is now.
 */
export function BankAssignPage() {
  const { t } = useTranslation(BANK_NS);
  const { t: tc } = useTranslation('common');
  const canWrite = useCan('finance_w');
  const canDelete = useCan('finance_d');
  // Another choice of schools in the filter loads that selection's movements.
  const { key } = useSchoolFilter();
  const { state, data, reload } = useRequest((signal) => getAssignSuggestions(signal), [key]);
  const [choices, setChoices] = useState<Record<number, Choice>>({});
  const [typed, setTyped] = useState<Record<number, string>>({});
  const [selected, setSelected] = useState<number[]>([]);
  const [progress, setProgress] = useState<{ done: number; count: number } | null>(null);
  const [failures, setFailures] = useState<string[]>([]);
  // Some rows were changed by someone else meanwhile: the reloaded list shows them as they are now.
  const [stale, setStale] = useState(false);
  const selectAllRef = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (!data) return;
    setChoices(Object.fromEntries(data.rows.map((row) => [row.id, choiceOf(row)])));
    setTyped({});
    setSelected([]);
  }, [data]);

  const rows = useMemo(() => data?.rows ?? [], [data]);
  const applicable = (row: BankAssignRow) => {
    const choice = choices[row.id];
    return !!choice?.op && (choice.op === 'del' ? canDelete : choice.stid !== null);
  };
  const selectable = rows.filter(applicable).map((row) => row.id);
  const allSelected = selectable.length > 0 && selectable.every((id) => selected.includes(id));
  useEffect(() => {
    if (selectAllRef.current) selectAllRef.current.indeterminate = selected.length > 0 && !allSelected;
  }, [selected, allSelected]);

  const setChoice = (id: number, patch: Partial<Choice>) => setChoices((current) => ({ ...current, [id]: { ...current[id]!, ...patch } }));

  const chooseStudent = async (row: BankAssignRow) => {
    const stid = Number(typed[row.id]);
    if (!Number.isInteger(stid) || stid < 1) return;
    try {
      const options = await getStudentOptions(stid, row.id);
      setChoice(row.id, { stid: options.stid, stn: options.stn, op: options.op, rno: options.rno, why: 'manual' });
    } catch (error) {
      toast.error(errorKey(await toErrorCode(error)));
    }
  };

  const apply = async () => {
    const targets = rows.filter((row) => selected.includes(row.id) && applicable(row));
    setFailures([]);
    setStale(false);
    setProgress({ done: 0, count: targets.length });
    const failed: string[] = [];
    let changed = false;
    let applied = 0;
    for (const [index, row] of targets.entries()) {
      const choice = choices[row.id]!;
      try {
        await applyAssignment(
          { bamid: row.id, stid: choice.op === 'del' ? null : choice.stid, ops: choice.op!, rno: choice.op === 'pr' ? choice.rno : null, version: row.version },
          newIdempotencyKey(),
        );
        applied += 1;
      } catch (error) {
        const code = await toErrorCode(error);
        if (code === ERROR.staleVersion) changed = true;
        failed.push(t('assign.failed', { label: labelOf(row), reason: tc(errorKey(code)) }));
      }
      setProgress({ done: index + 1, count: targets.length });
    }
    setProgress(null);
    setFailures(failed);
    setStale(changed);
    if (applied > 0) toast.success(`${BANK_NS}:assign.applied`, { values: { count: applied } });
    reload();
  };

  if (state > 0) return <ErrorPanel code={state} onRetry={reload} />;
  if (!data) return <Spinner showLabel />;
  const busy = progress !== null;
  return (
    <>
      <PageHeader title={t('assign.title')} />
      <div className={styles.list}>
        <p className={styles.note}>{t('assign.note_debits')}</p>
        <p className={styles.note}>{t('assign.note_max', { max: BANK_ASSIGN_MAX, total: data.total })}</p>
        <p className={styles.note}>{t('list.collective_note')}</p>
        {rows.length === 0 ? (
          <p>{t('assign.empty')}</p>
        ) : (
          <>
            <div className={styles.toolbar}>
              <span aria-live="polite">{t('assign.selected', { count: selected.length })}</span>
              <Button onClick={() => setSelected([])} disabled={busy || selected.length === 0}>{t('assign.clear')}</Button>
              {canWrite && (
                <Button variant="primary" onClick={() => void apply()} disabled={busy || selected.length === 0}>{t('assign.apply')}</Button>
              )}
              {progress && <span role="status">{t('assign.applying', progress)}</span>}
            </div>
            {failures.length > 0 && (
              <ul role="alert" className={styles.error}>
                {failures.map((failure) => <li key={failure}>{failure}</li>)}
              </ul>
            )}
            {stale && <p role="status">{t('assign.stale_reloaded')}</p>}
            <PlainTable aria-label={t('assign.label')} alignTop>
              <thead>
                <tr>
                  <th scope="col">
                    <input
                      ref={selectAllRef}
                      type="checkbox"
                      aria-label={t('assign.select_all')}
                      checked={allSelected}
                      disabled={busy || selectable.length === 0}
                      onChange={() => setSelected(allSelected ? [] : selectable)}
                    />
                  </th>
                  <th scope="col">{t('assign.bd')}</th>
                  <th scope="col">{t('assign.sname')}</th>
                  <th scope="col">{t('assign.purpose')}</th>
                  <th scope="col" className={styles.amount}>{t('assign.amount')}</th>
                  <th scope="col">{t('assign.student')}</th>
                  <th scope="col">{t('assign.operation')}</th>
                </tr>
              </thead>
              <tbody>
                {rows.map((row) => {
                  const choice = choices[row.id] ?? choiceOf(row);
                  const label = labelOf(row);
                  return (
                    <tr key={row.id}>
                      <td>
                        <input
                          type="checkbox"
                          aria-label={t('assign.select', { label })}
                          checked={selected.includes(row.id)}
                          disabled={busy || !applicable(row)}
                          onChange={(event) => setSelected((current) => (event.target.checked ? [...current, row.id] : current.filter((id) => id !== row.id)))}
                        />
                      </td>
                      <td>{formatDate(row.bd)}</td>
                      <td>{row.sname || '-'}</td>
                      <td>{row.ssvwz || '-'}</td>
                      <td className={styles.amount}>{formatMoney(row.amt, row.cur)}</td>
                      <td>
                        {choice.stid !== null ? (
                          <Link to={`/m-student/details/${choice.stid}`}>{choice.stn ?? `#${choice.stid}`}</Link>
                        ) : (
                          <span>{row.collective ? t('assign.collective') : t('assign.none')}</span>
                        )}
                        {choice.why && <div className={styles.hint}>{t(`assign.why_${choice.why}`)}</div>}
                        {canWrite && (
                          <div className={styles.inline}>
                            <input
                              type="text"
                              inputMode="numeric"
                              size={6}
                              aria-label={t('assign.student_for', { label })}
                              placeholder={t('assign.student_id')}
                              value={typed[row.id] ?? ''}
                              onChange={(event) => setTyped((current) => ({ ...current, [row.id]: event.target.value.replace(/\D/g, '') }))}
                            />
                            <Button size="small" onClick={() => void chooseStudent(row)} disabled={busy || !typed[row.id]}>{t('assign.load_options')}</Button>
                          </div>
                        )}
                      </td>
                      <td>
                        <select
                          aria-label={t('assign.operation_for', { label })}
                          value={choice.op ?? ''}
                          disabled={busy || !canWrite}
                          onChange={(event) => setChoice(row.id, { op: (event.target.value || null) as BankAssignOp | null })}
                        >
                          <option value="">{t('assign.op_none')}</option>
                          {choice.stid !== null && <option value="cp">{t('assign.op_cp')}</option>}
                          {choice.stid !== null && choice.rno !== null && <option value="pr">{t('assign.op_pr', { rno: choice.rno })}</option>}
                          {canDelete && <option value="del">{t('assign.op_del')}</option>}
                        </select>
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </PlainTable>
          </>
        )}
        <Link to="/m-fin/bamove">{t('assign.back')}</Link>
      </div>
    </>
  );
}
