import { useState } from 'react';
import { RouterProvider, createBrowserRouter } from 'react-router';
import { Toaster } from 'shared-kernel';
import { createAppRoutes } from './routes.js';

/** The shell: one data router for the whole back office, plus the toasts and dialogs. */
export function App() {
  const [router] = useState(() => createBrowserRouter(createAppRoutes()));
  return (
    <>
      <RouterProvider router={router} />
      <Toaster />
    </>
  );
}
