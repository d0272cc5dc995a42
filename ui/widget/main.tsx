import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router-dom';
import { MOUNT_ELEMENT_ID } from '../../engine/constants';
import { router } from './router';
import './theme.css';

const root = document.getElementById(MOUNT_ELEMENT_ID);
if (root) {
  createRoot(root).render(
    <StrictMode>
      <RouterProvider router={router} />
    </StrictMode>,
  );
}
