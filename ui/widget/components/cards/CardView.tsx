import { useLingui } from '@lingui/react/macro';
import type { Card, ChatMessage } from '@visitor-chat/chat-engine';
import { CardRegistryProvider, useCard, useCardComponent, type CardComponents, type CardProps } from '@visitor-chat/chat-react';
import { lazyPart } from '../../lazyPart';
import { CardFallback } from '../CardMessage';

// The built-in cards and the carousel library are a chunk of their own: a custom card needs neither.
// While it loads, the card's fallback text holds its place.
const BuiltInCard = lazyPart<CardProps>(
  'cards',
  () => import('./BuiltInCard').then((m) => ({ default: m.BuiltInCard })),
  ({ card }) => <CardFallback text={fallbackOf(card)} />,
);

/** The fallback a card's component shows while it loads: the card's own words, where it has them. */
function fallbackOf(card: Card): string {
  return card.kind === 'goods' || card.kind === 'file' ? card.name : card.kind === 'tree' ? (card.title ?? '') : '';
}

/** The widget's cards, registered as an integrator registers theirs (useCardComponent). */
const BUILT_IN_CARDS: CardComponents = { goods: BuiltInCard, file: BuiltInCard, tree: BuiltInCard, carousel: BuiltInCard };

function Drawn({ message }: { message: ChatMessage }) {
  const { t } = useLingui();
  const { card, fallback } = useCard(message);
  const Component = useCardComponent(card);
  return Component && card ? <Component card={card} message={message} /> : <CardFallback text={fallback} missing={t`This attachment is not available.`} />;
}

/**
 * A card message, decoded (useCard) and drawn by the component registered for its code, else (a
 * custom code no component draws: NO_HANDLER; no card: NO_CODE, BAD_DATA) its fallback text.
 */
export function CardView({ message }: { message: ChatMessage }) {
  return (
    <CardRegistryProvider components={BUILT_IN_CARDS}>
      <Drawn message={message} />
    </CardRegistryProvider>
  );
}
