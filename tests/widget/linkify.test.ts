import { describe, expect, it } from 'vitest';
import { linkify } from '../../ui/widget/linkify';

/** The hrefs linkify found in `text`. */
const links = (text: string) => linkify(text).flatMap((p) => (p.href ? [p.href] : []));

describe('linkify', () => {
  it('plain text without links is one plain part', () => {
    expect(linkify('Hello, how can I help?')).toEqual([{ text: 'Hello, how can I help?' }]);
  });

  it('an empty text has no parts', () => {
    expect(linkify('')).toEqual([]);
  });

  it('http and https URLs become links, the words around them stay text', () => {
    expect(linkify('See https://shop.example/orders and http://help.example now')).toEqual([
      { text: 'See ' },
      { text: 'https://shop.example/orders', href: 'https://shop.example/orders' },
      { text: ' and ' },
      { text: 'http://help.example', href: 'http://help.example' },
      { text: ' now' },
    ]);
  });

  it('mailto addresses become links', () => {
    expect(links('Write to mailto:support@example.com today')).toEqual(['mailto:support@example.com']);
  });

  it('a URL keeps its path, query and fragment', () => {
    expect(links('https://shop.example/a/b?x=1&y=2#top')).toEqual(['https://shop.example/a/b?x=1&y=2#top']);
  });

  it.each(['javascript:alert(1)', 'JavaScript:alert(document.cookie)', 'data:text/html,<script>alert(1)</script>', 'vbscript:msgbox', 'ftp://files.example/x', 'file:///etc/passwd'])(
    '%s never becomes a link',
    (text) => {
      expect(links(`click ${text} here`)).toEqual([]);
    },
  );

  it('a javascript: prefix glued to a URL does not smuggle itself into the link', () => {
    for (const href of links('javascript:https://evil.example')) expect(href).toMatch(/^https:\/\//);
  });

  it('a scheme inside a word is not a link start', () => {
    expect(links('notahttps://example.com')).toEqual([]);
  });

  it.each([
    ['Visit https://shop.example.', 'https://shop.example', '.'],
    ['Visit https://shop.example, then pay', 'https://shop.example', ', then pay'],
    ['Is it https://shop.example?', 'https://shop.example', '?'],
    ['Try https://shop.example!', 'https://shop.example', '!'],
    ['(see https://shop.example/faq)', 'https://shop.example/faq', ')'],
    ['"https://shop.example/faq"', 'https://shop.example/faq', '"'],
    ['Mail mailto:help@example.com.', 'mailto:help@example.com', '.'],
  ])('trailing punctuation is not part of the link: %s', (text, href, after) => {
    const parts = linkify(text);
    const i = parts.findIndex((p) => p.href);
    expect(parts[i]).toEqual({ text: href, href });
    expect(parts[i + 1]?.text.startsWith(after)).toBe(true);
    expect(parts.map((p) => p.text).join('')).toBe(text);
  });

  it('a closing parenthesis that belongs to the URL stays (Wikipedia style)', () => {
    expect(links('https://en.wikipedia.org/wiki/Mercury_(planet)')).toEqual(['https://en.wikipedia.org/wiki/Mercury_(planet)']);
  });

  it('a sentence ending right after a Wikipedia-style URL does not pull the full stop into the link', () => {
    expect(links('Read https://en.wikipedia.org/wiki/Mercury_(planet).')).toEqual(['https://en.wikipedia.org/wiki/Mercury_(planet)']);
  });

  it('a Wikipedia-style URL in parentheses does not take the outer closing parenthesis', () => {
    expect(links('(see https://en.wikipedia.org/wiki/Mercury_(planet))')).toEqual(['https://en.wikipedia.org/wiki/Mercury_(planet)']);
  });

  it('markup around a URL is not part of it', () => {
    expect(links('<a href="https://evil.example">x</a>')).toEqual(['https://evil.example']);
  });

  it('joining the parts gives back the text', () => {
    const text = 'a https://x.example/(1) b mailto:a@b.example; c javascript:void(0) d';
    expect(linkify(text).map((p) => p.text).join('')).toBe(text);
  });
});
