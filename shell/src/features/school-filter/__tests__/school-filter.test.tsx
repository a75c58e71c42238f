import { act, screen } from '@testing-library/react';
import { useSessionStore, useUnsavedChangesStore } from 'shared-kernel';
import { renderWithProviders } from 'shared-kernel/testing';
import { SchoolFilter } from '../school-filter.js';

const realFetch = globalThis.fetch;
let bodies: unknown[] = [];

beforeEach(() => {
  bodies = [];
  globalThis.fetch = jest.fn(async (request: Request) => {
    const body = (await request.json()) as { value: number[] };
    bodies.push(body);
    return new Response(JSON.stringify({ filter: body.value }), { status: 200, headers: { 'content-type': 'application/json' } });
  }) as unknown as typeof fetch;
});
afterEach(() => {
  globalThis.fetch = realFetch;
});

describe('school filter', () => {
  it('saves the chosen schools and updates the session', async () => {
    const { user } = renderWithProviders(<SchoolFilter />);
    const trigger = screen.getByRole('button', { name: 'Schulen: Alle Schulen' });
    await user.click(trigger);
    const group = screen.getByRole('group', { name: 'Schulen' });
    expect(group).toBeTruthy();
    await user.click(screen.getByRole('checkbox', { name: 'Kampfsportschule Wien' }));
    await user.click(screen.getByRole('button', { name: 'Übernehmen' }));
    expect(await screen.findByRole('button', { name: 'Schulen: Kampfsportschule München' })).toBeTruthy();
    expect(bodies).toEqual([{ name: 'schools', value: [2] }]);
    expect(useSessionStore.getState().appState?.filter).toEqual([2]);
    expect(screen.queryByRole('group', { name: 'Schulen' })).toBeNull();
  });

  it('asks "Bitte erst speichern!" with unsaved changes and keeps the filter when declined', async () => {
    const { user } = renderWithProviders(<SchoolFilter />);
    act(() => useUnsavedChangesStore.getState().markDirty('student-form'));
    await user.click(screen.getByRole('button', { name: 'Schulen: Alle Schulen' }));
    await user.click(screen.getByRole('checkbox', { name: 'Kampfsportschule Wien' }));
    await user.click(screen.getByRole('button', { name: 'Übernehmen' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog.textContent).toContain('Bitte erst speichern!');
    await user.click(screen.getByRole('button', { name: 'Abbrechen' }));
    expect(bodies).toEqual([]);
    expect(useSessionStore.getState().appState?.filter).toEqual([1, 2]);
  });

  it('does not allow an empty selection', async () => {
    const { user } = renderWithProviders(<SchoolFilter />);
    await user.click(screen.getByRole('button', { name: 'Schulen: Alle Schulen' }));
    await user.click(screen.getByRole('checkbox', { name: 'Kampfsportschule Wien' }));
    await user.click(screen.getByRole('checkbox', { name: 'Kampfsportschule München' }));
    expect(screen.getByRole('alert').textContent).toBe('Mindestens eine Schule muss ausgewählt sein.');
    expect((screen.getByRole('button', { name: 'Übernehmen' }) as HTMLButtonElement).disabled).toBe(true);
  });
});
