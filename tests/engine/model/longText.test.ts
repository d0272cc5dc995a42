import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isLongText, LONG_TEXT_CHARS, longTextPrefix, textPieces } from '#engine/model/longText';

/** Issue 30: a long text shows collapsed to its first piece, and whole piece by piece. */
describe('long texts (issue 30)', () => {
  it('a text is long past 4,000 characters', () => {
    expect(isLongText('a'.repeat(LONG_TEXT_CHARS))).toBe(false);
    expect(isLongText('a'.repeat(LONG_TEXT_CHARS + 1))).toBe(true);
  });

  it('a text of one piece is itself; an empty one is one empty piece', () => {
    expect(textPieces('Hello')).toEqual(['Hello']);
    expect(textPieces('')).toEqual(['']);
    expect(textPieces('x'.repeat(2_000))).toEqual(['x'.repeat(2_000)]);
  });

  it('the pieces join to the text, none over 2,000 characters, none empty (any text)', () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom('a', 'b', ' ', '\n', '😀', 'ü', 'https://x.io/'), maxLength: 3_000, size: 'max' }), (text) => {
        const pieces = textPieces(text);
        expect(pieces.join('')).toBe(text);
        for (const piece of pieces) expect(piece.length).toBeLessThanOrEqual(2_000);
        if (text) for (const piece of pieces) expect(piece.length).toBeGreaterThan(0);
      }),
    );
  });

  it('a piece ends after the last line break in its second half, else after the last space there: never inside a word or a link', () => {
    const words = Array.from({ length: 600 }, (_, i) => `word${i} https://example.com/${i}`).join(' ');
    for (const piece of textPieces(words).slice(0, -1)) expect(piece).toMatch(/ $/);
    const lines = `${'a'.repeat(1_200)}\n${'b '.repeat(600)}\n${'c'.repeat(2_500)}`;
    expect(textPieces(lines)[0]).toBe(`${'a'.repeat(1_200)}\n`);
    // A line break in the first half only: the last space wins (the piece is not cut short).
    expect(textPieces(`${'a'.repeat(500)}\n${'b '.repeat(1_000)}`)[0]).toMatch(/ $/);
  });

  it('a run without a space is cut at 2,000 characters, never between the halves of a surrogate pair', () => {
    expect(textPieces('x'.repeat(5_000)).map((p) => p.length)).toEqual([2_000, 2_000, 1_000]);
    const emoji = `x${'😀'.repeat(2_000)}`;
    const pieces = textPieces(emoji);
    expect(pieces[0]?.length).toBe(1_999);
    for (const piece of pieces) expect(piece).not.toMatch(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/);
  });

  it('the collapsed prefix is the first piece of a long text, the text itself otherwise', () => {
    const long = 'lorem ipsum '.repeat(1_000);
    expect(longTextPrefix(long)).toBe(textPieces(long)[0]);
    expect(longTextPrefix(long).length).toBeLessThanOrEqual(2_000);
    expect(longTextPrefix('short')).toBe('short');
  });
});
