import { Navigate, Route, Routes } from 'react-router';
import { HelpPage } from './components/help-page.js';

/** /m-help: the video tutorials, for every signed-in user (the menu shows help always). */
export function HelpRoutes() {
  return (
    <Routes>
      <Route index element={<HelpPage />} />
      <Route path="*" element={<Navigate to="/m-help" replace />} />
    </Routes>
  );
}
