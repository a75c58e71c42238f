import { Navigate, Route, Routes } from 'react-router';
import { RequireAtom } from 'shared-kernel';
import { NewsFormPage } from './components/news-form-page.js';
import { NewsListPage } from './components/news-list-page.js';

/** /c-news/*: the list, and /c-news/{mode} and /c-news/{mode}/{id} (create, edit, template). */
export function NewsRoutes() {
  return (
    <Routes>
      <Route index element={<RequireAtom atom="c_news_r"><NewsListPage /></RequireAtom>} />
      <Route path=":mode" element={<RequireAtom atom="c_news_r"><NewsFormPage /></RequireAtom>} />
      <Route path=":mode/:id" element={<RequireAtom atom="c_news_r"><NewsFormPage /></RequireAtom>} />
      <Route path="*" element={<Navigate to="/c-news" replace />} />
    </Routes>
  );
}
