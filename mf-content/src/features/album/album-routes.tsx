import { lazy, Suspense, type ReactNode } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import { RequireAtom, Spinner } from 'shared-kernel';

// The list and the form are separate chunks: the form brings formik, the list does not.
const AlbumListPage = lazy(() => import('./components/album-list-page.js').then((module) => ({ default: module.AlbumListPage })));
const AlbumFormPage = lazy(() => import('./components/album-form-page.js').then((module) => ({ default: module.AlbumFormPage })));

function Screen({ children }: { children: ReactNode }) {
  return (
    <RequireAtom atom="c_gallery_r">
      <Suspense fallback={<Spinner showLabel />}>{children}</Suspense>
    </RequireAtom>
  );
}

/** /c-album/*: the list, and /c-album/{mode} and /c-album/{mode}/{id} (create, edit, copy). */
export function AlbumRoutes() {
  return (
    <Routes>
      <Route index element={<Screen><AlbumListPage /></Screen>} />
      <Route path=":mode" element={<Screen><AlbumFormPage /></Screen>} />
      <Route path=":mode/:id" element={<Screen><AlbumFormPage /></Screen>} />
      <Route path="*" element={<Navigate to="/c-album" replace />} />
    </Routes>
  );
}
