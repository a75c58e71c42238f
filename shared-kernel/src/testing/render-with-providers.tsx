import { configure, render, type RenderOptions, type RenderResult } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement, ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import type { AppState } from '../contracts/index.js';
import { i18n, type Language } from '../i18n/index.js';
import { useSessionStore } from '../session/index.js';
import { Toaster } from '../ui/toaster.js';
import { useToastStore } from '../ui/toast-store.js';
import { useDialogStore } from '../ui/dialog-store.js';
import { useUnsavedChangesStore } from '../ui/unsaved-changes.js';
import { makeAppState } from './app-state.js';

// The test machines are small and shared: lazy chunks can take more than the
// default second to settle under load.
configure({ asyncUtilTimeout: 8000 });

/** Options of {@link renderWithProviders}. */
export interface RenderWithProvidersOptions extends Omit<RenderOptions, 'wrapper' | 'queries'> {
  /** Start URL of the MemoryRouter (path + query); default '/'. */
  route?: string;
  /** Session to put into the store (merged over {@link makeAppState}); null: no session. */
  session?: Partial<AppState> | null;
  /** UI language; default German. */
  language?: Language;
  /** Mount the kernel's Toaster (toasts and dialogs); false when the tested tree has its own. */
  toaster?: boolean;
}

/** What {@link renderWithProviders} returns: Testing Library's result plus a user-event instance. */
export interface RenderWithProvidersResult extends RenderResult {
  user: ReturnType<typeof userEvent.setup>;
}

/** Forgets every kernel UI store's state (toasts, dialogs, unsaved forms). */
export function resetKernelUiStores(): void {
  useToastStore.setState({ toasts: [] });
  useDialogStore.setState({ queue: [] });
  useUnsavedChangesStore.setState({ dirtyForms: [] });
}

function usesFakeTimers(): boolean {
  // @sinonjs/fake-timers (jest's modern timers) marks its replacements with `clock`.
  return typeof setTimeout === 'function' && 'clock' in setTimeout;
}

/**
 * Renders a screen the way the shell does: the kernel's i18n (German unless told), a
 * MemoryRouter at `route`, a filled session store and the Toaster (toasts and dialogs). Also
 * returns `user` (user-event, working with fake timers too).
 * @example
 * const { user } = renderWithProviders(<StudentsPage />, { route: '/m-student?page=2', session: { atoms: ['student_r'] } });
 * await user.click(screen.getByRole('button', { name: 'Erneut versuchen' }));
 */
export function renderWithProviders(
  ui: ReactElement,
  { route = '/', session = {}, language = 'de', toaster = true, ...renderOptions }: RenderWithProvidersOptions = {},
): RenderWithProvidersResult {
  void i18n.changeLanguage(language);
  resetKernelUiStores();
  if (session === null) {
    useSessionStore.setState({ appState: null, status: 'anonymous' });
  } else {
    useSessionStore.setState({ appState: makeAppState(session), status: 'authenticated' });
  }

  function Providers({ children }: { children: ReactNode }) {
    return (
      <I18nextProvider i18n={i18n}>
        <MemoryRouter initialEntries={[route]}>
          {children}
          {toaster && <Toaster />}
        </MemoryRouter>
      </I18nextProvider>
    );
  }

  const user = usesFakeTimers()
    ? userEvent.setup({ advanceTimers: (ms) => jest.advanceTimersByTime(ms) })
    : userEvent.setup();
  const result: RenderResult = render(ui, { ...renderOptions, wrapper: Providers });
  return { user, ...result };
}
