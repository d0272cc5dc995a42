import { isLongText, longTextPrefix } from '@visitor-chat/chat-engine';
import { lazyPart } from '../lazyPart';
import { LinkedText } from './LinkedText';

/**
 * A long text (isLongText: a 1 MB message froze the page for seconds) shows its first piece with
 * "Show more", in a part of its own; while that part loads, the first piece as plain text.
 */
const LongText = lazyPart(
  'long text',
  () => import('./LongText').then((m) => ({ default: m.LongText })),
  ({ text }: { text: string }) => `${longTextPrefix(text)}…`,
);

/** Message text as React text, with its links as anchors (LinkedText); a long one collapsed (LongText). */
export function MessageText({ text }: { text: string }) {
  return isLongText(text) ? <LongText text={text} /> : <LinkedText text={text} />;
}
