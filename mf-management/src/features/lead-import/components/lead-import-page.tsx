import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, PageHeader, SubmitStateBox, confirmDialog, formatDate, toErrorCode, toast, useSchoolFilter } from 'shared-kernel';
import {
  LEAD_IMPORT_FIELDS,
  LEAD_IMPORT_PAGE_SIZE,
  type LeadImportColumn,
  type LeadImportField,
  type LeadImportResult,
} from 'shared-kernel/contracts';
import { ServerTable, useServerListController, type ServerColumn } from 'shared-kernel/table';
import { discardStagedLeads, getStagedLeads, importStagedLeads, uploadLeadFile, type LeadImportRow } from '../api/lead-import.js';
import { NS } from '../i18n.js';
import styles from './lead-import.module.css';

/** The staged rows' columns: every one filtered by prefix (002 §2.12). */
const TEXT_COLUMNS = [
  ['fn', 'firstname'],
  ['ln', 'lastname'],
  ['z', 'zip'],
  ['c', 'city'],
  ['em', 'email'],
  ['p1', 'phone'],
  ['p2', 'mobile'],
  ['sn', 'school_col'],
] as const;

/**
 * /m-import/leglead (spec 002 §2.12): upload the previous system's export (CSV or XLSX) for a
 * school, map the columns the server does not know, then pick staged rows (checkboxes, prefix
 * filters, 20 per page) and import them as leads: the report says how many were created and
 * which were skipped as duplicates. Nothing selected shows an alert; success and failure a toast.
 */
export function LeadImportPage() {
  const { t } = useTranslation(NS);
  const ids = useId();
  const { schools } = useSchoolFilter();
  const [schoolId, setSchoolId] = useState<number | null>(schools[0]?.id ?? null);
  const [file, setFile] = useState<File | null>(null);
  const [fileMissing, setFileMissing] = useState(false);
  const [uploadState, setUploadState] = useState(-1);
  const [stagedCount, setStagedCount] = useState<number | null>(null);
  // The file's columns the server did not know on the first upload, and the user's mapping of them.
  const [unknown, setUnknown] = useState<string[]>([]);
  const [mapping, setMapping] = useState<Record<string, LeadImportField | null>>({});
  const [nothingSelected, setNothingSelected] = useState(false);
  const [report, setReport] = useState<LeadImportResult | null>(null);
  const [importing, setImporting] = useState(false);
  const list = useServerListController<LeadImportRow>({ fetchPage: getStagedLeads, defaultPageSize: LEAD_IMPORT_PAGE_SIZE, urlState: false });

  const upload = async (withMapping: Record<string, LeadImportField | null>, fresh: boolean) => {
    if (!file) {
      setFileMissing(true);
      return;
    }
    if (schoolId === null) return;
    setUploadState(-2);
    try {
      const answer = await uploadLeadFile(file, schoolId, withMapping);
      setUploadState(-1);
      setStagedCount(answer.staged);
      if (fresh) setUnknown(answer.columns.filter((column: LeadImportColumn) => column.field === null && column.header !== '').map((column) => column.header));
      setReport(null);
      setNothingSelected(false);
      list.setSelection([]);
      list.reload();
    } catch (error) {
      setUploadState(await toErrorCode(error));
    }
  };

  const submitUpload = (event: FormEvent) => {
    event.preventDefault();
    setMapping({});
    void upload({}, true);
  };

  const runImport = async () => {
    setReport(null);
    if (list.selection.length === 0) {
      setNothingSelected(true);
      return;
    }
    setNothingSelected(false);
    setImporting(true);
    try {
      const result = await importStagedLeads(list.selection.map(Number));
      setReport(result);
      toast.success('op_succeeded');
      list.setSelection([]);
      list.reload();
    } catch {
      toast.error('op_failed');
    } finally {
      setImporting(false);
    }
  };

  // Cancel discards the uploaded rows on the server (personal data does not wait in the
  // stage for the next upload) after the user confirms.
  const cancel = async () => {
    if (!(await confirmDialog({ message: `${NS}:lead_import.discard_confirm`, danger: true, confirmLabel: `${NS}:lead_import.discard` }))) return;
    try {
      await discardStagedLeads();
    } catch {
      toast.error('op_failed');
      return;
    }
    list.setSelection([]);
    setNothingSelected(false);
    setReport(null);
    setStagedCount(null);
    list.reload();
  };

  const columns: ServerColumn<LeadImportRow>[] = [
    { field: 'dc', header: t('lead_import.created'), width: 120, format: (value) => formatDate(value as string | null) },
    ...TEXT_COLUMNS.map(([field, key]): ServerColumn<LeadImportRow> => ({
      field,
      header: t(`lead_import.${key}`),
      filter: { type: 'text' },
      sortable: !['em', 'p1', 'p2'].includes(field),
    })),
  ];

  return (
    <>
      <PageHeader title={t('lead_import.title')} />
      <section className={styles.section} aria-labelledby={`${ids}-upload`}>
        <h2 id={`${ids}-upload`}>{t('lead_import.upload_title')}</h2>
        <p>{t('lead_import.intro')}</p>
        <form className={styles.uploadForm} onSubmit={submitUpload} aria-labelledby={`${ids}-upload`}>
          <div className={styles.field}>
            <label htmlFor={`${ids}-school`}>{t('lead_import.school')}</label>
            <select id={`${ids}-school`} value={schoolId ?? ''} onChange={(event) => setSchoolId(Number(event.target.value))} required>
              {schools.map((school) => (
                <option key={school.id} value={school.id}>
                  {school.name}
                </option>
              ))}
            </select>
          </div>
          <div className={styles.field}>
            <label htmlFor={`${ids}-file`}>{t('lead_import.file')}</label>
            <input
              id={`${ids}-file`}
              type="file"
              accept=".csv,.txt,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
              aria-invalid={fileMissing || undefined}
              aria-describedby={fileMissing ? `${ids}-file-error` : undefined}
              onChange={(event) => {
                setFile(event.target.files?.[0] ?? null);
                setFileMissing(false);
                setUnknown([]);
                setMapping({});
              }}
            />
            {fileMissing && (
              <span id={`${ids}-file-error`} role="alert">
                {t('lead_import.file_required')}
              </span>
            )}
          </div>
          <Button type="submit" variant="primary" disabled={uploadState === -2}>
            {t('lead_import.upload')}
          </Button>
        </form>
        <SubmitStateBox state={uploadState} busyKey="ui.loading" />
        {stagedCount !== null && uploadState === -1 && <p role="status">{t('lead_import.staged', { count: stagedCount })}</p>}
      </section>

      {unknown.length > 0 && (
        <section className={styles.section} aria-labelledby={`${ids}-mapping`}>
          <h2 id={`${ids}-mapping`}>{t('lead_import.mapping_title')}</h2>
          <p>{t('lead_import.mapping_intro')}</p>
          <div className={styles.mapping}>
            {unknown.map((header, index) => (
              <div key={header} className={styles.field}>
                <label htmlFor={`${ids}-map-${index}`}>{header}</label>
                <select
                  id={`${ids}-map-${index}`}
                  value={mapping[header] ?? ''}
                  onChange={(event) => setMapping({ ...mapping, [header]: (event.target.value || null) as LeadImportField | null })}
                >
                  <option value="">{t('lead_import.not_imported')}</option>
                  {LEAD_IMPORT_FIELDS.map((field) => (
                    <option key={field} value={field}>
                      {t(`lead_import.field_${field}`)}
                    </option>
                  ))}
                </select>
              </div>
            ))}
          </div>
          <div className={styles.actions}>
            <Button onClick={() => void upload(mapping, false)} disabled={uploadState === -2}>
              {t('lead_import.mapping_apply')}
            </Button>
          </div>
        </section>
      )}

      <section className={styles.section} aria-labelledby={`${ids}-rows`}>
        <h2 id={`${ids}-rows`}>{t('lead_import.rows_title')}</h2>
        {nothingSelected && (
          <p role="alert" className={styles.notice}>
            {t('lead_import.nothing_selected')}
          </p>
        )}
        {report && (
          <div role="status" className={styles.report} aria-label={t('lead_import.report_title')}>
            {t('lead_import.report', { created: report.created, skipped: report.skipped.length })}
            {report.skipped.length > 0 && (
              <ul>
                {report.skipped.map((skip) => (
                  <li key={skip.id}>
                    {skip.name}: {t(`lead_import.reason_${skip.reason}`)}
                  </li>
                ))}
              </ul>
            )}
          </div>
        )}
        <ServerTable
          controller={list}
          columns={columns}
          rowId={(row) => row.id}
          rowLabel={(row) => `${row.fn} ${row.ln}`.trim()}
          selectable
          label={t('lead_import.rows_title')}
          toolbar={
            <span className={styles.actions}>
              <Button onClick={() => void cancel()}>{t('lead_import.cancel')}</Button>
              <Button variant="primary" onClick={() => void runImport()} disabled={importing}>
                {t('lead_import.import')}
              </Button>
            </span>
          }
        />
      </section>
    </>
  );
}
