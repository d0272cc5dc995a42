import { Suspense } from 'react';
import { BrowserRouter, Navigate, Route, Routes, useLocation } from 'react-router-dom';
import { Layout } from './Layout';
import { lazyPreloaded } from './lazyPreloaded';

// Every visit lands on /index (SPEC §2): its module loads from the start, beside the catalog.
const IndexPage = lazyPreloaded(() => import('./pages/IndexPage'));

/** SPEC §2: `/` redirects to `/index` and keeps the query string. */
function RedirectToIndex() {
  const { search, hash } = useLocation();
  return <Navigate to={{ pathname: '/index', search, hash }} replace />;
}

/**
 * SPEC §2 routes under the base path /chat/ with browser history: a layout at `/`, `/index` loaded
 * lazily. Declarative routes rather than a data router: the data APIs would add 16 kB gzip to the
 * first screen and the widget loads no route data.
 */
export function AppRoutes() {
  return (
    <BrowserRouter basename={import.meta.env.BASE_URL.replace(/\/$/, '')}>
      <Routes>
        <Route path="/" element={<Layout />}>
          <Route index element={<RedirectToIndex />} />
          <Route
            path="index"
            element={
              <Suspense fallback={null}>
                <IndexPage />
              </Suspense>
            }
          />
          <Route path="*" element={<RedirectToIndex />} />
        </Route>
      </Routes>
    </BrowserRouter>
  );
}
