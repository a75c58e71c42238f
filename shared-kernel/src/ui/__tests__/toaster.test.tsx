import { act, screen } from '@testing-library/react';
import { toast } from '../index';
import { renderWithProviders } from '../../testing';

describe('toasts', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('shows a success toast top right for 3 seconds', () => {
    renderWithProviders(<p>Seite</p>);
    act(() => {
      toast.success('save_succeeded');
    });
    const status = screen.getByRole('status');
    expect(status.textContent).toContain('Erfolgreich gespeichert');
    expect(screen.getByRole('region', { name: 'Meldungen' }).contains(status)).toBe(true);
    act(() => jest.advanceTimersByTime(2900));
    expect(screen.queryByRole('status')).not.toBeNull();
    act(() => jest.advanceTimersByTime(200));
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('keeps a 5-second toast longer and announces errors as alerts', () => {
    renderWithProviders(<p>Seite</p>);
    act(() => {
      toast.warning('save_succeeded', { durationMs: 5000 });
      toast.error('errors.4', { durationMs: 3000 });
    });
    expect(screen.getByRole('alert').textContent).toContain('nicht gespeichert');
    act(() => jest.advanceTimersByTime(3100));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByRole('status')).not.toBeNull();
    act(() => jest.advanceTimersByTime(2000));
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('can be dismissed with its close button and shows a title', async () => {
    const { user } = renderWithProviders(<p>Seite</p>);
    act(() => {
      toast.success('op_succeeded', { title: 'errors.error' });
    });
    expect(screen.getByRole('status').textContent).toContain('Fehler');
    await user.click(screen.getByRole('button', { name: 'Meldung schließen' }));
    expect(screen.queryByRole('status')).toBeNull();
  });
});
