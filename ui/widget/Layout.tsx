import { I18nProvider } from '@lingui/react';
import { useEffect, useState } from 'react';
import { Outlet } from 'react-router-dom';
import { activateLanguage, i18n, languageDir, languageTag } from '../i18n/i18n';
import { useLanguage } from '../i18n/useLanguage';
import { PageErrorBoundary } from './components/PageErrorBoundary';

/** The global layout route (SPEC §2): language, direction and the page's outlet. */
export function Layout() {
  const [language] = useLanguage();
  const [ready, setReady] = useState(false);
  useEffect(() => {
    let live = true;
    void activateLanguage(language).then((shown) => {
      if (!live) return;
      document.documentElement.lang = languageTag(shown);
      document.documentElement.dir = languageDir(shown);
      setReady(true);
    });
    return () => {
      live = false;
    };
  }, [language]);
  if (!ready) return null;
  return (
    <I18nProvider i18n={i18n}>
      <PageErrorBoundary>
        <Outlet />
      </PageErrorBoundary>
    </I18nProvider>
  );
}
