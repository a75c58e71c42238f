import { useTranslation } from 'react-i18next';
import { Button, ModalDialog, SubmitStateBox } from 'shared-kernel';
import { noteSchema, type NoteForm } from 'shared-kernel/contracts';
import { ConflictNotice, FormikForm, SelectField, SubmitButton, TextAreaField } from 'shared-kernel/forms';
import { createNote, getNote, updateNote } from '../api/notes.js';
import { useStudentLabels } from '../hooks/use-student-labels.js';
import { useVersionedSave } from '../hooks/use-versioned-save.js';
import { NS } from '../i18n.js';
import styles from './student-detail.module.css';

/** The note being edited, or null for a new one. */
export interface EditedNote {
  id: number;
  type: number;
  text: string;
  /** The version the timeline read (sent with the save). */
  version: number;
}

/** Props of {@link NoteFormDialog}. */
export interface NoteFormDialogProps {
  studentId: number;
  note: EditedNote | null;
  onClose: () => void;
  onSaved: () => void;
}

/**
 * Adds a note (type 1-4 and text) or edits one, in a dialog (POST|PUT /api-student/note). An
 * edit sends the version read; when someone saved the note meanwhile the conflict notice says so.
 */
export function NoteFormDialog({ studentId, note, onClose, onSaved }: NoteFormDialogProps) {
  const { t } = useTranslation(NS);
  const labels = useStudentLabels();
  // A new note has no version yet: its save (POST) answers none, the record stays at 1 unused.
  const { record, state, save } = useVersionedSave({ type: note?.type ?? 1, text: note?.text ?? '', version: note?.version ?? 1 }, () =>
    getNote(studentId, note!.id),
  );
  const title = t(note ? 'student_detail.timeline.edit_title' : 'student_detail.timeline.add_title');
  return (
    <ModalDialog title={title} onClose={onClose}>
      <FormikForm<NoteForm>
        initialValues={{ type: note?.type ?? 1, text: note?.text ?? '' }}
        validationSchema={noteSchema}
        ariaLabel={title}
        className={styles.form}
        onSubmit={async (values, helpers) => {
          const body = noteSchema.cast(values, { stripUnknown: true }) as NoteForm;
          const outcome = await save((version) =>
            note ? updateNote(studentId, note.id, body, version) : createNote(studentId, body).then(() => version),
          );
          if (outcome.ok) onSaved();
          else if (outcome.fields) helpers.setErrors(outcome.fields);
        }}
      >
        <SelectField name="type" label={t('student_detail.timeline.type')} required options={labels.noteTypeOptions} />
        <TextAreaField name="text" label={t('student_detail.timeline.text')} required rows={6} maxLength={5000} />
        <ConflictNotice record={record} labels={{ type: t('student_detail.timeline.type'), text: t('student_detail.timeline.text') }} />
        <SubmitStateBox state={state} />
        <div className={styles.formActions}>
          <SubmitButton>{t('student_detail.save')}</SubmitButton>
          <Button onClick={onClose}>{t('common:ui.cancel')}</Button>
        </div>
      </FormikForm>
    </ModalDialog>
  );
}
