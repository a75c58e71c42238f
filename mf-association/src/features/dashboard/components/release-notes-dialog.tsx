import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, ErrorPanel, ModalDialog, Spinner, formatDate, useRequest } from 'shared-kernel';
import { NS } from '../../../i18n.js';
import { getReleaseNotes, type ReleaseNote } from '../api/get-release-notes.js';
import styles from './dashboard.module.css';

/**
 * The 'last changes' button of the technical requests list and its dialog: the product's
 * release notes, so a school sees what became of its software feedback. ModalDialog traps
 * focus, closes on Escape and gives focus back to this button.
 */
export function ReleaseNotesButton() {
  const { t } = useTranslation(NS);
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button onClick={() => setOpen(true)} aria-haspopup="dialog">
        {t('dashboard.last_changes')}
      </Button>
      {open && <ReleaseNotesDialog onClose={() => setOpen(false)} />}
    </>
  );
}

function ReleaseNotesDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation(NS);
  const { t: tc } = useTranslation('common');
  const { state, data, reload } = useRequest((signal) => getReleaseNotes(signal), []);

  let body;
  if (state > 0) body = <ErrorPanel code={state} onRetry={reload} headingLevel={3} />;
  else if (state === -1 && !data) body = <Spinner showLabel />;
  else if (!data?.length) body = <p>{t('dashboard.changes_empty')}</p>;
  else body = <ReleaseNoteList notes={data} />;

  return (
    <ModalDialog
      title={t('dashboard.last_changes')}
      onClose={onClose}
      actions={<Button onClick={onClose}>{tc('ui.close')}</Button>}
    >
      <div className={styles.changesBody}>{body}</div>
    </ModalDialog>
  );
}

function ReleaseNoteList({ notes }: { notes: ReleaseNote[] }) {
  const { t, i18n } = useTranslation(NS);
  // German is the fallback language of the product, also for release notes.
  const language = i18n.language?.startsWith('en') ? 'en' : 'de';
  return (
    <>
      {notes.map((note) => (
        <section key={note.version} aria-label={t('dashboard.release', { version: note.version })}>
          <h3>{t('dashboard.release_heading', { version: note.version, date: formatDate(note.date) })}</h3>
          <ul>
            {(note.changes[language].length ? note.changes[language] : note.changes.de).map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        </section>
      ))}
    </>
  );
}
