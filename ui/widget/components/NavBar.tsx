import { Trans } from '@lingui/react/macro';
import { LanguageSwitcher } from './LanguageSwitcher';
import './NavBar.css';

/** The navigation bar (SPEC §2) with the channel's title. */
export function NavBar({ title }: { title: string }) {
  return (
    <header className="navbar">
      <h1 className="navbar__title">{title || <Trans>Chat</Trans>}</h1>
      <LanguageSwitcher />
    </header>
  );
}
