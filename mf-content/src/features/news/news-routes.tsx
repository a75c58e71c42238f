import { Navigate, Route, Routes } from 'react-router';
import { AreaLayout } from '../../app/area-layout.js';
import { NewsListPage } from './components/news-list-page.js';

/** /c-news/* */
export function NewsRoutes() {
  return (
    <Routes>
      <Route index element={<AreaLayout><NewsListPage /></AreaLayout>} />
      <Route path="*" element={<Navigate to="/m-dash" replace />} />
    </Routes>
  );
}
