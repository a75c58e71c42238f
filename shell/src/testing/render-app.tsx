import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { Toaster, i18n, registerRemoteRegistry, useSessionStore } from 'shared-kernel';
import { makeAppState, resetKernelUiStores } from 'shared-kernel/testing';
import type { AppState } from 'shared-kernel/contracts';
import { createAppRoutes } from '../app/routes.js';

export const TEST_REGISTRY = {
  management: '/remotes/management/mf-manifest.json',
  finance: '/remotes/finance/mf-manifest.json',
  association: '/remotes/association/mf-manifest.json',
  content: '/remotes/content/mf-manifest.json',
};

/**
 * Renders the signed-in app (the shell's real route table) at `path` in a memory router, with
 * a session and the remote registry registered. The sign-in screens and the switch between
 * them and this app are App's (see app.test.tsx).
 */
export function renderApp(path: string, { session = {} }: { session?: Partial<AppState> } = {}) {
  void i18n.changeLanguage('de');
  resetKernelUiStores();
  useSessionStore.getState().setAppState(makeAppState(session));
  registerRemoteRegistry(TEST_REGISTRY);
  const router = createMemoryRouter(createAppRoutes(), { initialEntries: [path] });
  const user = userEvent.setup();
  const view = render(
    <>
      <RouterProvider router={router} />
      <Toaster />
    </>,
  );
  return { ...view, router, user };
}
