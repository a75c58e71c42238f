import { create } from 'zustand';

interface MoneyVersionState {
  /** Bumped after every money write of a student: each tab of that student loads again. */
  versions: Record<number, number>;
  bump: (studentId: number) => void;
}

/**
 * The student's money version. The finance, payments and contracts tabs are three slot modules
 * of this remote that stay mounted side by side; a payment assigned on one tab changes the
 * receipts on another, so each write bumps the version and every tab reloads.
 */
export const useMoneyVersionStore = create<MoneyVersionState>()((set) => ({
  versions: {},
  bump: (studentId) => set((state) => ({ versions: { ...state.versions, [studentId]: (state.versions[studentId] ?? 0) + 1 } })),
}));

/** The current money version of a student (a dependency of its loads). */
export function useMoneyVersion(studentId: number): number {
  return useMoneyVersionStore((state) => state.versions[studentId] ?? 0);
}

/** Marks the student's money as changed (every tab reloads). */
export function bumpMoneyVersion(studentId: number): void {
  useMoneyVersionStore.getState().bump(studentId);
}
