import { Navigate, Route, Routes, useParams } from 'react-router';
import { RequireAtom } from 'shared-kernel';
import { DocumentFolderPage } from './components/document-folder-page.js';

/** /e-document/{folder}: 'root' or a folder id; anything else goes to the root. */
function FolderRoute() {
  const { folder = 'root' } = useParams();
  if (!/^(root|[1-9][0-9]{0,9})$/.test(folder)) return <Navigate to="/e-document/root" replace />;
  return <DocumentFolderPage folder={folder} />;
}

/** /e-document: the association's document folders (e_document_r). */
export function DocumentRoutes() {
  return (
    <Routes>
      <Route path=":folder" element={<RequireAtom atom="e_document_r"><FolderRoute /></RequireAtom>} />
      <Route path="*" element={<Navigate to="/e-document/root" replace />} />
    </Routes>
  );
}
