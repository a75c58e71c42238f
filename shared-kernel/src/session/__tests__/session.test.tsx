import { render, renderHook, screen, act } from '@testing-library/react';
import { makeAppState } from 'shared-kernel/testing';
import { Can, can, canSeeMenuItem, hasLevel, useCan, useSchoolFilter, useSessionStore } from '../index.js';

const officeUser = () =>
  makeAppState({ user: { ...makeAppState().user, level: 3, mno: null }, atoms: ['student_r', 'lead_r'] });

afterEach(() => useSessionStore.setState({ appState: null, status: 'unknown' }));

describe('permission helpers', () => {
  it('grant a level-3 user only the role atoms', () => {
    useSessionStore.getState().setAppState(officeUser());
    expect(can('student_r')).toBe(true);
    expect(can('lead_r')).toBe(true);
    expect(can('finance_r')).toBe(false);
    expect(hasLevel(2)).toBe(false);
    expect(hasLevel(3)).toBe(true);
  });

  it('grant superadmin and admin every atom', () => {
    for (const level of [1, 2] as const) {
      useSessionStore.getState().setAppState(makeAppState({ user: { ...makeAppState().user, level }, atoms: [] }));
      expect(can('finance_d')).toBe(true);
      expect(hasLevel(2)).toBe(true);
    }
  });

  it('grant nothing without a session', () => {
    useSessionStore.getState().clear();
    expect(can('student_r')).toBe(false);
    expect(hasLevel(3)).toBe(false);
  });

  it('show a menu item by atom, level and linked member number', () => {
    const state = makeAppState({ user: { ...makeAppState().user, level: 3, mno: null }, atoms: ['e_document_r'] });
    const documents = { kind: 'atom', atom: 'e_document_r', needsMemberNumber: true } as const;
    expect(canSeeMenuItem(documents, state)).toBe(false);
    expect(canSeeMenuItem(documents, { ...state, user: { ...state.user, mno: 'AT-1' } })).toBe(true);
    expect(canSeeMenuItem({ kind: 'level', maxLevel: 2 }, state)).toBe(false);
    expect(canSeeMenuItem({ kind: 'always' }, state)).toBe(true);
    expect(canSeeMenuItem({ kind: 'always' }, null)).toBe(false);
  });

  it('<Can> and useCan follow the session', () => {
    useSessionStore.getState().setAppState(officeUser());
    render(
      <>
        <Can atom="student_r"><p>Schülerliste</p></Can>
        <Can atom="finance_r" fallback={<p>Kein Zugriff</p>}><p>Finanzen</p></Can>
      </>,
    );
    expect(screen.getByText('Schülerliste')).toBeTruthy();
    expect(screen.queryByText('Finanzen')).toBeNull();
    expect(screen.getByText('Kein Zugriff')).toBeTruthy();

    const { result } = renderHook(() => useCan('finance_r'));
    expect(result.current).toBe(false);
    act(() => useSessionStore.getState().setAppState({ ...officeUser(), atoms: ['finance_r'] }));
    expect(result.current).toBe(true);
  });

  it('useSchoolFilter changes its key when the filter changes', () => {
    useSessionStore.getState().setAppState(makeAppState({ filter: [1, 2] }));
    const { result } = renderHook(() => useSchoolFilter());
    expect(result.current.schools).toHaveLength(2);
    const before = result.current.key;
    act(() => useSessionStore.getState().setFilter([2]));
    expect(result.current.selectedIds).toEqual([2]);
    expect(result.current.key).not.toBe(before);
  });
});
