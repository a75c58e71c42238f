// Standalone entry (dist/index.html, `npm run standalone`): this remote alone in the kernel's
// minimal host. Inside the shell only remoteEntry.js and './routes' are loaded.
import 'shared-kernel/tokens.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { StandaloneHost } from 'shared-kernel/standalone';
import { buildId, routes } from './routes.js';

const container = document.getElementById('root');
if (!container) throw new Error('#root missing in index.html');
createRoot(container).render(
  <StrictMode>
    <StandaloneHost area="management" routes={routes} buildId={buildId} />
  </StrictMode>,
);
