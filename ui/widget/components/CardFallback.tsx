import { LinkedText } from './LinkedText';

/**
 * A card message's plain-text fallback (docs/protocol.md "Cards"): `text`, else `missing` — what
 * shows for a card no component draws, and (without `missing`) while the cards' code loads. A
 * fallback is a card's few words: drawn whole (not collapsed as a long message text is), so that
 * the cards' parts share only the text with its links with the first screen, not the long text's part.
 */
export function CardFallback({ text, missing }: { text: string; missing?: string }) {
  if (text)
    return (
      <span className="content-text content-card" dir="auto">
        <LinkedText text={text} />
      </span>
    );
  return missing ? <span className="content-card-missing">{missing}</span> : <span className="content-card-loading" />;
}
