import { useEffect, useId, useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, formatDate, formatDateTime, SubmitStateBox, useCan, useRequest } from 'shared-kernel';
import {
  DOCUMENT_MAX_BYTES,
  DOCUMENT_MAX_FILES,
  ERROR,
  type StudentDocument,
} from 'shared-kernel/contracts';
import {
  deleteStudentDocument,
  getStudentDocuments,
  studentDocumentUrl,
  uploadStudentDocuments,
} from '../api/documents.js';
import { useConfirmedDelete } from '../hooks/use-confirmed-delete.js';
import { useSubmitState } from '../hooks/use-submit-state.js';
import { NS } from '../i18n.js';
import { fileSizeParts } from '../utils/file-size.js';
import { DetailPanel } from './detail-panel.js';
import { RequestBody } from './request-body.js';
import styles from './student-detail.module.css';

/** What the file chooser offers; the server checks the content anyway (not the name). */
const DOCUMENT_ACCEPT = '.pdf,.jpg,.jpeg,.png,.webp,.docx,.xlsx,.pptx,.odt,.ods,.txt';

function useFileSize() {
  const { t, i18n } = useTranslation(NS);
  return (bytes: number) => {
    const { unit, value } = fileSizeParts(bytes);
    const n = new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 1 }).format(value);
    return t(`student_detail.size.${unit}`, { n });
  };
}

function DocumentUpload({ studentId, onUploaded }: { studentId: number; onUploaded: () => void }) {
  const { t } = useTranslation(NS);
  const inputId = useId();
  const hintId = useId();
  const { state, submit, fail } = useSubmitState();

  const onFiles = async (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.target;
    const files = Array.from(input.files ?? []);
    input.value = '';
    if (files.length === 0) return;
    // The server refuses these too; checking first saves uploading megabytes for nothing.
    if (files.length > DOCUMENT_MAX_FILES) return fail(ERROR.tooManyFiles);
    if (files.some((file) => file.size > DOCUMENT_MAX_BYTES)) return fail(ERROR.fileTooLarge);
    const outcome = await submit(() => uploadStudentDocuments(studentId, files));
    if (outcome.ok) onUploaded();
  };

  return (
    <div className={styles.upload}>
      <label htmlFor={inputId} className={styles.uploadLabel}>{t('student_detail.documents.add')}</label>
      <input
        id={inputId}
        type="file"
        multiple
        accept={DOCUMENT_ACCEPT}
        aria-describedby={hintId}
        disabled={state === -2}
        onChange={(event) => void onFiles(event)}
      />
      <span id={hintId} className={styles.hint}>{t('student_detail.documents.hint')}</span>
      <SubmitStateBox state={state} busyKey={`${NS}:student_detail.documents.uploading`} />
    </div>
  );
}

function DocumentRow({ document, canWrite, onDelete }: { document: StudentDocument; canWrite: boolean; onDelete: () => void }) {
  const { t } = useTranslation(NS);
  const fileSize = useFileSize();
  const ext = document.ext.replace(/^\./, '').toUpperCase();
  return (
    <tr>
      <td>
        <span role="img" aria-label={t('student_detail.documents.file_type', { ext })} className={styles.ext} data-ext={ext.toLowerCase()}>
          {ext.slice(0, 4)}
        </span>
      </td>
      <td>
        <a href={studentDocumentUrl(document)} download>{document.n}</a>
      </td>
      <td className={styles.number}>{fileSize(document.s)}</td>
      <td>{formatDate(document.dr)}</td>
      <td>{formatDateTime(document.lc)}</td>
      {canWrite && (
        <td>
          <Button size="small" variant="danger" aria-label={t('student_detail.documents.delete', { name: document.n })} onClick={onDelete}>
            {t('common:ui.delete')}
          </Button>
        </td>
      )}
    </tr>
  );
}

/**
 * The documents tab (student_r): the student's files 10 per page with type, name as download
 * link, size, receipt date and last change; student_w uploads and deletes
 * (/api-document/doc-student).
 */
export function StudentDocumentsTab({ studentId }: { studentId: number }) {
  const { t } = useTranslation(NS);
  const { t: tc } = useTranslation('common');
  const canWrite = useCan('student_w');
  const confirmedDelete = useConfirmedDelete();
  const [page, setPage] = useState(0);
  const [version, setVersion] = useState(0);
  const { state, data, reload } = useRequest((signal) => getStudentDocuments(studentId, page, signal), [studentId, page, version]);

  // Deleting the last document of the last page leaves it empty: show the page before.
  useEffect(() => {
    if (state === 0 && data && data.rows.length === 0 && page > 0) setPage(Math.max(0, Math.min(page - 1, data.pages - 1)));
  }, [state, data, page]);

  const remove = async (document: StudentDocument) => {
    if (await confirmedDelete(() => deleteStudentDocument(studentId, document.id))) setVersion((n) => n + 1);
  };

  return (
    <DetailPanel title={t('student_detail.documents.title')}>
      {canWrite && (
        <DocumentUpload
          studentId={studentId}
          onUploaded={() => {
            setPage(0);
            setVersion((n) => n + 1);
          }}
        />
      )}
      <RequestBody state={state} data={data} onRetry={reload}>
        {(list) =>
          list.rows.length === 0 ? (
            <p>{t('student_detail.documents.empty')}</p>
          ) : (
            <>
              <table className={styles.table}>
                <caption className={styles.caption}>{t('student_detail.documents.caption')}</caption>
                <thead>
                  <tr>
                    <th scope="col">{t('student_detail.documents.type')}</th>
                    <th scope="col">{t('student_detail.documents.name')}</th>
                    <th scope="col">{t('student_detail.documents.size')}</th>
                    <th scope="col">{t('student_detail.documents.received')}</th>
                    <th scope="col">{t('student_detail.documents.changed')}</th>
                    {canWrite && <th scope="col">{t('student_detail.documents.actions')}</th>}
                  </tr>
                </thead>
                <tbody>
                  {list.rows.map((document) => (
                    <DocumentRow key={document.id} document={document} canWrite={canWrite} onDelete={() => void remove(document)} />
                  ))}
                </tbody>
              </table>
              {list.pages > 1 && (
                <nav className={styles.pager} aria-label={tc('ui.pagination')}>
                  <Button size="small" disabled={page === 0} onClick={() => setPage(page - 1)}>
                    {tc('ui.previous_page')}
                  </Button>
                  <span>
                    {tc('ui.page_of', { page: page + 1, pages: list.pages })} ({tc('ui.total', { count: list.total })})
                  </span>
                  <Button size="small" disabled={page + 1 >= list.pages} onClick={() => setPage(page + 1)}>
                    {tc('ui.next_page')}
                  </Button>
                </nav>
              )}
            </>
          )
        }
      </RequestBody>
    </DetailPanel>
  );
}
