import { I18nProvider } from '@lingui/react';
import { type ReactNode, useEffect, useState } from 'react';
import { activateLanguage, i18n, languageDir, languageTag } from '../i18n/i18n';
import { useLanguage } from '../i18n/useLanguage';
import { PageErrorBoundary } from './components/PageErrorBoundary';

/** The global layout around every route (SPEC §2): language, direction and the page. */
export function Layout({ children }: { children: ReactNode }) {
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
      <PageErrorBoundary>{children}</PageErrorBoundary>
    </I18nProvider>
  );
}
