import { useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, ModalDialog, confirmDialog, showErrorDialog, toErrorCode, toast } from 'shared-kernel';
import { DOCUMENT_NAME_MAX, type AssociationDocumentEntry, type AssociationDocumentList } from 'shared-kernel/contracts';
import { NS } from '../../../i18n.js';
import { createDocumentFolder, deleteDocumentEntry, updateDocumentEntry, uploadDocuments } from '../api/documents.js';
import styles from './documents.module.css';

/** A refused change in the error dialog with its code's text. */
async function reportFailure(error: unknown): Promise<void> {
  await showErrorDialog({ code: await toErrorCode(error) });
}

/**
 * The superadmin's tools under a folder: create a subfolder, upload files (checked by
 * content on the server).
 */
export function DocumentManagement({
  folder,
  onChanged,
  onFolderCreated,
}: {
  folder: number | null;
  onChanged: () => void;
  onFolderCreated: (id: number) => void;
}) {
  const { t } = useTranslation(NS);
  const [name, setName] = useState('');
  const [busy, setBusy] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);
  const nameId = useId();
  const fileId = useId();

  const createFolder = async (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim()) return;
    setBusy(true);
    try {
      const created = await createDocumentFolder(folder, name.trim());
      setName('');
      onFolderCreated(created.id);
    } catch (error) {
      await reportFailure(error);
    } finally {
      setBusy(false);
    }
  };

  const upload = async (event: FormEvent) => {
    event.preventDefault();
    const files = [...(fileInput.current?.files ?? [])];
    if (files.length === 0) return;
    setBusy(true);
    try {
      await uploadDocuments(folder, files);
      if (fileInput.current) fileInput.current.value = '';
      toast.success(`${NS}:documents.uploaded`);
      onChanged();
    } catch (error) {
      await reportFailure(error);
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className={styles.manage} aria-label={t('documents.manage')}>
      <form onSubmit={createFolder}>
        <label htmlFor={nameId}>
          {t('documents.new_folder')}
          <input id={nameId} value={name} maxLength={DOCUMENT_NAME_MAX} onChange={(event) => setName(event.target.value)} disabled={busy} />
        </label>
        <Button type="submit" disabled={busy || !name.trim()}>
          {t('documents.create_folder')}
        </Button>
      </form>
      <form onSubmit={upload}>
        <label htmlFor={fileId}>
          {t('documents.files')}
          <input id={fileId} ref={fileInput} type="file" multiple disabled={busy} />
        </label>
        <Button type="submit" variant="primary" disabled={busy}>
          {t('documents.upload')}
        </Button>
      </form>
    </section>
  );
}

/** Rename, move, hide/show and delete of one entry (superadmin). */
export function EntryActions({ entry, data, onChanged }: { entry: AssociationDocumentEntry; data: AssociationDocumentList; onChanged: () => void }) {
  const { t } = useTranslation(NS);
  const [editing, setEditing] = useState(false);

  const toggleHidden = async () => {
    try {
      await updateDocumentEntry(entry.id, { h: !entry.h, version: entry.version });
      onChanged();
    } catch (error) {
      await reportFailure(error);
    }
  };

  const remove = async () => {
    const confirmed = await confirmDialog({
      message: `${NS}:${entry.folder ? 'documents.confirm_delete_folder' : 'documents.confirm_delete'}`,
      values: { name: entry.n },
      danger: true,
    });
    if (!confirmed) return;
    try {
      // A folder goes with everything in it: the confirmation says so.
      await deleteDocumentEntry(entry.id, entry.folder);
      onChanged();
    } catch (error) {
      await reportFailure(error);
    }
  };

  return (
    <div className={styles.actions}>
      <Button size="small" onClick={() => setEditing(true)} aria-label={t('documents.edit_entry', { name: entry.n })}>
        {t('documents.edit')}
      </Button>
      <Button size="small" onClick={toggleHidden} aria-label={t(entry.h ? 'documents.show_entry' : 'documents.hide_entry', { name: entry.n })}>
        {t(entry.h ? 'documents.show' : 'documents.hide')}
      </Button>
      <Button size="small" variant="danger" onClick={remove} aria-label={t('documents.delete_entry', { name: entry.n })}>
        {t('documents.delete')}
      </Button>
      {editing && <EditEntryDialog entry={entry} data={data} onClose={() => setEditing(false)} onSaved={onChanged} />}
    </div>
  );
}

/** Move targets offered: the root, the folders on the path, the current folder and its subfolders. */
function moveTargets(entry: AssociationDocumentEntry, data: AssociationDocumentList, rootLabel: string): { value: string; label: string }[] {
  const targets = new Map<string, string>([['root', rootLabel]]);
  for (const item of data.path) targets.set(String(item.id), item.n);
  if (data.folder) targets.set(String(data.folder.id), data.folder.n);
  for (const row of data.rows) if (row.folder && row.id !== entry.id) targets.set(String(row.id), row.n);
  return [...targets].map(([value, label]) => ({ value, label }));
}

function EditEntryDialog({ entry, data, onClose, onSaved }: { entry: AssociationDocumentEntry; data: AssociationDocumentList; onClose: () => void; onSaved: () => void }) {
  const { t } = useTranslation(NS);
  const { t: tc } = useTranslation('common');
  const [name, setName] = useState(entry.n);
  const [target, setTarget] = useState(entry.p === null ? 'root' : String(entry.p));
  const [busy, setBusy] = useState(false);
  const nameId = useId();
  const targetId = useId();
  const formId = useId();
  const targets = moveTargets(entry, data, t('documents.root'));

  const save = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    try {
      const parent = target === 'root' ? null : Number(target);
      await updateDocumentEntry(entry.id, { n: name.trim(), ...(parent !== entry.p ? { p: parent } : {}), version: entry.version });
      onClose();
      onSaved();
    } catch (error) {
      await reportFailure(error);
    } finally {
      setBusy(false);
    }
  };

  return (
    <ModalDialog
      title={t('documents.edit_title', { name: entry.n })}
      onClose={onClose}
      initialFocus="input"
      actions={
        <>
          <Button type="submit" form={formId} variant="primary" disabled={busy || !name.trim()}>
            {t('documents.save')}
          </Button>
          <Button onClick={onClose}>{tc('ui.cancel')}</Button>
        </>
      }
    >
      <form id={formId} className={styles.dialog} onSubmit={save}>
        <label htmlFor={nameId}>
          {t('documents.name')}
          <input id={nameId} value={name} maxLength={DOCUMENT_NAME_MAX} required onChange={(event) => setName(event.target.value)} />
        </label>
        <label htmlFor={targetId}>
          {t('documents.move_to')}
          <select id={targetId} value={target} onChange={(event) => setTarget(event.target.value)}>
            {targets.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
        </label>
      </form>
    </ModalDialog>
  );
}
