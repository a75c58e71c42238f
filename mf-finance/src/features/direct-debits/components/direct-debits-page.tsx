import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import {
  Button,
  ModalDialog,
  PageHeader,
  PlainTable,
  RequestStateView,
  Spinner,
  formatDate,
  formatDateTime,
  formatMoney,
  showErrorDialog,
  toast,
  useCan,
  useRequest,
  useSchoolFilter,
  newIdempotencyKey,
} from 'shared-kernel';
import { ERROR, type DdCandidate, type DdPreview, type DdSelection } from 'shared-kernel/contracts';
import { generateRun, getCandidates, previewRun } from '../api/direct-debits.js';
import { DD_NS } from '../i18n.js';
import { DD_PAGE_SIZE, Pager, pageCount } from './pager.js';
import styles from './direct-debits.module.css';

/** Select-all state of spec 002 §4: 0 none, 1 all, 2 some. */
export type SelectAllState = 0 | 1 | 2;

const hasCreditorId = (row: DdCandidate) => row.ci !== '';
const selectionOf = (rows: DdCandidate[]): DdSelection[] => rows.map((row) => ({ scid: row.scid, dd: row.dd, rno: row.rno }));

/**
 * /m-fin/dd (spec 002 §2.2): the open direct-debit receipts of a month; select, preview,
 * generate the runs (one SEPA file per creditor account). Rows whose creditor account has no
 * valid creditor id are highlighted and cannot be selected.
 */
export function DirectDebitsPage() {
  const { t } = useTranslation(DD_NS);
  const canWrite = useCan('finance_w');
  const navigate = useNavigate();
  const now = new Date();
  const [year, setYear] = useState(now.getFullYear());
  const [month, setMonth] = useState(now.getMonth() + 1);
  // The school filter's key: another choice of schools loads that selection's candidates.
  const { key, schools } = useSchoolFilter();
  const list = useRequest((signal) => getCandidates(year, month, signal), [year, month, key]);
  const rows = useMemo(() => list.data?.rows ?? [], [list.data]);
  // Schools with direct debits switched off (config sepa_dd): their rows are shown, not selectable.
  const off = useMemo(() => new Set(list.data?.off ?? []), [list.data]);
  const offNames = schools.filter((school) => off.has(school.id)).map((school) => school.name);
  const selectable = (row: DdCandidate) => hasCreditorId(row) && !off.has(row.sid);
  const noneEnabled = rows.length > 0 && rows.every((row) => off.has(row.sid));
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [studentFilter, setStudentFilter] = useState('');
  const [receiptFilter, setReceiptFilter] = useState('');
  const [page, setPage] = useState(0);
  const [preview, setPreview] = useState<DdPreview | null>(null);
  const [busy, setBusy] = useState(false);
  // One Idempotency-Key per preview shown: a repeated click or a retry of the same run debits once.
  const runKey = useRef('');

  // A new period or a reload starts without a selection.
  useEffect(() => {
    setSelected(new Set());
    setPage(0);
  }, [list.data]);

  const filtered = useMemo(() => {
    const student = studentFilter.trim().toLocaleLowerCase();
    const receipt = receiptFilter.trim();
    return rows.filter(
      (row) =>
        (!student || row.ln.toLocaleLowerCase().startsWith(student) || row.fn.toLocaleLowerCase().startsWith(student) ||
          `${row.fn} ${row.ln}`.toLocaleLowerCase().startsWith(student)) &&
        (!receipt || String(row.rno).startsWith(receipt)),
    );
  }, [rows, studentFilter, receiptFilter]);
  const pageRows = filtered.slice(page * DD_PAGE_SIZE, (page + 1) * DD_PAGE_SIZE);
  const selectableRows = filtered.filter(selectable);
  const selectedCount = selectableRows.filter((row) => selected.has(row.rno)).length;
  const allState: SelectAllState = selectedCount === 0 ? 0 : selectedCount === selectableRows.length ? 1 : 2;

  const selectAllRef = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (selectAllRef.current) selectAllRef.current.indeterminate = allState === 2;
  }, [allState]);

  const toggleAll = () => {
    const next = new Set(selected);
    if (allState === 1) for (const row of selectableRows) next.delete(row.rno);
    else for (const row of selectableRows) next.add(row.rno);
    setSelected(next);
  };
  const toggle = (rno: number) => {
    const next = new Set(selected);
    if (next.has(rno)) next.delete(rno);
    else next.add(rno);
    setSelected(next);
  };

  const chosen = rows.filter((row) => selected.has(row.rno) && selectable(row));

  const openPreview = async () => {
    if (chosen.length === 0) {
      await showErrorDialog({ code: ERROR.ddNothingSelected, title: t('dd.generate') });
      return;
    }
    setBusy(true);
    try {
      const answer = await previewRun(year, month, selectionOf(chosen));
      runKey.current = newIdempotencyKey();
      setPreview(answer);
    } catch {
      toast.error('op_failed', { title: 'finance' });
    } finally {
      setBusy(false);
    }
  };

  const generate = async () => {
    const data = selectionOf(chosen);
    setBusy(true);
    try {
      await generateRun(year, month, data, runKey.current);
      setPreview(null);
      toast.success('op_succeeded', { title: 'finance' });
      list.reload();
    } catch {
      toast.error('op_failed', { title: 'finance' });
    } finally {
      setBusy(false);
    }
  };

  const thisYear = now.getFullYear();
  return (
    <section className={styles.page}>
      <PageHeader
        title={t('dd.title')}
        actions={
          <Button variant="secondary" onClick={() => navigate('/m-fin/sepa')}>
            {t('dd.sepa_files')}
          </Button>
        }
      />
      <div className={styles.toolbar}>
        <label className={styles.field}>
          {t('dd.year')}
          <select value={year} onChange={(event) => setYear(Number(event.target.value))}>
            {[thisYear - 1, thisYear, thisYear + 1].map((y) => (
              <option key={y} value={y}>
                {y}
              </option>
            ))}
          </select>
        </label>
        <label className={styles.field}>
          {t('dd.month')}
          <select value={month} onChange={(event) => setMonth(Number(event.target.value))}>
            {Array.from({ length: 12 }, (_, i) => (
              <option key={i + 1} value={i + 1}>
                {t(`dd.months.${i}`)}
              </option>
            ))}
          </select>
        </label>
        <label className={styles.field}>
          {t('dd.filter_student')}
          <input value={studentFilter} onChange={(event) => { setStudentFilter(event.target.value); setPage(0); }} />
        </label>
        <label className={styles.field}>
          {t('dd.filter_receipt')}
          <input value={receiptFilter} inputMode="numeric" onChange={(event) => { setReceiptFilter(event.target.value); setPage(0); }} />
        </label>
      </div>
      <p className={styles.muted}>
        {list.data?.last ? t('dd.last_run', { date: formatDateTime(list.data.last, true) }) : t('dd.no_last_run')}
      </p>
      <RequestStateView state={list.state} data={list.data ? filtered : null} onRetry={list.reload} emptyText={t('dd.empty')}>
        {() => (
          <>
            <PlainTable aria-label={t('dd.table')}>
              <thead>
                <tr>
                  <th scope="col">
                    <input
                      ref={selectAllRef}
                      type="checkbox"
                      aria-label={t('dd.select_all')}
                      checked={allState === 1}
                      aria-checked={allState === 2 ? 'mixed' : allState === 1}
                      disabled={selectableRows.length === 0}
                      onChange={toggleAll}
                    />
                  </th>
                  <th scope="col">{t('dd.receipt')}</th>
                  <th scope="col">{t('dd.student')}</th>
                  <th scope="col">{t('dd.period')}</th>
                  <th scope="col">{t('dd.due')}</th>
                  <th scope="col" className={styles.amount}>{t('dd.amount')}</th>
                  <th scope="col">{t('dd.first')}</th>
                </tr>
              </thead>
              <tbody>
                {pageRows.map((row) => (
                  <tr key={row.rno} className={selectable(row) ? undefined : styles.invalid}>
                    <td>
                      {selectable(row) ? (
                        <input
                          type="checkbox"
                          aria-label={t('dd.select_row', { rno: row.rno })}
                          checked={selected.has(row.rno)}
                          onChange={() => toggle(row.rno)}
                        />
                      ) : null}
                    </td>
                    <td>
                      {row.rno}
                      {row.rt ? <div className={styles.muted}>{row.rt}</div> : null}
                      {hasCreditorId(row) ? null : <div className={styles.invalidText}>{t('dd.bad_ci')}</div>}
                      {off.has(row.sid) ? <div className={styles.invalidText}>{t('dd.school_off')}</div> : null}
                    </td>
                    <td>{`${row.fn} ${row.ln}`}</td>
                    <td>{`${formatDate(row.cs)} – ${row.ce ? formatDate(row.ce) : t('dd.open_ended')}`}</td>
                    <td>{formatDate(row.dd)}</td>
                    <td className={styles.amount}>{formatMoney(row.amt, row.cur)}</td>
                    <td>{row.f ? t('dd.first_yes') : t('dd.first_no')}</td>
                  </tr>
                ))}
              </tbody>
            </PlainTable>
            <Pager page={Math.min(page, pageCount(filtered.length) - 1)} total={filtered.length} onPage={setPage} />
          </>
        )}
      </RequestStateView>
      <p className={styles.muted} aria-live="polite">
        {t('dd.selected', { count: chosen.length })}
      </p>
      {canWrite && off.size > 0 ? (
        <p className={styles.invalidText} role="note">
          {t('dd.off_note', { schools: offNames.join(', ') || [...off].join(', ') })}
        </p>
      ) : null}
      {canWrite ? (
        <div className={styles.actions}>
          <Button variant="secondary" onClick={() => setSelected(new Set())} disabled={busy}>
            {t('dd.cancel')}
          </Button>
          <Button variant="primary" onClick={openPreview} disabled={busy || list.state !== 0 || noneEnabled}>
            {t('dd.generate')}
          </Button>
        </div>
      ) : null}
      {preview ? <PreviewDialog preview={preview} busy={busy} onClose={() => !busy && setPreview(null)} onConfirm={generate} /> : null}
    </section>
  );
}

function PreviewDialog({ preview, busy, onClose, onConfirm }: { preview: DdPreview; busy: boolean; onClose: () => void; onConfirm: () => void }) {
  const { t } = useTranslation(DD_NS);
  return (
    <ModalDialog
      title={t('dd.preview_title')}
      onClose={onClose}
      actions={
        <>
          <Button variant="secondary" onClick={onClose} disabled={busy}>
            {t('dd.close')}
          </Button>
          <Button variant="primary" onClick={onConfirm} disabled={busy || preview.cnt === 0}>
            {t('dd.confirm')}
          </Button>
        </>
      }
    >
      {busy ? (
        <div className={styles.progress} role="status">
          <Spinner />
          {t('dd.generating')}
        </div>
      ) : null}
      {preview.cnt === 0 ? <p>{t('dd.preview_nothing')}</p> : null}
      <p>{t('dd.preview_count', { count: preview.cnt, frst: preview.frst, rcur: preview.rcur })}</p>
      <p>
        {t('dd.preview_receipts', { count: preview.rcpt })}
        {preview.rcpt > preview.cnt ? ` ${t('dd.preview_grouped')}` : ''}
      </p>
      <p>{t('dd.preview_date', { date: formatDate(preview.cd) })}</p>
      <p className={styles.muted}>{t('dd.preview_lead', { days: preview.lead })}</p>
      {preview.accounts.length > 0 ? (
        <>
          <h3 className={styles.section}>{t('dd.preview_accounts')}</h3>
          <PlainTable dense aria-label={t('dd.preview_accounts')}>
            <thead>
              <tr>
                <th scope="col">{t('dd.preview_account')}</th>
                <th scope="col">IBAN</th>
                <th scope="col">{t('dd.first_yes')} / {t('dd.first_no')}</th>
                <th scope="col">{t('dd.preview_receipts_col')}</th>
                <th scope="col" className={styles.amount}>{t('dd.amount')}</th>
                <th scope="col">{t('dd.preview_collection')}</th>
                <th scope="col">{t('dd.preview_format')}</th>
              </tr>
            </thead>
            <tbody>
              {preview.accounts.map((account) => (
                <tr key={account.aid ?? `school-${account.sid}`}>
                  <td>{account.acn}</td>
                  <td>{account.iban}</td>
                  <td>{`${account.frst} / ${account.rcur}`}</td>
                  <td>{account.rcpt}</td>
                  <td className={styles.amount}>{formatMoney(account.amt, account.cur)}</td>
                  <td>{formatDate(account.cd)}</td>
                  <td>{account.pain}</td>
                </tr>
              ))}
            </tbody>
          </PlainTable>
        </>
      ) : null}
      {preview.left.length > 0 ? (
        <>
          <h3 className={styles.section}>{t('dd.preview_left')}</h3>
          <PlainTable dense aria-label={t('dd.preview_left')}>
            <thead>
              <tr>
                <th scope="col">{t('dd.receipt')}</th>
                <th scope="col">{t('dd.student')}</th>
                <th scope="col" className={styles.amount}>{t('dd.amount')}</th>
                <th scope="col">{t('dd.preview_reason')}</th>
              </tr>
            </thead>
            <tbody>
              {preview.left.map((left) => (
                <tr key={left.rno}>
                  <td>{left.rno}</td>
                  <td>{`${left.fn} ${left.ln}`}</td>
                  <td className={styles.amount}>{formatMoney(left.amt)}</td>
                  <td>{t(`dd.reason.${left.reason}`)}</td>
                </tr>
              ))}
            </tbody>
          </PlainTable>
        </>
      ) : null}
    </ModalDialog>
  );
}
