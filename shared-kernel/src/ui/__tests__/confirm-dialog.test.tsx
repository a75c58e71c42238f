import { act, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { Button, showErrorDialog, useConfirm } from '../index';
import { renderWithProviders } from '../../testing';

function DeleteButton({ onAnswer }: { onAnswer: (answer: boolean) => void }) {
  const confirm = useConfirm();
  const [asked, setAsked] = useState(0);
  return (
    <>
      <Button
        variant="danger"
        onClick={async () => {
          setAsked((n) => n + 1);
          onAnswer(await confirm({ message: 'really_delete', danger: true }));
        }}
      >
        Schüler löschen
      </Button>
      <span>gefragt: {asked}</span>
    </>
  );
}

describe('ConfirmDialog via useConfirm', () => {
  it('is a labelled modal dialog that confirms by keyboard', async () => {
    const onAnswer = jest.fn();
    const { user } = renderWithProviders(<DeleteButton onAnswer={onAnswer} />);
    const opener = screen.getByRole('button', { name: 'Schüler löschen' });
    await user.click(opener);

    const dialog = screen.getByRole('alertdialog', { name: 'Bitte bestätigen' });
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(dialog.textContent).toContain('Wirklich löschen?');
    // Focus starts on the safe answer.
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Abbrechen' }));

    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Bestätigen' }));
    await user.keyboard('{Enter}');

    await waitFor(() => expect(onAnswer).toHaveBeenCalledWith(true));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(document.activeElement).toBe(opener);
  });

  it('keeps Tab inside the dialog and cancels with Escape', async () => {
    const onAnswer = jest.fn();
    const { user } = renderWithProviders(<DeleteButton onAnswer={onAnswer} />);
    const opener = screen.getByRole('button', { name: 'Schüler löschen' });
    await user.click(opener);
    const cancel = screen.getByRole('button', { name: 'Abbrechen' });
    const ok = screen.getByRole('button', { name: 'Bestätigen' });

    await user.tab();
    await user.tab();
    expect(document.activeElement).toBe(cancel);
    await user.tab({ shift: true });
    expect(document.activeElement).toBe(ok);

    await user.keyboard('{Escape}');
    await waitFor(() => expect(onAnswer).toHaveBeenCalledWith(false));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(document.activeElement).toBe(opener);
  });

  it('answers false when the cancel button is pressed with Space', async () => {
    const onAnswer = jest.fn();
    const { user } = renderWithProviders(<DeleteButton onAnswer={onAnswer} />);
    await user.click(screen.getByRole('button', { name: 'Schüler löschen' }));
    await user.keyboard(' ');
    await waitFor(() => expect(onAnswer).toHaveBeenCalledWith(false));
  });
});

describe('ErrorDialog', () => {
  it('shows the failed-delete message and closes', async () => {
    const { user } = renderWithProviders(<p>Liste</p>);
    let closed = false;
    act(() => {
      void showErrorDialog().then(() => {
        closed = true;
      });
    });
    const dialog = screen.getByRole('alertdialog', { name: 'Fehler' });
    expect(dialog.textContent).toContain('Die Aktion konnte nicht ausgeführt werden');
    await user.click(screen.getByRole('button', { name: 'Schließen' }));
    await waitFor(() => expect(closed).toBe(true));
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });
});
