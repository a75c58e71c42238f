import { useEffect, useState } from 'react';
import { RouterProvider, createBrowserRouter } from 'react-router';
import { createAppRoutes } from './routes.js';

type BrowserRouter = ReturnType<typeof createBrowserRouter>;

/**
 * The signed-in back office: one data router (menu, header, the remotes' areas, password
 * change). Mounted only with a session, and created then from the page's URL; disposed when
 * the session ends so no stale router keeps listening to the history.
 */
export function RouterApp() {
  const [router, setRouter] = useState<BrowserRouter | null>(null);
  useEffect(() => {
    const created = createBrowserRouter(createAppRoutes());
    setRouter(created);
    return () => created.dispose();
  }, []);
  return router ? <RouterProvider router={router} /> : null;
}
