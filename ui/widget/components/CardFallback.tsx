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
