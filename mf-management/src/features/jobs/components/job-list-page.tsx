import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, ErrorPanel, PageHeader, PlainTable, Spinner, formatDateTime, showErrorDialog, toErrorCode, toast, useRequest } from 'shared-kernel';
import type { JobStatus } from 'shared-kernel/contracts';
import { getJobs, runJobNow } from '../api/jobs.js';
import { NS } from '../i18n.js';
import styles from './jobs.module.css';

/** The label of a job; a job this screen has no text for shows its name. */
function useJobLabel() {
  const { t } = useTranslation(NS);
  // i18next reads dots as nesting: 'sessions.sweep' is stored as 'sessions_sweep'.
  return (name: string) => t(`jobs.label.${name.replace(/\./g, '_')}`, { defaultValue: name });
}

/**
 * /m-conf/jobs (issue 17, superadmin only): the server's background jobs with their schedule,
 * last run (outcome and which process ran it), next run, failures in a row and the last error;
 * "run now" enqueues a run (one of the processes takes it within moments).
 */
export function JobListPage() {
  const { t } = useTranslation(NS);
  const label = useJobLabel();
  const { state, data, reload } = useRequest((signal) => getJobs(signal), []);
  const [starting, setStarting] = useState<string | null>(null);

  const runNow = async (job: JobStatus) => {
    setStarting(job.name);
    try {
      await runJobNow(job.name);
      toast.success(`${NS}:jobs.run_queued`, { values: { label: label(job.name) } });
      reload();
    } catch (error) {
      await showErrorDialog({ code: await toErrorCode(error), title: 'errors.error' });
    } finally {
      setStarting(null);
    }
  };

  const schedule = (job: JobStatus) => {
    if (job.every_ms !== null) return t('jobs.every_minutes', { count: Math.round(job.every_ms / 60_000) });
    if (job.daily_at !== null) return t('jobs.daily_at', { time: job.daily_at });
    return t('jobs.on_demand');
  };

  const lastRun = (job: JobStatus) => {
    if (!job.last_started) return t('jobs.never');
    const outcome = job.running ? t('jobs.running') : job.last_ok ? t('jobs.ok') : t('jobs.failed');
    return (
      <>
        {formatDateTime(job.last_started)}
        <span className={`${styles.detail} ${job.last_ok === false && !job.running ? styles.failed : ''}`}>{outcome}</span>
        {job.last_worker && <span className={styles.detail}>{t('jobs.by', { worker: job.last_worker })}</span>}
      </>
    );
  };

  let body;
  if (state > 0) body = <ErrorPanel code={state} onRetry={reload} />;
  else if (state === -1 && !data) body = <Spinner showLabel />;
  else {
    body = (
      <PlainTable alignTop aria-label={t('jobs.list_label')}>
        <thead>
          <tr>
            <th scope="col">{t('jobs.job')}</th>
            <th scope="col">{t('jobs.schedule')}</th>
            <th scope="col">{t('jobs.last_run')}</th>
            <th scope="col">{t('jobs.next_run')}</th>
            <th scope="col">{t('jobs.failures')}</th>
            <th scope="col">{t('jobs.last_error')}</th>
            <th scope="col">{t('jobs.actions')}</th>
          </tr>
        </thead>
        <tbody>
          {(data ?? []).map((job) => (
            <tr key={job.name}>
              <th scope="row">
                {label(job.name)}
                <span className={styles.detail}>{job.name}</span>
              </th>
              <td>{schedule(job)}</td>
              <td>{lastRun(job)}</td>
              <td>
                {job.next_run ? formatDateTime(job.next_run) : t('jobs.none')}
                {job.queued > 0 && <span className={styles.detail}>{t('jobs.queued', { n: job.queued })}</span>}
              </td>
              <td>
                {job.failures}
                {job.given_up > 0 && <span className={`${styles.detail} ${styles.failed}`}>{t('jobs.given_up', { n: job.given_up })}</span>}
              </td>
              <td className={styles.error}>
                {job.last_error ? (
                  <>
                    {job.last_error_at && <span className={styles.detail}>{formatDateTime(job.last_error_at)}</span>}
                    {job.last_error}
                  </>
                ) : (
                  t('jobs.none')
                )}
              </td>
              <td>
                <Button
                  size="small"
                  disabled={starting !== null}
                  aria-label={t('jobs.run_now_item', { label: label(job.name) })}
                  onClick={() => void runNow(job)}
                >
                  {t('jobs.run_now')}
                </Button>
              </td>
            </tr>
          ))}
        </tbody>
      </PlainTable>
    );
  }

  return (
    <>
      <PageHeader
        title={t('jobs.title')}
        actions={
          <Button onClick={reload} disabled={state === -1}>
            {t('jobs.refresh')}
          </Button>
        }
      />
      <p className={styles.intro}>{t('jobs.intro')}</p>
      {body}
    </>
  );
}
