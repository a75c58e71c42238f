import { lazy, Suspense, type ReactNode } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import { RequireAtom, Spinner } from 'shared-kernel';

// The list and the form are separate chunks: the list brings the table, the form formik and the
// rich-text sanitiser; the other content routes load neither.
const NewsListPage = lazy(() => import('./components/news-list-page.js').then((module) => ({ default: module.NewsListPage })));
const NewsFormPage = lazy(() => import('./components/news-form-page.js').then((module) => ({ default: module.NewsFormPage })));

function Screen({ children }: { children: ReactNode }) {
  return (
    <RequireAtom atom="c_news_r">
      <Suspense fallback={<Spinner showLabel />}>{children}</Suspense>
    </RequireAtom>
  );
}

/** /c-news/*: the list, and /c-news/{mode} and /c-news/{mode}/{id} (create, edit, template). */
export function NewsRoutes() {
  return (
    <Routes>
      <Route index element={<Screen><NewsListPage /></Screen>} />
      <Route path=":mode" element={<Screen><NewsFormPage /></Screen>} />
      <Route path=":mode/:id" element={<Screen><NewsFormPage /></Screen>} />
      <Route path="*" element={<Navigate to="/c-news" replace />} />
    </Routes>
  );
}
