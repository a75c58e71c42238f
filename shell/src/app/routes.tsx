import { Navigate, type RouteObject } from 'react-router';
import { AppLayout } from '../layout/app-layout.js';
import { LoginPage } from '../features/auth/login-page.js';
import { PasswordLinkPage } from '../features/auth/password-link-page.js';
import { PasswordResetPage } from '../features/auth/password-reset-page.js';
import { PasswordChangePage } from '../features/auth/password-change-page.js';
import { REMOTE_AREAS } from './remote-areas.js';
import { RemoteAreaView } from './remote-area-view.js';
import { RequireSession } from './require-session.js';

/** Landing page after login and for every unknown route. */
export const HOME_PATH = '/m-dash';

/**
 * The shell's route table: the sign-in screens without a session; everything else inside the
 * layout (menu, header) behind the session check, each area prefix served by its remote.
 */
export function createAppRoutes(): RouteObject[] {
  return [
    { path: '/login', element: <LoginPage /> },
    { path: '/password-link', element: <PasswordLinkPage /> },
    { path: '/password-reset', element: <PasswordResetPage /> },
    {
      element: (
        <RequireSession>
          <AppLayout />
        </RequireSession>
      ),
      children: [
        { index: true, element: <Navigate to={HOME_PATH} replace /> },
        ...REMOTE_AREAS.map(({ prefix, remote }) => ({
          path: `${prefix}/*`,
          // key: switching between two prefixes of one remote mounts that prefix's component.
          element: <RemoteAreaView key={prefix} remote={remote} prefix={prefix} />,
        })),
        { path: 'password-change', element: <PasswordChangePage /> },
        { path: '*', element: <Navigate to={HOME_PATH} replace /> },
      ],
    },
  ];
}
