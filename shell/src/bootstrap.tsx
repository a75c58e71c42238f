import 'shared-kernel/tokens.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { initRemotes } from 'shared-kernel';
import { App } from './app/app.js';

// Remote loads wait for the registry; the login page need not.
void initRemotes('/remotes.json');

const container = document.getElementById('root');
if (!container) throw new Error('#root missing in index.html');
createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
