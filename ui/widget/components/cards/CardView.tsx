import { useLingui } from '@lingui/react/macro';
import { useMemo } from 'react';
import { decodeCardModules, type CardModule, type ChatMessage, type ChatState } from '@visitor-chat/chat-engine';
import { CardRegistryProvider, useCard, useCardComponent, useChatEngine, useChatSelector, type CardComponents } from '@visitor-chat/chat-react';
import { CardFallback } from '../CardFallback';
import { BuiltInCard } from './BuiltInCard';
import { moduleCard } from './ModuleCard';

/** The widget's cards, registered as an integrator registers theirs (useCardComponent). */
const BUILT_IN_CARDS: CardComponents = { goods: BuiltInCard, file: BuiltInCard, tree: BuiltInCard, carousel: BuiltInCard };

function Drawn({ message }: { message: ChatMessage }) {
  const { t } = useLingui();
  const { card, fallback } = useCard(message);
  const Component = useCardComponent(card);
  return Component && card ? <Component card={card} message={message} /> : <CardFallback text={fallback} missing={t`This attachment is not available.`} />;
}

/** The channel's cardModules as the backend sent them (decoded here, with the cards: decodeCardModules). */
const rawCardModules = (s: ChatState): unknown => s.channel?.cardModules;

/** Each configured module's component, by code and URL: one per page, so that cards keep their state across renders. */
const moduleCards = new Map<string, CardComponents[string]>();

/**
 * The built-in cards, and the components of the card modules the chat's configuration names
 * (channelInfo `cardModules`, docs/protocol.md "Card modules"), which may also stand in for a built-in code.
 */
function useComponents(): CardComponents {
  const raw = useChatSelector(rawCardModules);
  const { log } = useChatEngine();
  return useMemo(() => {
    const modules: readonly CardModule[] = decodeCardModules(raw, (line) => log.warn(line));
    if (modules.length === 0) return BUILT_IN_CARDS;
    const configured: Record<string, CardComponents[string]> = {};
    for (const m of modules) {
      const key = `${m.code} ${m.url}`;
      if (!moduleCards.has(key)) moduleCards.set(key, moduleCard(m, log));
      configured[m.code] = moduleCards.get(key);
    }
    return { ...BUILT_IN_CARDS, ...configured };
  }, [raw, log]);
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
