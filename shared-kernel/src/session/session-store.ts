import { create } from 'zustand';
import type { AppState } from 'shared-kernel/contracts';

/** unknown: not asked yet; anonymous: no session (show the login); authenticated: appState set. */
export type SessionStatus = 'unknown' | 'anonymous' | 'authenticated';

export interface SessionStoreState {
  /** What GET /api-application-state/get-state answered; null without a session. */
  appState: AppState | null;
  status: SessionStatus;
  /** Stores the state of a (new) session. */
  setAppState: (appState: AppState) => void;
  /** Forgets the session (logout, or a 401 of an authenticated call). */
  clear: () => void;
  /** Sets the school ids the user looks at after the server accepted them. */
  setFilter: (schoolIds: number[]) => void;
}

/**
 * The session of the signed-in user: one store for the shell and every remote (the kernel is
 * a federation singleton). Read it through selectors or the helpers (`can`, `useCan`,
 * `useSchoolFilter`).
 *
 * @example
 * const user = useSessionStore((s) => s.appState?.user);
 */
export const useSessionStore = create<SessionStoreState>()((set) => ({
  appState: null,
  status: 'unknown',
  setAppState: (appState) => set({ appState, status: 'authenticated' }),
  clear: () => set({ appState: null, status: 'anonymous' }),
  setFilter: (schoolIds) =>
    set((state) => (state.appState ? { appState: { ...state.appState, filter: [...schoolIds] } } : state)),
}));
