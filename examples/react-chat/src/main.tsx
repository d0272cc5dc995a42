import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './App';
import './app.css';

const root = document.getElementById('root');
const app = (
  <StrictMode>
    <App />
  </StrictMode>
);
// Rendered by the server (server.mjs): hydrate its markup. Else (npm run dev, vite preview): render here.
if (root?.hasChildNodes()) hydrateRoot(root, app);
else if (root) createRoot(root).render(app);
