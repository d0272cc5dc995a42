import { useLingui } from '@lingui/react/macro';
import type { ChatMessage } from '@visitor-chat/chat-engine';
import { useCardComponent, type CardComponents, type CardProps } from '@visitor-chat/chat-react';
import { lazyPart } from '../lazyPart';
import { MessageText } from './MessageText';

/** A card message's plain-text fallback (docs/protocol.md "Cards"): what shows for a card no component draws. */
function CardFallback({ text }: { text: string }) {
  const { t } = useLingui();
  return text ? (
    <span className="content-text content-card" dir="auto">
      <MessageText text={text} />
    </span>
  ) : (
    <span className="content-card-missing">{t`This attachment is not available.`}</span>
  );
}

// The built-in cards and the carousel library load on demand (most conversations have no card):
// while their chunk loads, the card's fallback text holds its place.
const BuiltInCard = lazyPart<CardProps>(
  'cards',
  () => import('./cards/BuiltInCard').then((m) => ({ default: m.BuiltInCard })),
  ({ message }) => <CardFallback text={message.msgContent} />,
);

/** The widget's cards, registered as an integrator registers theirs (ChatScreen's CardRegistryProvider). */
export const BUILT_IN_CARDS: CardComponents = { goods: BuiltInCard, file: BuiltInCard, tree: BuiltInCard, carousel: BuiltInCard };

/**
 * A card message (msgType `card`): its card drawn by the component registered for its code, else
 * (a custom code no component draws: NO_HANDLER; no card: NO_CODE, BAD_DATA) its fallback text.
 */
export function CardMessage({ message: m }: { message: ChatMessage }) {
  const Component = useCardComponent(m.card);
  return Component && m.card ? <Component card={m.card} message={m} /> : <CardFallback text={m.msgContent} />;
}
