import { act, screen, within } from '@testing-library/react';
import { CLIENT_VERSION } from 'shared-kernel';
import { mockXhrUploads, renderWithProviders, type XhrUploads } from 'shared-kernel/testing';
import type { BankImportDetail } from 'shared-kernel/contracts';
import { BankImportDialog } from '../components/bank-import-dialog';

jest.setTimeout(40_000);

const detail: BankImportDetail = {
  id: 42, school_id: 1, file_name: 'auszug.xml', message: 'camt.053.001.08', created_at: '2026-11-28T08:15:30Z',
  statements: [{ id: 'STMT-1', iban: 'AT611904300234573201', account_id: 11, account_name: 'Erste Bank', currency: 'EUR', from: '2026-11-01', to: '2026-11-30', opening: 0, closing: 9_800, entries: 3, bank_entries: 2, movements: 3, not_booked: [] }],
  imported: 3, skipped: 0, entries: 2, movements: 3, not_booked: 0, returns: 1, paid_debits: 1,
};

let xhrs: XhrUploads;
beforeEach(() => {
  xhrs = mockXhrUploads();
});
afterEach(() => {
  xhrs.restore();
});

async function startUpload() {
  const onImported = jest.fn();
  const { user } = renderWithProviders(<BankImportDialog onClose={jest.fn()} onImported={onImported} />, { session: { atoms: ['finance_r', 'finance_w'] } });
  const dialog = await screen.findByRole('dialog', { name: 'Kontoauszug importieren' });
  const file = new File(['<Document/>'], 'auszug.xml', { type: 'text/xml' });
  await user.upload(within(dialog).getByLabelText('Datei (CAMT .053/.054 als XML oder ZIP)'), file);
  await user.click(within(dialog).getByRole('button', { name: 'Importieren' }));
  const xhr = xhrs.last();
  return { dialog, xhr, file, onImported };
}

describe('statement import dialog: upload progress', () => {
  it('sends the file as the product sends requests and shows the upload in percent, then the import', async () => {
    const { dialog, xhr, file, onImported } = await startUpload();
    expect([xhr.method, xhr.url]).toEqual(['POST', 'http://localhost/api-fin/bamimport']);
    expect(xhr.headers['x-client-version']).toBe(CLIENT_VERSION);
    expect(xhr.headers['idempotency-key']).toMatch(/^[0-9a-f]{32}$/);
    expect((xhr.body as FormData).get('file')).toEqual(file);

    // Before the browser's first report: uploading, no number yet.
    const bar = within(dialog).getByRole('progressbar', { name: 'Die Datei wird hochgeladen …' });
    expect(bar.getAttribute('aria-valuenow')).toBeNull();
    expect(within(dialog).getByRole('button', { name: 'Importieren' })).toHaveProperty('disabled', true);
    // The disabled button loses the focus: it stays in the dialog (keyboard users).
    expect(dialog.contains(document.activeElement)).toBe(true);
    expect(document.activeElement).not.toBe(within(dialog).getByRole('button', { name: 'Importieren' }));

    act(() => xhr.progress(300, 1_000));
    expect(within(dialog).getByRole('progressbar', { name: 'Die Datei wird hochgeladen …' }).getAttribute('aria-valuenow')).toBe('30');
    expect(within(dialog).getByText('30 %')).toBeTruthy();
    act(() => xhr.progress(750, 1_000));
    expect(within(dialog).getByRole('progressbar', { name: 'Die Datei wird hochgeladen …' }).getAttribute('aria-valuenow')).toBe('75');

    // All sent: the server reads the statement (indeterminate).
    act(() => xhr.sent());
    const working = within(dialog).getByRole('progressbar', { name: 'Der Auszug wird verarbeitet …' });
    expect(working.getAttribute('aria-valuenow')).toBeNull();

    act(() => xhr.answer(200, detail));
    expect((await within(dialog).findByText('Buchungen der Bank')).nextElementSibling?.textContent).toBe('2');
    expect(within(dialog).getByText('Bewegungen daraus').nextElementSibling?.textContent).toBe('3');
    expect(within(dialog).queryByRole('progressbar')).toBeNull();
    // The result takes the focus (read out, then Tab to the link and the close button).
    expect(document.activeElement).toBe(within(dialog).getByRole('status'));
    expect(within(dialog).getByRole('link', { name: 'Details des Imports anzeigen' }).getAttribute('href')).toBe('/m-fin/bamim/42');
    expect(onImported).toHaveBeenCalledWith(detail);
  });

  it('maps a refused upload to the error code\'s text (the account\'s IBAN with 1003) and lets the user retry', async () => {
    const { dialog, xhr } = await startUpload();
    act(() => xhr.progress(1_000, 1_000));
    act(() => xhr.answer(400, { error: 1003, fields: { iban: 'DE02120300000000202051' } }));
    expect(await within(dialog).findByRole('alert')).toHaveProperty(
      'textContent',
      expect.stringMatching(/Das Konto für diese Datei ist noch nicht angelegt\. Konto mit der IBAN DE02120300000000202051 fehlt\./),
    );
    expect(within(dialog).queryByRole('progressbar')).toBeNull();
    expect(within(dialog).getByRole('button', { name: 'Importieren' })).toHaveProperty('disabled', false);
    // Back on the file field, to choose another file.
    expect(document.activeElement).toBe(within(dialog).getByLabelText('Datei (CAMT .053/.054 als XML oder ZIP)'));
  });

  it('a failed connection says so (communication error), nothing is shown as imported', async () => {
    const { dialog, xhr } = await startUpload();
    act(() => xhr.onerror?.());
    expect(await within(dialog).findByRole('alert')).toHaveProperty('textContent', expect.stringMatching(/Kommunikationsfehler/));
    expect(within(dialog).queryByText('Buchungen der Bank')).toBeNull();
  });
});
