import { act, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import {
  confirmDiscardUnsaved,
  confirmDiscardUnsavedAsync,
  hasUnsavedChanges,
  useUnsavedChangesGuard,
} from '../index';
import { renderWithProviders } from '../../testing';

function NameForm() {
  const [name, setName] = useState('');
  useUnsavedChangesGuard(name !== '');
  return (
    <label>
      Name
      <input value={name} onChange={(event) => setName(event.target.value)} />
    </label>
  );
}

function Screen() {
  const [show, setShow] = useState(true);
  return (
    <>
      {show && <NameForm />}
      <button type="button" onClick={() => setShow(false)}>
        Formular schließen
      </button>
    </>
  );
}

function beforeUnloadIsBlocked(): boolean {
  const event = new Event('beforeunload', { cancelable: true });
  window.dispatchEvent(event);
  return event.defaultPrevented;
}

describe('unsaved-changes guard', () => {
  afterEach(() => jest.restoreAllMocks());

  it('registers a dirty form, blocks unload and forgets it when clean or unmounted', async () => {
    const { user } = renderWithProviders(<Screen />);
    expect(hasUnsavedChanges()).toBe(false);
    expect(beforeUnloadIsBlocked()).toBe(false);

    await user.type(screen.getByLabelText('Name'), 'Mia');
    expect(hasUnsavedChanges()).toBe(true);
    expect(beforeUnloadIsBlocked()).toBe(true);

    await user.clear(screen.getByLabelText('Name'));
    expect(hasUnsavedChanges()).toBe(false);

    await user.type(screen.getByLabelText('Name'), 'Mia');
    await user.click(screen.getByRole('button', { name: 'Formular schließen' }));
    expect(hasUnsavedChanges()).toBe(false);
    expect(beforeUnloadIsBlocked()).toBe(false);
  });

  it('asks "Bitte erst speichern!" before discarding and respects the answer', async () => {
    const { user } = renderWithProviders(<Screen />);
    const ask = jest.spyOn(window, 'confirm').mockReturnValue(false);
    expect(confirmDiscardUnsaved()).toBe(true);
    expect(ask).not.toHaveBeenCalled();

    await user.type(screen.getByLabelText('Name'), 'Mia');
    expect(confirmDiscardUnsaved()).toBe(false);
    expect(ask.mock.calls[0][0]).toContain('Bitte erst speichern!');
    expect(hasUnsavedChanges()).toBe(true);

    ask.mockReturnValue(true);
    expect(confirmDiscardUnsaved()).toBe(true);
    expect(hasUnsavedChanges()).toBe(false);
  });

  it('asks in the kernel dialog with the async helper', async () => {
    const { user } = renderWithProviders(<Screen />);
    await user.type(screen.getByLabelText('Name'), 'Mia');
    let answer: boolean | undefined;
    await act(async () => {
      void confirmDiscardUnsavedAsync().then((value) => {
        answer = value;
      });
    });
    expect(screen.getByRole('alertdialog', { name: 'Bitte erst speichern!' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Abbrechen' }));
    await waitFor(() => expect(answer).toBe(false));
    expect(hasUnsavedChanges()).toBe(true);
  });
});
