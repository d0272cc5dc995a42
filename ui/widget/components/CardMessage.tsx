import { cardFallbackText, type ChatMessage } from '@visitor-chat/chat-engine';
import { lazyPart } from '../lazyPart';
import { CardFallback } from './CardFallback';

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
