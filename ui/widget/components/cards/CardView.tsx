import { useLingui } from '@lingui/react/macro';
import { useMemo } from 'react';
import type { Card, CardModule, ChatMessage, ChatState } from '@visitor-chat/chat-engine';
import { CardRegistryProvider, useCard, useCardComponent, useChatEngine, useChatSelector, type CardComponents, type CardProps } from '@visitor-chat/chat-react';
import { lazyPart } from '../../lazyPart';
import { CardFallback } from '../CardMessage';
import { moduleCard } from './ModuleCard';

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

const NO_MODULES: readonly CardModule[] = [];
const cardModules = (s: ChatState): readonly CardModule[] => s.channel?.cardModules ?? NO_MODULES;

/** Each configured module's component, by code and URL: one per page, so that cards keep their state across renders. */
const moduleCards = new Map<string, CardComponents[string]>();

/**
 * The built-in cards, and the components of the card modules the chat's configuration names
 * (channelInfo `cardModules`, docs/protocol.md "Card modules"), which may also stand in for a built-in code.
 */
function useComponents(): CardComponents {
  const modules = useChatSelector(cardModules);
  const { log } = useChatEngine();
  return useMemo(() => {
    if (modules.length === 0) return BUILT_IN_CARDS;
    const configured: Record<string, CardComponents[string]> = {};
    for (const m of modules) {
      const key = `${m.code} ${m.url}`;
      if (!moduleCards.has(key)) moduleCards.set(key, moduleCard(m, log));
      configured[m.code] = moduleCards.get(key);
    }
    return { ...BUILT_IN_CARDS, ...configured };
  }, [modules, log]);
}

/**
 * A card message, decoded (useCard) and drawn by the component registered for its code, else (a
 * custom code no component draws: NO_HANDLER; no card: NO_CODE, BAD_DATA) its fallback text.
 */
export function CardView({ message }: { message: ChatMessage }) {
  return (
    <CardRegistryProvider components={useComponents()}>
      <Drawn message={message} />
    </CardRegistryProvider>
  );
}
