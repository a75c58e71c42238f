import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, formatDateTime, useCan, useRequest } from 'shared-kernel';
import type { TimelineEntry } from 'shared-kernel/contracts';
import { deleteNote, getTimeline } from '../api/notes.js';
import { useConfirmedDelete } from '../hooks/use-confirmed-delete.js';
import { useStudentLabels } from '../hooks/use-student-labels.js';
import { NS } from '../i18n.js';
import { DetailPanel } from './detail-panel.js';
import { NoteFormDialog, type EditedNote } from './note-form-dialog.js';
import { RequestBody } from './request-body.js';
import styles from './student-detail.module.css';

/** Props of {@link StudentTimelinePanel}. */
export interface StudentTimelinePanelProps {
  studentId: number;
  /** Changes when something elsewhere added a timeline entry (a reminder done). */
  version: number;
}

function TimelineItem({ entry, canWrite, onEdit, onDelete }: {
  entry: TimelineEntry;
  canWrite: boolean;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const { t } = useTranslation(NS);
  const labels = useStudentLabels();
  const date = formatDateTime(entry.dc);
  const heading =
    entry.kind === 'note'
      ? labels.noteType(entry.type)
      : entry.kind === 'mail'
        ? t('student_detail.timeline.mail')
        : t('student_detail.timeline.reminder_done');
  const editable = canWrite && entry.kind === 'note' && entry.editable;
  return (
    <li className={styles.entry} data-kind={entry.kind}>
      <div className={styles.entryHeader}>
        <strong>{heading}</strong>
        {editable && (
          <span className={styles.panelActions}>
            <Button size="small" aria-label={t('student_detail.timeline.edit', { date })} onClick={onEdit}>
              {t('student_detail.edit')}
            </Button>
            <Button size="small" variant="danger" aria-label={t('student_detail.timeline.delete', { date })} onClick={onDelete}>
              {t('common:ui.delete')}
            </Button>
          </span>
        )}
      </div>
      <p className={styles.entryMeta}>
        <time dateTime={entry.dc}>{date}</time>
        {entry.author && ` · ${t('student_detail.timeline.by', { author: entry.author })}`}
      </p>
      <p className={styles.entryText}>{entry.text}</p>
      {entry.kind === 'mail' && entry.mail && (
        <p className={styles.entryMeta}>
          {[
            t('student_detail.timeline.mail_to', { to: entry.mail.to }),
            entry.mail.attachments.length > 0 && t('student_detail.timeline.mail_attachments', { names: entry.mail.attachments.join(', ') }),
            t(`student_detail.timeline.mail_status.${entry.mail.status}`),
          ]
            .filter(Boolean)
            .join(' · ')}
        </p>
      )}
    </li>
  );
}

/**
 * The timeline: notes, done reminders and mails sent about the student, newest first (GET /api-student/timeline). student_w
 * adds notes (type 1-4 and text), edits and deletes them.
 */
export function StudentTimelinePanel({ studentId, version }: StudentTimelinePanelProps) {
  const { t } = useTranslation(NS);
  const canWrite = useCan('student_w');
  const confirmedDelete = useConfirmedDelete();
  const [ownVersion, setOwnVersion] = useState(0);
  // undefined: no dialog; null: a new note; else the note being edited.
  const [editing, setEditing] = useState<EditedNote | null | undefined>(undefined);
  const { state, data, reload } = useRequest((signal) => getTimeline(studentId, signal), [studentId, version, ownVersion]);

  const remove = async (entry: TimelineEntry) => {
    if (await confirmedDelete(() => deleteNote(studentId, entry.id))) setOwnVersion((n) => n + 1);
  };

  return (
    <DetailPanel
      title={t('student_detail.timeline.title')}
      actions={canWrite && (
        <Button size="small" variant="primary" onClick={() => setEditing(null)}>
          {t('student_detail.timeline.add_note')}
        </Button>
      )}
    >
      <RequestBody state={state} data={data} onRetry={reload}>
        {(entries) =>
          entries.length === 0 ? (
            <p>{t('student_detail.timeline.empty')}</p>
          ) : (
            <ol className={styles.entries}>
              {entries.map((entry) => (
                <TimelineItem
                  key={`${entry.kind}-${entry.id}`}
                  entry={entry}
                  canWrite={canWrite}
                  onEdit={() => setEditing({ id: entry.id, type: entry.type ?? 1, text: entry.text, version: entry.version })}
                  onDelete={() => void remove(entry)}
                />
              ))}
            </ol>
          )
        }
      </RequestBody>
      {editing !== undefined && (
        <NoteFormDialog
          studentId={studentId}
          note={editing}
          onClose={() => setEditing(undefined)}
          onSaved={() => {
            setEditing(undefined);
            setOwnVersion((n) => n + 1);
          }}
        />
      )}
    </DetailPanel>
  );
}
