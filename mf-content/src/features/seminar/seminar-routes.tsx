import { Navigate, Route, Routes } from 'react-router';
import { SeminarPage } from './components/seminar-page.js';

/** /c-seminar: the configured events page (every signed-in user; the page decides what it shows). */
export function SeminarRoutes() {
  return (
    <Routes>
      <Route index element={<SeminarPage />} />
      <Route path="*" element={<Navigate to="/c-seminar" replace />} />
    </Routes>
  );
}
