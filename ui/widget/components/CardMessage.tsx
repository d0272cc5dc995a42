import { cardFallbackText, type ChatMessage } from '@visitor-chat/chat-engine';
import { lazyPart } from '../lazyPart';
import { MessageText } from './MessageText';

/**
 * A card message's plain-text fallback (docs/protocol.md "Cards"): `text`, else `missing` — what
 * shows for a card no component draws, and (without `missing`) while the cards' code loads.
 */
export function CardFallback({ text, missing }: { text: string; missing?: string }) {
  if (text)
    return (
      <span className="content-text content-card" dir="auto">
        <MessageText text={text} />
      </span>
    );
  return missing ? <span className="content-card-missing">{missing}</span> : <span className="content-card-loading" />;
}

/**
 * A card message (msgType `card`): drawn by cards/CardView, which decodes the card and draws it with
 * the component registered for its code. Most conversations have no card, so that code — the
 * decoder, the registry, the built-in cards — loads on demand; until it has, the fallback text the
 * card gives holds its place.
 */
export const CardMessage = lazyPart<{ message: ChatMessage }>(
  'cards',
  () => import('./cards/CardView').then((m) => ({ default: m.CardView })),
  ({ message }) => <CardFallback text={cardFallbackText(message.msgContent)} />,
);
