import { screen } from '@testing-library/react';
import { ErrorPanel, PageHeader, Spinner, SubmitStateBox, Button } from '../index';
import { renderWithProviders } from '../../testing';

describe('ErrorPanel', () => {
  it('shows the error heading, the code text and a working retry button', async () => {
    const onRetry = jest.fn();
    const { user } = renderWithProviders(<ErrorPanel code={1} onRetry={onRetry} />);
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain('Fehler');
    expect(alert.textContent).toContain('Kommunikationsfehler mit dem Server');
    expect(screen.getByRole('heading', { name: 'Fehler' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Erneut versuchen' }));
    expect(onRetry).toHaveBeenCalledTimes(1);
  });

  it('falls back to the communication text for unknown codes and speaks English', () => {
    renderWithProviders(<ErrorPanel code={4711} />, { language: 'en' });
    expect(screen.getByRole('alert').textContent).not.toContain('errors.');
    expect(screen.queryByRole('button')).toBeNull();
  });
});

describe('SubmitStateBox', () => {
  it('shows a spinner while submitting, the error text for a code, nothing otherwise', () => {
    const { rerender } = renderWithProviders(<SubmitStateBox state={-2} />);
    expect(screen.getByRole('status').textContent).toContain('Wird gespeichert');
    rerender(<SubmitStateBox state={4} />);
    expect(screen.getByRole('alert').textContent).toContain('Die Daten konnten auf dem Server nicht gespeichert werden.');
    rerender(<SubmitStateBox state={0} />);
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByRole('status')).toBeNull();
    rerender(<SubmitStateBox state={-1} />);
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

describe('Spinner, PageHeader, Button', () => {
  it('labels the spinner for screen readers', () => {
    renderWithProviders(<Spinner />);
    expect(screen.getByRole('status').textContent).toContain('Wird geladen');
  });

  it('renders one h1 and the actions', () => {
    renderWithProviders(<PageHeader title="Schüler" actions={<Button variant="primary">Neu</Button>} />);
    expect(screen.getByRole('heading', { level: 1, name: 'Schüler' })).toBeTruthy();
    const button = screen.getByRole('button', { name: 'Neu' });
    expect(button.getAttribute('type')).toBe('button');
  });
});
