import { useLingui } from '@lingui/react/macro';
import type { ChatMessage, MessageRating } from '@visitor-chat/chat-engine';
import { useMessageRating } from '@visitor-chat/chat-react';
import { keepFocus } from '../keepFocus';
import './RatingButtons.css';

const THUMB =
  'M2 21h4V9H2v12Zm20-11a2 2 0 0 0-2-2h-6.3l1-4.6v-.3c0-.4-.2-.8-.4-1.1L13.2 1 6.6 7.6c-.4.4-.6.9-.6 1.4v10a2 2 0 0 0 2 2h9c.8 0 1.5-.5 1.8-1.2l3-7.1c.1-.2.2-.5.2-.7v-2Z';

/** Thumbs up/down under a robot answer (SPEC §4 Rating of a reply): one choice, then locked. */
export function RatingButtons({ message }: { message: ChatMessage }) {
  const { t } = useLingui();
  const { rating, rate } = useMessageRating(message);
  const button = (value: MessageRating, label: string) => (
    <button
      type="button"
      className={`rating__button rating__button--${value}`}
      aria-label={label}
      aria-pressed={rating === value}
      // Locked once chosen: the chosen thumb stays lit, neither can change it.
      disabled={!rate}
      onClick={() => {
        rate?.(value);
        // Both thumbs are disabled now: focus goes on in the composer, not to the page.
        keepFocus();
      }}
    >
      <svg viewBox="0 0 24 24" aria-hidden="true">
        <path d={THUMB} />
      </svg>
    </button>
  );
  return (
    <div className="rating" role="group" aria-label={t`Was this answer helpful?`}>
      {button('up', t`Helpful`)}
      {button('down', t`Not helpful`)}
      {rating && (
        <span className="rating__thanks" role="status">
          {t`Thanks for your feedback`}
        </span>
      )}
    </div>
  );
}
