import { Navigate, type RouteObject } from 'react-router';
import { AppLayout } from '../layout/app-layout.js';
import { AccountLinkPage } from '../features/auth/account-link-page.js';
import { PasswordChangePage } from '../features/auth/password-change-page.js';
import { REMOTE_AREAS } from './remote-areas.js';
import { RemoteAreaView } from './remote-area-view.js';

/** Landing page after login and for every unknown route. */
export const HOME_PATH = '/m-dash';

/**
 * The route table of the signed-in app: everything inside the layout (menu, header), each area
 * prefix served by its remote. Only mounted with a session; the sign-in screens live outside
 * the router (see App).
 */
export function createAppRoutes(): RouteObject[] {
  return [
    {
      element: <AppLayout />,
      children: [
        { index: true, element: <Navigate to={HOME_PATH} replace /> },
        ...REMOTE_AREAS.map(({ prefix, remote }) => ({
          path: `${prefix}/*`,
          // key: switching between two prefixes of one remote mounts that prefix's component.
          element: <RemoteAreaView key={prefix} remote={remote} prefix={prefix} />,
        })),
        { path: 'password-change', element: <PasswordChangePage /> },
        { path: 'account-link', element: <AccountLinkPage /> },
        { path: '*', element: <Navigate to={HOME_PATH} replace /> },
      ],
    },
  ];
}
