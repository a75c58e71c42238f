import { Navigate, Route, Routes } from 'react-router';
import { RequireAtom } from 'shared-kernel';
import { NewsListPage } from './components/news-list-page.js';

/** /c-news/* */
export function NewsRoutes() {
  return (
    <Routes>
      <Route index element={<RequireAtom atom="c_news_r"><NewsListPage /></RequireAtom>} />
      <Route path="*" element={<Navigate to="/m-dash" replace />} />
    </Routes>
  );
}
