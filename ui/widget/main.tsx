import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { MOUNT_ELEMENT_ID } from '../../engine/constants';
import { AppRoutes } from './router';
import './theme.css';

const root = document.getElementById(MOUNT_ELEMENT_ID);
if (root) {
  createRoot(root).render(
    <StrictMode>
      <AppRoutes />
    </StrictMode>,
  );
}
