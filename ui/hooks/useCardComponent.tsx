import { createContext, useContext, useEffect, useMemo, useState, type ComponentType, type ReactElement, type ReactNode } from 'react';
import { useChatEngine } from './ChatProvider';
import {
  CardError,
  decodeCardContent,
  type Card,
  type CardContent,
  type CarouselCard,
  type ChatMessage,
  type CustomCard,
  type FileCard,
  type GoodsCard,
  type TreeCard,
} from '@visitor-chat/chat-engine';

/** What a card component is given: the decoded card (docs/protocol.md "Cards") and the message that carries it. */
export interface CardProps<C extends Card = Card> {
  readonly card: C;
  readonly message: ChatMessage;
}

/** A component that draws the cards of one code. */
export type CardComponent<C extends Card = Card> = ComponentType<CardProps<C>>;

/**
 * Components by card code: the built-in codes receive their decoded card, any other code a
 * `CustomCard` (its `data` as the wire had it: pass its URLs through the engine's `cardUrl`).
 */
export interface CardComponents {
  readonly goods?: CardComponent<GoodsCard> | undefined;
  readonly file?: CardComponent<FileCard> | undefined;
  readonly tree?: CardComponent<TreeCard> | undefined;
  readonly carousel?: CardComponent<CarouselCard> | undefined;
  readonly [code: string]:
    CardComponent<GoodsCard> | CardComponent<FileCard> | CardComponent<TreeCard> | CardComponent<CarouselCard> | CardComponent<CustomCard> | undefined;
}

interface Registry {
  readonly components: CardComponents;
  /** The codes already reported without a component (NO_HANDLER is logged once per code). */
  readonly unhandled: Set<string>;
}

const NO_REGISTRY: Registry = { components: {}, unhandled: new Set() };
const RegistryContext = createContext<Registry>(NO_REGISTRY);

/** The props of {@link CardRegistryProvider}: the card components it adds for what it wraps. */
export interface CardRegistryProviderProps {
  /** A component per card code. Nested providers add to their parent's; for the same code, the inner one wins. */
  components: CardComponents;
  children?: ReactNode | undefined;
}

/**
 * The card components of its subtree (the seed product's card registry; MDX's `components` is the
 * model): `<CardRegistryProvider components={{ 'order-status': OrderStatus }}>`. Pass a stable
 * object (a module constant or a memo): a new one re-renders every card below.
 */
export function CardRegistryProvider({ components, children }: CardRegistryProviderProps): ReactElement {
  const parent = useContext(RegistryContext);
  // The outermost provider keeps the codes reported; nested ones share its list.
  const [own] = useState(() => new Set<string>());
  const unhandled = parent === NO_REGISTRY ? own : parent.unhandled;
  const value = useMemo<Registry>(() => ({ components: { ...parent.components, ...components }, unhandled }), [parent, components, unhandled]);
  return <RegistryContext.Provider value={value}>{children}</RegistryContext.Provider>;
}

/**
 * The component registered for `card`'s code (the nearest CardRegistryProvider's, then its
 * parents'), or null: no card (a card message whose `cardError` is NO_CODE or BAD_DATA; show its
 * fallback, `msgContent`) or no component for the code — then show the fallback too; the code is
 * logged once (per outermost provider) as NO_HANDLER (SPEC §8).
 */
export function useCardComponent(card: Card | undefined): CardComponent | null {
  const { components, unhandled } = useContext(RegistryContext);
  const found = card ? (Object.hasOwn(components, card.code) ? components[card.code] : undefined) : undefined;
  const code = card?.code;
  const missing = code !== undefined && !found;
  useEffect(() => {
    if (!missing || unhandled.has(code)) return;
    unhandled.add(code);
    console.warn(`[chat] card "${code}": no component registered (${CardError.NoHandler}); its fallback shows`);
  }, [missing, code, unhandled]);
  // Each code's component receives its own kind of card (CardComponents says which).
  return (found as CardComponent | undefined) ?? null;
}

/** Each card message's decoded card, decoded once per message object (so that its log lines are written once). */
const decoded = new WeakMap<ChatMessage, CardContent>();

/**
 * A card message's card (msgType `card`; its msgContent is the card as JSON text): decoded with the
 * engine's `decodeCardContent` the first time it is drawn — a bad field dropped, an unusable card
 * leaving `card` absent with `cardError` (NO_CODE, BAD_DATA), each with a line to the engine's log —
 * and its `fallback`, the plain text to show when no component draws it. Pass the card to
 * `useCardComponent`.
 */
export function useCard(message: ChatMessage): CardContent {
  const { log } = useChatEngine();
  let content = decoded.get(message);
  if (!content) {
    content = decodeCardContent(message.msgContent, (line) => log.warn(line), `card ${message.id}`);
    decoded.set(message, content);
  }
  return content;
}
