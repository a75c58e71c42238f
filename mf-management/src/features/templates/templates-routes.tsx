import { lazy, Suspense, type ReactNode } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import { RequireAtom, Spinner } from 'shared-kernel';
import { templateDocumentRoute } from '../template-document/template-document-routes.js';

// The list and the form are separate chunks: the list brings the table, the form formik, the
// editor and the sanitiser.
const TemplateListPage = lazy(() => import('./components/template-list-page.js').then((m) => ({ default: m.TemplateListPage })));
const TemplateFormPage = lazy(() => import('./components/template-form-page.js').then((m) => ({ default: m.TemplateFormPage })));

function Screen({ children }: { children: ReactNode }) {
  return (
    <RequireAtom atom="template_r">
      <Suspense fallback={<Spinner showLabel />}>{children}</Suspense>
    </RequireAtom>
  );
}

/**
 * /m-template/*: the custom templates, /m-template/base and /m-template/base/{mode}[/{id}], and
 * the document from a template, /m-template/doc/{templateId}/{entityId}.
 */
export function TemplatesRoutes() {
  return (
    <Routes>
      <Route path="base" element={<Screen><TemplateListPage /></Screen>} />
      <Route path="base/:mode" element={<Screen><TemplateFormPage /></Screen>} />
      <Route path="base/:mode/:id" element={<Screen><TemplateFormPage /></Screen>} />
      {templateDocumentRoute}
      <Route path="*" element={<Navigate to="/m-dash" replace />} />
    </Routes>
  );
}
