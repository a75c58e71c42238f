import { Navigate, Route, Routes } from 'react-router';

/** Routes of a prefix whose screens are not built yet: every path goes to the dashboard. */
export function RedirectHome() {
  return (
    <Routes>
      <Route path="*" element={<Navigate to="/m-dash" replace />} />
    </Routes>
  );
}
