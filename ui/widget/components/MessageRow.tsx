import { memo } from 'react';
import { MessageBoundary } from './MessageBoundary';
import { MessageItem, type MessageItemProps } from './MessageItem';

/**
 * One row of the message list: a message in its error boundary. Memoised on its props — values, and
 * `onAsk`, the engine's own (stable) chooseQuickReply — so that a render of the list that changes
 * nothing of a row (virtua's, when a streamed answer's bubble grows a line and the list's height
 * changes) renders none of it.
 */
export const MessageRow = memo(function MessageRow(props: MessageItemProps) {
  return (
    <MessageBoundary id={props.message.id}>
      <MessageItem {...props} />
    </MessageBoundary>
  );
});
