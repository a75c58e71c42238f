import { lazy, Suspense } from 'react';
import { Route } from 'react-router';
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
