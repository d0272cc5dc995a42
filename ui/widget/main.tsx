import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { loadCatalog } from '../i18n/i18n';
import { storedLanguage } from '../i18n/languageStore';
import { AppRoutes } from './router';
import './theme.css';

/** Id of the element the widget mounts on, in index.html (SPEC §9). */
const MOUNT_ELEMENT_ID = 'root';

// The first screen waits for the visitor's catalog (the default language's is part of this entry):
// its fetch starts now, not after the first render.
void loadCatalog(storedLanguage());

const root = document.getElementById(MOUNT_ELEMENT_ID);
if (root) {
  createRoot(root).render(
    <StrictMode>
      <AppRoutes />
    </StrictMode>,
  );
}
