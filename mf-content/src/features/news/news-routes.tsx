import { Navigate, Route, Routes } from 'react-router';
import { NewsListPage } from './components/news-list-page.js';

/** /c-news/* */
export function NewsRoutes() {
  return (
    <Routes>
      <Route index element={<NewsListPage />} />
      <Route path="*" element={<Navigate to="/m-dash" replace />} />
    </Routes>
  );
}
