import { Suspense } from 'react';
import { Redirect, Route, Router, Switch, useSearch } from 'wouter';
import { Layout } from './Layout';
import { lazyPreloaded } from './lazyPreloaded';

// Every visit lands on /index (SPEC §2): its module loads from the start, beside the catalog.
const IndexPage = lazyPreloaded('page', () => import('./pages/IndexPage'));

/** SPEC §2: `/` (and any other path) redirects to `/index` and keeps the query string. */
function RedirectToIndex() {
  const search = useSearch();
  return <Redirect to={`/index${search && `?${search}`}${window.location.hash}`} replace />;
}

/**
 * SPEC §2 routes under the base path /chat/ with browser history: a layout around every route,
 * `/index` loaded lazily. wouter (≈2 kB brotli) rather than react-router (7.5 kB brotli on the first
 * screen even tree-shaken): two routes, no parameters and no route data need no more.
 */
export function AppRoutes() {
  return (
    <Router base={import.meta.env.BASE_URL.replace(/\/$/, '')}>
      <Layout>
        <Switch>
          <Route path="/index">
            <Suspense fallback={null}>
              <IndexPage />
            </Suspense>
          </Route>
          <Route>
            <RedirectToIndex />
          </Route>
        </Switch>
      </Layout>
    </Router>
  );
}
