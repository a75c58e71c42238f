import { screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { makeAppState, renderWithProviders } from 'shared-kernel/testing';
import { todayIso } from 'shared-kernel';
import type { AppState, Atom } from 'shared-kernel/contracts';
import { getInvoiceAddress, getMainAddress } from '../api/addresses.js';
import { deleteStudentDocument, getStudentDocuments, uploadStudentDocuments } from '../api/documents.js';
import { createNote, deleteNote, getTimeline, updateNote } from '../api/notes.js';
import { getPersonalData, savePersonalData } from '../api/personal-data.js';
import { uploadStudentPicture } from '../api/picture.js';
import { createReminder, getOpenStudentReminders, markReminderDone } from '../api/reminders.js';
import { requestNetworkCancellationConfirmation, requestNetworkDataTransfer } from '../api/network.js';
import { getStudentData } from '../api/student-data.js';
import { StudentDetailPage } from '../components/student-detail-page.js';
import {
  documents, httpError, mainAddress, personalData, reminder, STUDENT_ID, studentData, timeline,
} from './fixtures.js';

jest.mock('../api/student-data.js');
jest.mock('../api/personal-data.js');
jest.mock('../api/addresses.js');
jest.mock('../api/notes.js');
jest.mock('../api/reminders.js');
jest.mock('../api/network.js');
// The URL builders stay real: the tests check the links and the picture's address.
jest.mock('../api/picture.js', () => ({ ...jest.requireActual('../api/picture.js'), uploadStudentPicture: jest.fn() }));
jest.mock('../api/documents.js', () => ({
  ...jest.requireActual('../api/documents.js'),
  getStudentDocuments: jest.fn(),
  uploadStudentDocuments: jest.fn(),
  deleteStudentDocument: jest.fn(),
}));

// user-event sessions with dialogs and formik are slow on the small shared test machines.
jest.setTimeout(30_000);

const api = {
  getStudentData: jest.mocked(getStudentData),
  getPersonalData: jest.mocked(getPersonalData),
  savePersonalData: jest.mocked(savePersonalData),
  getMainAddress: jest.mocked(getMainAddress),
  getInvoiceAddress: jest.mocked(getInvoiceAddress),
  getTimeline: jest.mocked(getTimeline),
  createNote: jest.mocked(createNote),
  updateNote: jest.mocked(updateNote),
  deleteNote: jest.mocked(deleteNote),
  getOpenStudentReminders: jest.mocked(getOpenStudentReminders),
  createReminder: jest.mocked(createReminder),
  markReminderDone: jest.mocked(markReminderDone),
  uploadStudentPicture: jest.mocked(uploadStudentPicture),
  getStudentDocuments: jest.mocked(getStudentDocuments),
  uploadStudentDocuments: jest.mocked(uploadStudentDocuments),
  deleteStudentDocument: jest.mocked(deleteStudentDocument),
};

beforeEach(() => {
  jest.resetAllMocks();
  api.getStudentData.mockResolvedValue(studentData());
  api.getPersonalData.mockResolvedValue(personalData());
  api.savePersonalData.mockResolvedValue(4);
  api.getMainAddress.mockResolvedValue(mainAddress);
  api.getInvoiceAddress.mockResolvedValue(null);
  api.getTimeline.mockResolvedValue(timeline());
  api.createNote.mockResolvedValue(undefined);
  api.updateNote.mockResolvedValue(2);
  api.deleteNote.mockResolvedValue(undefined);
  api.getOpenStudentReminders.mockResolvedValue([
    reminder(),
    reminder({ reminder_id: 42, subject: 'Gürtelprüfung', date_deadline: todayIso(), notes: '' }),
  ]);
  api.createReminder.mockResolvedValue(undefined);
  api.markReminderDone.mockResolvedValue(undefined);
  api.getStudentDocuments.mockResolvedValue(documents());
  api.uploadStudentDocuments.mockResolvedValue(undefined);
  api.deleteStudentDocument.mockResolvedValue(undefined);
});

/** Renders the detail of student 7; `atoms` makes the user a level-3 user with just those atoms. */
function renderDetail({ query = '', atoms }: { query?: string; atoms?: Atom[] } = {}) {
  const session: Partial<AppState> = atoms ? { atoms, user: { ...makeAppState().user, level: 3 } } : {};
  return renderWithProviders(
    <Routes>
      <Route path="/m-student/details/:id" element={<StudentDetailPage />} />
    </Routes>,
    { route: `/m-student/details/${STUDENT_ID}${query}`, session },
  );
}

function errorOf(label: string): string | null {
  const input = screen.getByLabelText(label, { exact: false });
  const ids = (input.getAttribute('aria-describedby') ?? '').split(' ').filter((id) => id.endsWith('-error'));
  return ids.length ? (document.getElementById(ids[0])?.textContent ?? null) : null;
}

const TRAINER: Atom[] = ['student_r', 'reminder_r'];

describe('student detail page', () => {
  it('shows the header, personal data, addresses, picture, open reminders and the timeline', async () => {
    renderDetail();
    expect(await screen.findByRole('heading', { level: 1, name: 'Max Muster' })).toBeTruthy();
    expect(screen.getByText('Aktiv', { selector: 'span' })).toBeTruthy();
    expect(screen.getByText('Schule: Kampfsportschule Wien')).toBeTruthy();
    expect(api.getStudentData).toHaveBeenCalledWith(STUDENT_ID, expect.anything());

    const personal = await screen.findByRole('region', { name: 'Persönliche Daten' });
    // The panel loads its own data: wait for it (under load the spinner may still show).
    expect(await within(personal).findByText('Herr', {}, { timeout: 10_000 })).toBeTruthy();
    expect(within(personal).getByText(/^04\.05\.2012/)).toBeTruthy();
    expect(within(personal).getByText('Kinder (4–6), Jugend')).toBeTruthy();

    const address = screen.getByRole('region', { name: 'Adresse' });
    expect(await within(address).findByText('Hauptstraße 12')).toBeTruthy();
    expect(within(address).getByText('1010 Wien')).toBeTruthy();
    expect(within(address).getByText(/Keine eigene Rechnungsadresse/)).toBeTruthy();

    const picture = screen.getByRole('img', { name: 'Foto von Max Muster' });
    expect(picture.getAttribute('src')).toBe('/api-cubic/image?f=abc123-400x0&n=members');

    const reminders = screen.getByRole('region', { name: 'Wiedervorlagen' });
    const overdue = (await within(reminders).findByText('Rückruf')).closest('li');
    expect(overdue?.className).toContain('overdue');
    expect(overdue?.textContent).toContain('02.01.2020 (überfällig)');
    const today = within(reminders).getByText('Gürtelprüfung').closest('li');
    expect(today?.className).toContain('today');
    expect(today?.textContent).toContain('(heute fällig)');
    expect(api.getOpenStudentReminders).toHaveBeenCalledWith(STUDENT_ID, expect.anything());

    const timelinePanel = screen.getByRole('region', { name: 'Verlauf' });
    const note = (await within(timelinePanel).findByText('Neue Adresse gemeldet')).closest('li');
    expect(note?.textContent).toContain('Adressänderung');
    expect(note?.textContent).toContain('02.03.2026 09:30');
    expect(note?.textContent).toContain('von Martina Leitner');
    const done = within(timelinePanel).getByText('Probetraining nachfassen').closest('li');
    expect(done?.textContent).toContain('Wiedervorlage erledigt');
    expect(within(done as HTMLElement).queryByRole('button')).toBeNull();
    const mail = within(timelinePanel).getByText('Ihre Kündigungsbestätigung').closest('li');
    expect(mail?.textContent).toContain('E-Mail');
    expect(mail?.textContent).toContain('an eva@example.test · Anhang: Kündigung.pdf · gesendet');
    expect(within(mail as HTMLElement).queryByRole('button')).toBeNull();
  });

  it('shows the error panel when the student cannot be loaded and loads again on retry', async () => {
    api.getStudentData.mockRejectedValueOnce(httpError(404, { error: 3 }));
    const { user } = renderDetail();
    expect((await screen.findByRole('alert')).textContent).toContain('Die Aktion konnte nicht ausgeführt werden');
    await user.click(screen.getByRole('button', { name: 'Erneut versuchen' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Max Muster' })).toBeTruthy();
  });

  it('goes back to the student list when the detail was opened directly', async () => {
    const { user } = renderWithProviders(
      <Routes>
        <Route path="/m-student/details/:id" element={<StudentDetailPage />} />
        <Route path="/m-student/list" element={<p>Schülerliste</p>} />
      </Routes>,
      { route: `/m-student/details/${STUDENT_ID}` },
    );
    await user.click(await screen.findByRole('button', { name: 'Zurück' }));
    expect(await screen.findByText('Schülerliste')).toBeTruthy();
  });

  it('shows a notice instead of loading for an id that is no student number', async () => {
    renderWithProviders(
      <Routes>
        <Route path="/m-student/details/:id" element={<StudentDetailPage />} />
      </Routes>,
      { route: '/m-student/details/abc' },
    );
    expect((await screen.findByRole('alert')).textContent).toContain('Ungültige Schüler-Nummer');
    expect(api.getStudentData).not.toHaveBeenCalled();
  });

  it('renders edit, upload, delete and reminder buttons with student_w and reminder_w, none read-only', async () => {
    const full = renderDetail({ query: '?tab=documents' });
    await screen.findByRole('heading', { level: 1, name: 'Max Muster' });
    expect(screen.getByRole('button', { name: 'Neue Wiedervorlage' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Notiz hinzufügen' })).toBeTruthy();
    expect(await screen.findByRole('button', { name: 'Notiz vom 02.03.2026 09:30 löschen' })).toBeTruthy();
    expect(await screen.findByRole('button', { name: 'Wiedervorlage „Rückruf“ erledigt' })).toBeTruthy();
    expect(screen.getByLabelText('Dokumente hinzufügen')).toBeTruthy();
    expect(await screen.findByRole('button', { name: 'Vertrag.pdf löschen' })).toBeTruthy();
    await full.user.click(screen.getByRole('tab', { name: 'Persönliche Daten' }));
    expect(await screen.findByRole('button', { name: 'Persönliche Daten bearbeiten' })).toBeTruthy();
    expect(await screen.findByRole('button', { name: 'Hauptadresse bearbeiten' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Eigene Rechnungsadresse hinzufügen' })).toBeTruthy();
    expect(screen.getByLabelText('Neues Foto hochladen')).toBeTruthy();
    full.unmount();

    const readOnly = renderDetail({ query: '?tab=documents', atoms: TRAINER });
    await screen.findByRole('heading', { level: 1, name: 'Max Muster' });
    expect(await screen.findByRole('link', { name: 'Vertrag.pdf' })).toBeTruthy();
    expect(await screen.findByText('Neue Adresse gemeldet')).toBeTruthy();
    expect(await screen.findByText('Rückruf')).toBeTruthy();
    expect(screen.queryByLabelText('Dokumente hinzufügen')).toBeNull();
    expect(screen.queryByRole('button', { name: /löschen/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Neue Wiedervorlage' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Notiz hinzufügen' })).toBeNull();
    expect(screen.queryByRole('button', { name: /erledigt/ })).toBeNull();
    await readOnly.user.click(screen.getByRole('tab', { name: 'Persönliche Daten' }));
    expect(await screen.findByText('Hauptstraße 12')).toBeTruthy();
    expect(await screen.findByText('Herr')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /bearbeiten/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /hinzufügen/ })).toBeNull();
    expect(screen.queryByLabelText('Neues Foto hochladen')).toBeNull();
  });

  it('shows the finance tabs only with finance_r, as the finance slot fallback until the finance remote fills them', async () => {
    const withFinance = renderDetail({ atoms: ['student_r', 'finance_r'] });
    await screen.findByRole('heading', { level: 1, name: 'Max Muster' });
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual([
      'Persönliche Daten', 'Finanzen', 'Zahlungen', 'Verträge', 'Dokumente',
    ]);
    await withFinance.user.click(screen.getByRole('tab', { name: 'Zahlungen' }));
    const panel = screen.getByRole('tabpanel', { name: 'Zahlungen' });
    expect(await within(panel).findByText('Dieser Bereich konnte nicht geladen werden.')).toBeTruthy();
    withFinance.unmount();

    renderDetail({ atoms: ['student_r'] });
    await screen.findByRole('heading', { level: 1, name: 'Max Muster' });
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['Persönliche Daten', 'Dokumente']);
  });

  it('shows the documents tab only with student_r', async () => {
    renderDetail({ query: '?tab=documents', atoms: ['finance_r'] });
    await screen.findByRole('heading', { level: 1, name: 'Max Muster' });
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual([
      'Persönliche Daten', 'Finanzen', 'Zahlungen', 'Verträge',
    ]);
    // A link to a tab the user may not see opens the personal data instead.
    expect(screen.getByRole('tab', { name: 'Persönliche Daten' }).getAttribute('aria-selected')).toBe('true');
    expect(api.getStudentDocuments).not.toHaveBeenCalled();
  });

  it('moves between tabs with the arrow keys, Home and End', async () => {
    const { user } = renderDetail();
    await screen.findByRole('heading', { level: 1, name: 'Max Muster' });
    const personal = screen.getByRole('tab', { name: 'Persönliche Daten' });
    expect(personal.getAttribute('tabindex')).toBe('0');
    personal.focus();
    await user.keyboard('{ArrowRight}');
    const finance = screen.getByRole('tab', { name: 'Finanzen' });
    expect(finance.getAttribute('aria-selected')).toBe('true');
    expect(document.activeElement).toBe(finance);
    expect(personal.getAttribute('tabindex')).toBe('-1');
    await user.keyboard('{End}');
    expect(document.activeElement).toBe(screen.getByRole('tab', { name: 'Dokumente' }));
    expect(await screen.findByRole('link', { name: 'Vertrag.pdf' })).toBeTruthy();
    await user.keyboard('{ArrowRight}');
    expect(document.activeElement).toBe(personal);
    expect(personal.getAttribute('aria-selected')).toBe('true');
    await user.keyboard('{ArrowLeft}');
    expect(screen.getByRole('tab', { name: 'Dokumente' }).getAttribute('aria-selected')).toBe('true');
    await user.keyboard('{Home}');
    expect(personal.getAttribute('aria-selected')).toBe('true');
  });
});

describe('personal data form', () => {
  async function openForm() {
    const rendered = renderDetail();
    await rendered.user.click(await screen.findByRole('button', { name: 'Persönliche Daten bearbeiten' }));
    await screen.findByRole('form', { name: 'Persönliche Daten' });
    return rendered;
  }

  it('shows the validation messages: required, invalid e-mail, invalid date', async () => {
    const { user } = await openForm();
    await user.clear(screen.getByLabelText('Vorname', { exact: false }));
    const email = screen.getByLabelText('E-Mail', { exact: false });
    await user.clear(email);
    await user.type(email, 'max@');
    const dob = screen.getByLabelText('Geburtsdatum', { exact: false });
    await user.clear(dob);
    await user.type(dob, '31.02.2015');
    await user.click(screen.getByRole('button', { name: 'Speichern' }));
    await waitFor(() => expect(errorOf('Vorname')).toBe('Pflichtfeld'));
    expect(errorOf('E-Mail')).toBe('Ungültige E-Mail-Adresse');
    expect(errorOf('Geburtsdatum')).toBe('Ungültiges Datum');
    expect(errorOf('Nachname')).toBeNull();
    expect(api.savePersonalData).not.toHaveBeenCalled();
  });

  it('says when someone else saved the data meanwhile, keeps what the user typed and saves against the reloaded version', async () => {
    const { user } = await openForm();
    api.savePersonalData.mockRejectedValueOnce(httpError(409, { error: 9 }));
    const lastname = screen.getByLabelText('Nachname', { exact: false });
    await user.clear(lastname);
    await user.type(lastname, 'Meine Eingabe');
    await user.click(screen.getByRole('button', { name: 'Speichern' }));

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Dieser Datensatz wurde inzwischen von jemand anderem gespeichert');
    expect((screen.getByLabelText('Nachname', { exact: false }) as HTMLInputElement).value).toBe('Meine Eingabe');
    expect(api.savePersonalData).toHaveBeenLastCalledWith(STUDENT_ID, expect.objectContaining({ lastname: 'Meine Eingabe' }), 3);
    // No second error text beside the notice.
    expect(screen.queryByText('Die Daten konnten auf dem Server nicht gespeichert werden.')).toBeNull();

    // Someone else changed the e-mail: loading the current version lists it, the entries stay.
    api.getPersonalData.mockResolvedValue(personalData({ email: 'neu@example.org', version: 4 }));
    await user.click(within(alert).getByRole('button', { name: 'Aktuellen Stand laden' }));
    const loaded = await screen.findByRole('status');
    expect(within(loaded).getByText('neu@example.org').tagName).toBe('DD');
    expect((screen.getByLabelText('Nachname', { exact: false }) as HTMLInputElement).value).toBe('Meine Eingabe');

    await user.click(screen.getByRole('button', { name: 'Speichern' }));
    await waitFor(() => expect(api.savePersonalData).toHaveBeenLastCalledWith(STUDENT_ID, expect.objectContaining({ lastname: 'Meine Eingabe' }), 4));
    expect(await screen.findByText('Erfolgreich gespeichert!')).toBeTruthy();
  });

  it('disables the save button while the save runs', async () => {
    const { user } = await openForm();
    let finish!: (version: number) => void;
    api.savePersonalData.mockImplementationOnce(
      () =>
        new Promise<number>((resolve) => {
          finish = resolve;
        }),
    );
    await user.click(screen.getByRole('button', { name: 'Speichern' }));
    await waitFor(() => expect((screen.getByRole('button', { name: 'Speichern' }) as HTMLButtonElement).disabled).toBe(true));
    await user.click(screen.getByRole('button', { name: 'Speichern' }));
    expect(api.savePersonalData).toHaveBeenCalledTimes(1);
    finish(4);
    expect(await screen.findByText('Erfolgreich gespeichert!')).toBeTruthy();
  });

  it('saves the changed data, shows the success toast and the new values', async () => {
    const { user } = await openForm();
    const lastname = screen.getByLabelText('Nachname', { exact: false });
    await user.clear(lastname);
    await user.type(lastname, '  Mustermann ');
    const dob = screen.getByLabelText('Geburtsdatum', { exact: false });
    await user.clear(dob);
    await user.type(dob, '01.02.2013');
    await user.clear(screen.getByLabelText('Telefon'));
    await user.selectOptions(screen.getByLabelText('Titel', { exact: false }), 'Mag.');
    await user.click(screen.getByRole('checkbox', { name: 'Kids (7–10)' }));
    await user.click(screen.getByRole('checkbox', { name: 'Kinder (4–6)' }));
    api.getPersonalData.mockResolvedValue(personalData({ lastname: 'Mustermann', dob: '2013-02-01' }));
    await user.click(screen.getByRole('button', { name: 'Speichern' }));

    await waitFor(() => expect(api.savePersonalData).toHaveBeenCalledTimes(1));
    expect(api.savePersonalData).toHaveBeenCalledWith(STUDENT_ID, {
      salutation_id: 2, title_id: 2, firstname: 'Max', lastname: 'Mustermann', supplement: null,
      email: 'max@example.org', phone_regular: null, phone_cellphone: '+43 660 1234567', dob: '2013-02-01',
      nationality: 'Österreich', student_status_id: 2, e_member_status_id: 1, divisions: [2, 3],
    }, 3);
    expect(await screen.findByText('Erfolgreich gespeichert!')).toBeTruthy();
    expect(await screen.findByText('Mustermann')).toBeTruthy();
    expect(screen.queryByRole('form', { name: 'Persönliche Daten' })).toBeNull();
    // The header (name, status) is loaded again.
    await waitFor(() => expect(api.getStudentData).toHaveBeenCalledTimes(2));
  });

  it('shows the error box with the code text when the save fails and marks the fields the server refused', async () => {
    api.savePersonalData.mockRejectedValueOnce(httpError(400, { error: 4, fields: { email: 'form.invalid_email' } }));
    const { user } = await openForm();
    await user.click(screen.getByRole('button', { name: 'Speichern' }));
    const form = screen.getByRole('form', { name: 'Persönliche Daten' });
    expect((await within(form).findByRole('alert')).textContent).toBe('Die Daten konnten auf dem Server nicht gespeichert werden.');
    await waitFor(() => expect(errorOf('E-Mail')).toBe('Ungültige E-Mail-Adresse'));
  });
});

describe('addresses and picture', () => {
  it('adds an invoice address and deletes it after the question', async () => {
    const { user } = renderDetail();
    await user.click(await screen.findByRole('button', { name: 'Eigene Rechnungsadresse hinzufügen' }));
    const form = await screen.findByRole('form', { name: 'Rechnungsadresse' });
    await user.selectOptions(within(form).getByLabelText('Anrede', { exact: false }), 'Frau');
    await user.type(within(form).getByLabelText('Nachname', { exact: false }), 'Muster');
    await user.type(within(form).getByLabelText('Straße', { exact: false }), 'Ring');
    await user.type(within(form).getByLabelText('Hausnummer', { exact: false }), '3');
    await user.type(within(form).getByLabelText('PLZ', { exact: false }), '1020');
    await user.type(within(form).getByLabelText('Ort', { exact: false }), 'Wien');
    const { saveInvoiceAddress, deleteInvoiceAddress } = jest.requireMock('../api/addresses.js') as typeof import('../api/addresses.js');
    jest.mocked(saveInvoiceAddress).mockResolvedValue(1);
    jest.mocked(deleteInvoiceAddress).mockResolvedValue(undefined);
    api.getInvoiceAddress.mockResolvedValue({
      salutation_id: 1, title_id: null, firstname: null, lastname: 'Muster', company: null, street: 'Ring', house_no: '3',
      zip: '1020', city: 'Wien', country_iso: 'at', email: null, version: 1,
    });
    await user.click(within(form).getByRole('button', { name: 'Speichern' }));
    // Version 0: the student had no invoice address when the form was opened.
    await waitFor(() => expect(saveInvoiceAddress).toHaveBeenCalledWith(STUDENT_ID, {
      salutation_id: 1, title_id: null, firstname: null, lastname: 'Muster', company: null, street: 'Ring', house_no: '3',
      zip: '1020', city: 'Wien', country_iso: 'at', email: null,
    }, 0));
    expect(await screen.findByText('Frau Muster')).toBeTruthy();

    api.getInvoiceAddress.mockResolvedValue(null);
    await user.click(screen.getByRole('button', { name: 'Rechnungsadresse löschen' }));
    const question = await screen.findByRole('alertdialog', { name: 'Bitte bestätigen' });
    expect(question.textContent).toContain('Wirklich löschen?');
    await user.click(within(question).getByRole('button', { name: 'Löschen' }));
    await waitFor(() => expect(deleteInvoiceAddress).toHaveBeenCalledWith(STUDENT_ID));
    expect(await screen.findByText(/Keine eigene Rechnungsadresse/)).toBeTruthy();
  });

  it('replaces the picture and shows the new one; a refused upload shows the code text', async () => {
    const { user } = renderDetail();
    const input = await screen.findByLabelText('Neues Foto hochladen');
    api.uploadStudentPicture.mockRejectedValueOnce(httpError(400, { error: 1100 }));
    const file = new File(['<html>'], 'foto.jpg', { type: 'image/jpeg' });
    await user.upload(input, file);
    expect((await screen.findByText(/Dieser Dateityp wird nicht angenommen/)).getAttribute('role')).toBe('alert');

    api.uploadStudentPicture.mockResolvedValueOnce({ sifh: 'new999' });
    await user.upload(input, new File(['jpeg'], 'foto2.jpg', { type: 'image/jpeg' }));
    await waitFor(() =>
      expect(screen.getByRole('img', { name: 'Foto von Max Muster' }).getAttribute('src')).toBe('/api-cubic/image?f=new999-400x0&n=members'),
    );
    expect(api.uploadStudentPicture).toHaveBeenLastCalledWith(STUDENT_ID, expect.objectContaining({ name: 'foto2.jpg' }));
    expect(await screen.findByText('Erfolgreich gespeichert!')).toBeTruthy();
  });
});

describe('timeline notes', () => {
  it('adds a note of a chosen type and shows the timeline again', async () => {
    const { user } = renderDetail();
    await user.click(await screen.findByRole('button', { name: 'Notiz hinzufügen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Notiz hinzufügen' });
    await user.click(within(dialog).getByRole('button', { name: 'Speichern' }));
    await waitFor(() => expect(within(dialog).getByText('Pflichtfeld')).toBeTruthy());
    await user.selectOptions(within(dialog).getByLabelText('Art', { exact: false }), 'Kündigung');
    await user.type(within(dialog).getByLabelText('Text', { exact: false }), 'Kündigung per Brief erhalten');
    api.getTimeline.mockResolvedValue([
      { id: 32, kind: 'note', type: 4, text: 'Kündigung per Brief erhalten', dc: '2026-03-03T11:00:00', author: 'Anna Admin', editable: true, version: 1 },
      ...timeline(),
    ]);
    await user.click(within(dialog).getByRole('button', { name: 'Speichern' }));
    await waitFor(() => expect(api.createNote).toHaveBeenCalledWith(STUDENT_ID, { type: 4, text: 'Kündigung per Brief erhalten' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Notiz hinzufügen' })).toBeNull());
    expect(await screen.findByText('Kündigung per Brief erhalten')).toBeTruthy();
  });

  it('edits a note', async () => {
    const { user } = renderDetail();
    await user.click(await screen.findByRole('button', { name: 'Notiz vom 02.03.2026 09:30 bearbeiten' }));
    const dialog = await screen.findByRole('dialog', { name: 'Notiz bearbeiten' });
    const text = within(dialog).getByLabelText('Text', { exact: false });
    expect((text as HTMLTextAreaElement).value).toBe('Neue Adresse gemeldet');
    await user.type(text, ' (Umzug)');
    await user.click(within(dialog).getByRole('button', { name: 'Speichern' }));
    await waitFor(() => expect(api.updateNote).toHaveBeenCalledWith(STUDENT_ID, 31, { type: 2, text: 'Neue Adresse gemeldet (Umzug)' }, 1));
  });

  it('deletes a note only after the confirmation', async () => {
    const { user } = renderDetail();
    const remove = await screen.findByRole('button', { name: 'Notiz vom 02.03.2026 09:30 löschen' });
    await user.click(remove);
    let question = await screen.findByRole('alertdialog', { name: 'Bitte bestätigen' });
    expect(question.textContent).toContain('Wirklich löschen? Das kann nicht rückgängig gemacht werden.');
    await user.click(within(question).getByRole('button', { name: 'Abbrechen' }));
    expect(api.deleteNote).not.toHaveBeenCalled();

    api.getTimeline.mockResolvedValue(timeline().slice(1));
    await user.click(remove);
    question = await screen.findByRole('alertdialog', { name: 'Bitte bestätigen' });
    await user.click(within(question).getByRole('button', { name: 'Löschen' }));
    await waitFor(() => expect(api.deleteNote).toHaveBeenCalledWith(STUDENT_ID, 31));
    await waitFor(() => expect(screen.queryByText('Neue Adresse gemeldet')).toBeNull());
  });

  it('shows errors.3 in the error dialog when a delete fails', async () => {
    api.deleteNote.mockRejectedValueOnce(httpError(500, { error: 8 }));
    const { user } = renderDetail();
    await user.click(await screen.findByRole('button', { name: 'Notiz vom 02.03.2026 09:30 löschen' }));
    await user.click(within(await screen.findByRole('alertdialog', { name: 'Bitte bestätigen' })).getByRole('button', { name: 'Löschen' }));
    const error = await screen.findByRole('alertdialog', { name: 'Fehler' });
    expect(error.textContent).toContain('Die Aktion konnte nicht ausgeführt werden (z. B. ließ sich das Element nicht löschen).');
    await user.click(within(error).getByRole('button', { name: 'Schließen' }));
    expect(screen.getByText('Neue Adresse gemeldet')).toBeTruthy();
  });
});

describe('documents tab', () => {
  it('lists the documents with type, name as download link, size and dates', async () => {
    renderDetail({ query: '?tab=documents' });
    const table = await screen.findByRole('table', { name: 'Dokumente des Schülers' });
    const link = await within(table).findByRole('link', { name: 'Vertrag.pdf' });
    expect(link.getAttribute('href')).toBe('/api-document/sddl?id=11&tid=3');
    const row = link.closest('tr') as HTMLElement;
    expect(within(row).getByRole('img', { name: 'Dateityp PDF' })).toBeTruthy();
    expect(row.textContent).toContain('12,5 KB');
    expect(row.textContent).toContain('03.02.2026');
    expect(row.textContent).toContain('04.02.2026 10:15');
    const second = within(table).getByRole('link', { name: 'Ausweis.jpg' }).closest('tr') as HTMLElement;
    expect(second.textContent).toContain('2,4 MB');
    expect(api.getStudentDocuments).toHaveBeenCalledWith(STUDENT_ID, 0, expect.anything());
  });

  it('uploads documents, refuses too many files before sending, and deletes one after the question', async () => {
    const { user } = renderDetail({ query: '?tab=documents' });
    const input = await screen.findByLabelText('Dokumente hinzufügen');
    const six = Array.from({ length: 6 }, (_, i) => new File(['x'], `d${i}.pdf`, { type: 'application/pdf' }));
    await user.upload(input, six);
    expect(await screen.findByText('Zu viele Dateien auf einmal.')).toBeTruthy();
    expect(api.uploadStudentDocuments).not.toHaveBeenCalled();

    await user.upload(input, [new File(['%PDF'], 'Attest.pdf', { type: 'application/pdf' })]);
    await waitFor(() => expect(api.uploadStudentDocuments).toHaveBeenCalledWith(STUDENT_ID, [expect.objectContaining({ name: 'Attest.pdf' })]));
    await waitFor(() => expect(api.getStudentDocuments).toHaveBeenCalledTimes(2));

    await user.click(await screen.findByRole('button', { name: 'Vertrag.pdf löschen' }));
    await user.click(within(await screen.findByRole('alertdialog', { name: 'Bitte bestätigen' })).getByRole('button', { name: 'Löschen' }));
    await waitFor(() => expect(api.deleteStudentDocument).toHaveBeenCalledWith(STUDENT_ID, 11));
  });
});

describe('reminders column', () => {
  it('marks a reminder done; the list and the timeline load again', async () => {
    const { user } = renderDetail();
    const done = await screen.findByRole('button', { name: 'Wiedervorlage „Rückruf“ erledigt' });
    api.getOpenStudentReminders.mockResolvedValue([reminder({ reminder_id: 42, subject: 'Gürtelprüfung', date_deadline: todayIso() })]);
    await user.click(done);
    await waitFor(() => expect(api.markReminderDone).toHaveBeenCalledWith(expect.objectContaining({ reminder_id: 41, subject: 'Rückruf' })));
    await waitFor(() => expect(screen.queryByText('Rückruf')).toBeNull());
    await waitFor(() => expect(api.getTimeline).toHaveBeenCalledTimes(2));
  });

  it('creates a new reminder from the toolbar with subject, deadline and notes', async () => {
    const { user } = renderDetail();
    await user.click(await screen.findByRole('button', { name: 'Neue Wiedervorlage' }));
    const dialog = await screen.findByRole('dialog', { name: 'Neue Wiedervorlage' });
    await user.type(within(dialog).getByLabelText('Betreff', { exact: false }), 'Vertrag verlängern');
    await user.type(within(dialog).getByLabelText('Frist', { exact: false }), '15.04.2026');
    await user.type(within(dialog).getByLabelText('Notizen', { exact: false }), 'Eltern anrufen');
    await user.click(within(dialog).getByRole('button', { name: 'Speichern' }));
    await waitFor(() => expect(api.createReminder).toHaveBeenCalledWith({
      date_deadline: '2026-04-15', subject: 'Vertrag verlängern', notes: 'Eltern anrufen', student_id: STUDENT_ID,
      lead_id: null, school_id: null, delegated_to: null, done: false,
    }, expect.stringMatching(/^[0-9a-f]{32}$/)));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Neue Wiedervorlage' })).toBeNull());
    await waitFor(() => expect(api.getOpenStudentReminders).toHaveBeenCalledTimes(2));
  });
});

describe('network requests in the toolbar', () => {
  it('records a data transfer and a cancellation confirmation for the network; a failure toasts op_failed', async () => {
    const transfer = jest.mocked(requestNetworkDataTransfer).mockResolvedValue({ success: true, id: 5, created: true });
    const cce = jest.mocked(requestNetworkCancellationConfirmation)
      .mockResolvedValueOnce({ success: true, id: 6, created: false })
      .mockRejectedValueOnce(new Error('down'));
    const { user } = renderDetail({ atoms: TRAINER });
    const brand = makeAppState().brand;
    await user.click(await screen.findByRole('button', { name: `Datenübermittlung an ${brand}` }));
    await waitFor(() => expect(transfer).toHaveBeenCalledWith(STUDENT_ID));
    expect(await screen.findByText(`Die Anfrage an ${brand} wurde vorgemerkt.`)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: `Kündigungsbestätigung an ${brand}` }));
    await waitFor(() => expect(cce).toHaveBeenCalledWith(STUDENT_ID));
    expect(await screen.findByText(`Diese Anfrage an ${brand} wartet bereits auf die Übermittlung.`)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: `Kündigungsbestätigung an ${brand}` }));
    expect(await screen.findByText('Der Vorgang ist fehlgeschlagen.')).toBeTruthy();
    await waitFor(() => expect(cce).toHaveBeenCalledTimes(2));
  });
});
