import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useParams } from 'react-router';
import {
  Button, ErrorPanel, PageHeader, PlainTable, RequestStateView, Spinner, formatDate, formatMoney, newIdempotencyKey, toErrorCode, toast, useCan,
  useRequest, useSchoolFilter,
} from 'shared-kernel';
import { DUNNING_LEVELS, DUNNING_PAGE_SIZE, type DunningItem, type DunningLevel, type DunningRunResponse } from 'shared-kernel/contracts';
import { downloadRunLetters, getDueItems, runDunning } from '../api/dunning-runs.js';
import { NS } from '../i18n.js';
import styles from './dunning-run-page.module.css';

/** The select-all flag of spec 001 §4: 0 none, 1 all, 2 some. */
export type SelectAllFlag = 0 | 1 | 2;

/** The flag of a selection of `selected` out of `total` rows. */
export function selectAllFlag(selected: number, total: number): SelectAllFlag {
  if (selected === 0) return 0;
  return selected >= total ? 1 : 2;
}

/** A checkbox showing all, none and some (indeterminate). */
function TriStateCheckbox({ flag, label, onChange, disabled }: { flag: SelectAllFlag; label: string; onChange: () => void; disabled?: boolean }) {
  const ref = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (ref.current) ref.current.indeterminate = flag === 2;
  }, [flag]);
  return <input ref={ref} type="checkbox" aria-label={label} checked={flag === 1} onChange={onChange} disabled={disabled} />;
}

const isLevel = (value: number): value is DunningLevel => (DUNNING_LEVELS as readonly number[]).includes(value);

/** /m-student/dun/{level}: a level other than 1, 2, 3 goes to level 1. */
export function DunningRunPage() {
  const level = Number(useParams().level);
  if (!isLevel(level)) return <Navigate to="../1" relative="path" replace />;
  // A new level is a fresh load with a fresh selection (spec 001 §4).
  return <DunningRun key={level} level={level} />;
}

/**
 * The dunning run of a level (spec 001 §2, §4): the open items due (20 per page), select all /
 * some, generate: one dunning letter per student combining the selected items, the letters as
 * one PDF to download and print, mails where the student has an e-mail address.
 */
function DunningRun({ level }: { level: DunningLevel }) {
  const { t } = useTranslation(NS);
  const { key: schoolKey } = useSchoolFilter();
  const canWrite = useCan('finance_w');
  const [reloadKey, setReloadKey] = useState(0);
  const { state, data, reload } = useRequest((signal) => getDueItems(level, signal), [level, schoolKey, reloadKey]);
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const [page, setPage] = useState(0);
  const [submitting, setSubmitting] = useState(false);
  const [submitError, setSubmitError] = useState(0);
  const [nothingSelected, setNothingSelected] = useState(false);
  const [result, setResult] = useState<DunningRunResponse | null>(null);
  // One key per submission attempt: a double click or a retry of the same attempt makes one run.
  const attemptKey = useRef<string | null>(null);
  const headingId = useId();

  const rows = useMemo(() => data?.rows ?? [], [data]);
  // A fresh load clears the selection (spec 001 §4).
  useEffect(() => {
    setSelected(new Set());
    setPage(0);
  }, [data]);

  const pages = Math.max(1, Math.ceil(rows.length / DUNNING_PAGE_SIZE));
  const shown = rows.slice(page * DUNNING_PAGE_SIZE, (page + 1) * DUNNING_PAGE_SIZE);
  const flag = selectAllFlag(selected.size, rows.length);

  const toggleAll = () => {
    setNothingSelected(false);
    setSelected(flag === 0 ? new Set(rows.map((row) => row.rno)) : new Set());
  };
  const toggle = (rno: number) => {
    setNothingSelected(false);
    setSelected((current) => {
      const next = new Set(current);
      if (next.has(rno)) next.delete(rno);
      else next.add(rno);
      return next;
    });
  };

  const generate = async () => {
    if (selected.size === 0) {
      setNothingSelected(true);
      return;
    }
    attemptKey.current ??= newIdempotencyKey();
    setSubmitting(true);
    setSubmitError(0);
    setResult(null);
    try {
      const answer = await runDunning(level, [...selected], attemptKey.current);
      attemptKey.current = null;
      setResult(answer);
      if (answer.dunnings > 0) toast.success('ir_succeeded');
      setReloadKey((value) => value + 1);
    } catch (error) {
      // The spec's dunning failure is error 3 unless the server names its own code.
      const code = await toErrorCode(error);
      setSubmitError(code === 1 ? 1 : code || 3);
    } finally {
      setSubmitting(false);
    }
  };

  const name = (row: DunningItem) => [row.fn, row.ln].filter(Boolean).join(' ');

  return (
    <>
      <PageHeader title={t(`dunning.title_${level}`)}>
        <p className={styles.intro}>{t(`dunning.intro_${level}`)}</p>
      </PageHeader>
      {data && data.inactive.length > 0 && <p className={styles.note}>{t('dunning.inactive', { count: data.inactive.length })}</p>}
      {result && <RunResult result={result} />}
      {submitError > 0 && <ErrorPanel code={submitError} onRetry={() => void generate()} />}
      {/* Not a landmark itself: the table's scrolling region below carries the name (one region, one name). */}
      <div className={styles.section}>
        <h2 id={headingId} className={styles.heading}>{t('dunning.table')}</h2>
        <RequestStateView state={state} data={data?.rows} onRetry={reload} emptyText={t('dunning.empty')}>
          {() => (
            <>
              <div className={styles.scroller} tabIndex={0} role="region" aria-labelledby={headingId}>
                <PlainTable aria-label={t('dunning.table')} className={styles.table}>
                  <thead>
                    <tr>
                      <th scope="col">
                        <TriStateCheckbox flag={flag} label={t('dunning.select_all')} onChange={toggleAll} disabled={submitting} />
                      </th>
                      <th scope="col">{t('dunning.student')}</th>
                      <th scope="col">{t('dunning.receipt')}</th>
                      <th scope="col">{t('dunning.created')}</th>
                      <th scope="col">{t('dunning.due')}</th>
                      <th scope="col" className={styles.number}>{t('dunning.amount')}</th>
                      <th scope="col" className={styles.number}>{t('dunning.open')}</th>
                      <th scope="col">{t('dunning.previous')}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {shown.map((row) => (
                      <tr key={row.rno}>
                        <td>
                          <input
                            type="checkbox"
                            aria-label={t('dunning.select_row', { rno: row.rno, name: name(row) })}
                            checked={selected.has(row.rno)}
                            onChange={() => toggle(row.rno)}
                            disabled={submitting}
                          />
                        </td>
                        <td>{name(row)}</td>
                        <td>{row.rno}</td>
                        <td>{formatDate(row.dc)}</td>
                        <td>{formatDate(row.dd)}</td>
                        <td className={styles.number}>{formatMoney(row.a, row.cur)}</td>
                        <td className={styles.number}>{formatMoney(row.o, row.cur)}</td>
                        <td>{row.dun > 0 ? t('dunning.previous_value', { level: row.dun, date: formatDate(row.dlir) }) : t('dunning.none')}</td>
                      </tr>
                    ))}
                  </tbody>
                  <tfoot>
                    <tr>
                      <th scope="row" colSpan={6}>{t('dunning.total')}</th>
                      <td className={styles.number}>{data!.sums.map((sum) => formatMoney(sum.o, sum.cur)).join(', ')}</td>
                      <td />
                    </tr>
                  </tfoot>
                </PlainTable>
              </div>
              {pages > 1 && (
                <nav aria-label={t('dunning.pages')} className={styles.pager}>
                  <Button size="small" onClick={() => setPage(page - 1)} disabled={page === 0}>{t('dunning.previous_page')}</Button>
                  <span aria-live="polite">{t('dunning.page', { page: page + 1, pages })}</span>
                  <Button size="small" onClick={() => setPage(page + 1)} disabled={page >= pages - 1}>{t('dunning.next_page')}</Button>
                </nav>
              )}
              <div className={styles.actions}>
                <span aria-live="polite">{t('dunning.selected', { count: selected.size, total: rows.length })}</span>
                {canWrite && (
                  <Button variant="primary" onClick={() => void generate()} disabled={submitting}>
                    {t('dunning.generate')}
                  </Button>
                )}
                {submitting && <Spinner labelKey="finance:dunning.generating" showLabel />}
                {nothingSelected && <span role="alert" className={styles.warning}>{t('dunning.nothing_selected')}</span>}
              </div>
            </>
          )}
        </RequestStateView>
      </div>
    </>
  );
}

/** What the run did: counts, the PDF to print, the students whose address is incomplete. */
function RunResult({ result }: { result: DunningRunResponse }) {
  const { t } = useTranslation(NS);
  const [downloadError, setDownloadError] = useState(0);
  const headingId = useId();
  const run = result.run;
  return (
    <section aria-labelledby={headingId} className={styles.result}>
      <h2 id={headingId} className={styles.heading}>{t('dunning.result_title')}</h2>
      <p>
        {result.dunnings > 0
          ? t('dunning.result_summary', { dunnings: result.dunnings, receipts: result.receipts, printed: result.printed, mails: result.mails })
          : t('dunning.result_none')}
      </p>
      {result.skipped > 0 && <p>{t('dunning.result_skipped', { count: result.skipped })}</p>}
      {run !== null && result.printed > 0 && (
        <p>
          <Button
            variant="primary"
            onClick={() => {
              setDownloadError(0);
              downloadRunLetters(run).catch(async (error) => setDownloadError(await toErrorCode(error)));
            }}
          >
            {t('dunning.download')}
          </Button>
        </p>
      )}
      {downloadError > 0 && <ErrorPanel code={downloadError} onRetry={() => void downloadRunLetters(run!)} />}
      {result.noAddress.length > 0 && (
        <div role="group" aria-label={t('dunning.address_problems')}>
          <h3 className={styles.subheading}>{t('dunning.address_problems')}</h3>
          <ul>
            {result.noAddress.map((problem) => (
              <li key={problem.stid}>
                {problem.name} – {problem.mailed ? t('dunning.address_mailed') : t('dunning.address_not_sent')}
              </li>
            ))}
          </ul>
        </div>
      )}
    </section>
  );
}
