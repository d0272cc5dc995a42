import { EndChatConfirm, type EndChatConfirmProps } from './EndChatConfirm';
import { LanguageMenu, type LanguageMenuProps } from './LanguageMenu';

export type HeaderPartProps = ({ part: 'language' } & LanguageMenuProps) | ({ part: 'endChat' } & EndChatConfirmProps);

/** The header's on-demand parts, one chunk: the language menu and the end-chat confirmation. */
export function HeaderPart(props: HeaderPartProps) {
  return props.part === 'language' ? <LanguageMenu {...props} /> : <EndChatConfirm {...props} />;
}
