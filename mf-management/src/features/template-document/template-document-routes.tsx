import { lazy, Suspense } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import { RequireAtom, Spinner } from 'shared-kernel';

const TemplateDocumentPage = lazy(() =>
  import('./components/template-document-page.js').then((m) => ({ default: m.TemplateDocumentPage })),
);

/** /m-template/doc/{templateId}/{entityId} as a route element of the m-template routes (template_r). */
export const templateDocumentRoute = (
  <Route
    path="doc/:templateId/:entityId"
    element={
      <RequireAtom atom="template_r">
        <Suspense fallback={<Spinner showLabel />}>
          <TemplateDocumentPage />
        </Suspense>
      </RequireAtom>
    }
  />
);

/**
 * /m-template/* while only the document screen is built here: doc/{templateId}/{entityId};
 * everything else leads to the dashboard.
 */
export function TemplateDocumentRoutes() {
  return (
    <Routes>
      {templateDocumentRoute}
      <Route path="*" element={<Navigate to="/m-dash" replace />} />
    </Routes>
  );
}
