import { act, fireEvent, renderHook, screen, waitFor, within } from '@testing-library/react';
import * as yup from 'yup';
import { ERROR, MSG, type Versioned } from '../../contracts';
import { renderWithProviders } from '../../testing';
import { ConflictNotice, FormikForm, SubmitButton, TextField, useRecordVersion, useSubmissionKey } from '../index';

jest.setTimeout(20_000);

interface Person extends Versioned {
  firstname: string;
  lastname: string;
  city: string;
}

const schema = yup.object({ firstname: yup.string().required(MSG.required), lastname: yup.string().required(MSG.required) });

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}

/** An edit form as a feature writes it: version from the record, 409 handled by the notice. */
function PersonForm({ initial, load, save }: { initial: Person; load: () => Promise<Person>; save: (values: { firstname: string; lastname: string }, version: number) => Promise<number> }) {
  const record = useRecordVersion(initial, load);
  return (
    <FormikForm
      initialValues={{ firstname: initial.firstname, lastname: initial.lastname }}
      validationSchema={schema}
      ariaLabel="Person"
      onSubmit={async (values) => {
        try {
          record.saved(await save(values, record.version));
        } catch {
          record.handleSaveError(ERROR.staleVersion);
        }
      }}
    >
      <TextField name="firstname" label="Vorname" />
      <TextField name="lastname" label="Nachname" />
      <ConflictNotice record={record} labels={{ firstname: 'Vorname', lastname: 'Nachname' }} />
      <SubmitButton>Speichern</SubmitButton>
    </FormikForm>
  );
}

describe('record versions in forms', () => {
  it('on a stale save keeps what the user typed, loads the current version on request, lists what changed and saves against it', async () => {
    const initial: Person = { firstname: 'Anna', lastname: 'Berger', city: 'Graz', version: 4 };
    const current: Person = { firstname: 'Anna', lastname: 'Berger-Huber', city: 'Wien', version: 5 };
    const sent: { values: unknown; version: number }[] = [];
    const save = jest.fn(async (values: { firstname: string; lastname: string }, version: number) => {
      sent.push({ values, version });
      if (version < 5) throw new Error('409');
      return version + 1;
    });
    const load = jest.fn(async () => current);
    const { user } = renderWithProviders(<PersonForm initial={initial} load={load} save={save} />);

    const firstname = screen.getByLabelText('Vorname');
    await user.clear(firstname);
    await user.type(firstname, 'Anne');
    await user.click(screen.getByRole('button', { name: 'Speichern' }));

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Dieser Datensatz wurde inzwischen von jemand anderem gespeichert. Ihre Eingaben stehen unverändert im Formular.');
    expect((screen.getByLabelText('Vorname') as HTMLInputElement).value).toBe('Anne');
    expect(sent).toEqual([{ values: { firstname: 'Anne', lastname: 'Berger' }, version: 4 }]);

    await user.click(screen.getByRole('button', { name: 'Aktuellen Stand laden' }));
    const status = await screen.findByText(/Der aktuelle Stand ist geladen/);
    const notice = status.closest('[role="status"]') as HTMLElement;
    // What the other person saved in this form's fields (city is not one of them).
    expect(notice.textContent).toContain('Inzwischen von jemand anderem gespeichert:');
    expect(within(notice).getByText('Nachname').tagName).toBe('DT');
    expect(within(notice).getByText('Berger-Huber').tagName).toBe('DD');
    expect(notice.textContent).not.toContain('Wien');
    // The user's entries are untouched.
    expect((screen.getByLabelText('Vorname') as HTMLInputElement).value).toBe('Anne');
    expect((screen.getByLabelText('Nachname') as HTMLInputElement).value).toBe('Berger');

    await user.click(screen.getByRole('button', { name: 'Speichern' }));
    await waitFor(() => expect(sent).toHaveLength(2));
    expect(sent[1]).toEqual({ values: { firstname: 'Anne', lastname: 'Berger' }, version: 5 });
    await waitFor(() => expect(screen.queryByText(/Der aktuelle Stand ist geladen/)).toBeNull());
  });

  it('says so when the record was deleted meanwhile, and offers no reload then', async () => {
    const { HTTPError } = await import('ky');
    const gone = new HTTPError(new Response(JSON.stringify({ error: 3 }), { status: 404, headers: { 'content-type': 'application/json' } }), new Request('http://localhost/x'), {} as never);
    const { result } = renderHook(() => useRecordVersion<Person>({ firstname: 'A', lastname: 'B', city: 'C', version: 1 }, () => Promise.reject(gone)));
    act(() => {
      expect(result.current.handleSaveError(ERROR.notSaved)).toBe(false);
    });
    expect(result.current.status).toBe('current');
    act(() => {
      expect(result.current.handleSaveError(ERROR.staleVersion)).toBe(true);
    });
    await act(() => result.current.reload());
    expect(result.current.status).toBe('failed');
    expect(result.current.failedCode).toBe(3);
    renderWithProviders(<ConflictNotice record={result.current} labels={{}} />);
    expect(screen.getByRole('alert').textContent).toContain('Dieser Datensatz existiert nicht mehr');
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('shows nothing without a conflict and speaks English too', async () => {
    const { result } = renderHook(() => useRecordVersion<Person>({ firstname: 'A', lastname: 'B', city: 'C', version: 1 }, async () => ({ firstname: 'A', lastname: 'B', city: 'D', version: 2 })));
    const { container, rerender } = renderWithProviders(<ConflictNotice record={result.current} labels={{ firstname: 'First name' }} />, { language: 'en' });
    expect(container.innerHTML).toBe('');
    act(() => {
      result.current.handleSaveError(ERROR.staleVersion);
    });
    rerender(<ConflictNotice record={result.current} labels={{ firstname: 'First name' }} />);
    expect(screen.getByRole('alert').textContent).toContain('Someone else has saved this record meanwhile.');
    await act(() => result.current.reload());
    expect(result.current.version).toBe(2);
    rerender(<ConflictNotice record={result.current} labels={{ firstname: 'First name' }} />);
    expect(screen.getByRole('status').textContent).toContain('Nobody has changed the fields of this form.');
  });
});

describe('one submission at a time', () => {
  it('disables the submit button while the submission runs and submits a double click once', async () => {
    const answer = deferred<void>();
    const onSubmit = jest.fn(() => answer.promise);
    const { user } = renderWithProviders(
      <FormikForm initialValues={{ firstname: 'Anna', lastname: 'Berger' }} validationSchema={schema} onSubmit={onSubmit}>
        <TextField name="firstname" label="Vorname" />
        <SubmitButton>Anlegen</SubmitButton>
      </FormikForm>,
    );
    const button = screen.getByRole('button', { name: 'Anlegen' });
    await user.dblClick(button);
    await waitFor(() => expect((button as HTMLButtonElement).disabled).toBe(true));
    await user.keyboard('{Enter}');
    // Two clicks faster than React re-renders (the button is still enabled for the second).
    act(() => {
      fireEvent.submit(button.closest('form')!);
      fireEvent.submit(button.closest('form')!);
    });
    await act(async () => {
      await new Promise((done) => setTimeout(done, 50));
    });
    expect(onSubmit).toHaveBeenCalledTimes(1);
    await act(async () => answer.resolve());
    await waitFor(() => expect((button as HTMLButtonElement).disabled).toBe(false));
    expect(onSubmit).toHaveBeenCalledTimes(1);
  });

  it('keeps one Idempotency-Key per submission attempt: same values same key, new values or after success a new key', () => {
    const { result } = renderHook(() => useSubmissionKey());
    const first = result.current.keyFor({ amount: 100 });
    expect(first).toMatch(/^[0-9a-f]{32}$/);
    expect(result.current.keyFor({ amount: 100 })).toBe(first);
    const changed = result.current.keyFor({ amount: 200 });
    expect(changed).not.toBe(first);
    result.current.reset();
    expect(result.current.keyFor({ amount: 200 })).not.toBe(changed);
  });
});
