import { Navigate, createBrowserRouter, useLocation } from 'react-router-dom';
import { BASE_PATH } from '../../engine/constants';
import { Layout } from './Layout';

/** SPEC §2: `/` redirects to `/index` and keeps the query string. */
function RedirectToIndex() {
  const { search, hash } = useLocation();
  return <Navigate to={{ pathname: '/index', search, hash }} replace />;
}

/** SPEC §2 routes under the base path /chat/: a layout at `/`, `/index` loaded lazily. */
export const router = createBrowserRouter(
  [
    {
      path: '/',
      element: <Layout />,
      children: [
        { index: true, element: <RedirectToIndex /> },
        { path: 'index', lazy: async () => ({ Component: (await import('./pages/IndexPage')).default }) },
        { path: '*', element: <RedirectToIndex /> },
      ],
    },
  ],
  { basename: BASE_PATH.replace(/\/$/, '') },
);
