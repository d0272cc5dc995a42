import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { linkify, stripBidiControls } from '../../ui/widget/linkify';

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

  it.each([
    'javascript:alert(1)',
    'JavaScript:alert(document.cookie)',
    'data:text/html,<script>alert(1)</script>',
    'vbscript:msgbox',
    'ftp://files.example/x',
    'file:///etc/passwd',
  ])('%s never becomes a link', (text) => {
    expect(links(`click ${text} here`)).toEqual([]);
  });

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
    expect(
      linkify(text)
        .map((p) => p.text)
        .join(''),
    ).toBe(text);
  });

  it.each([
    ['U+202E right-to-left override', '\u202E'],
    ['U+202D left-to-right override', '\u202D'],
    ['U+202B right-to-left embedding', '\u202B'],
    ['U+202A left-to-right embedding', '\u202A'],
    ['U+202C pop directional formatting', '\u202C'],
    ['U+2067 right-to-left isolate', '\u2067'],
    ['U+2066 left-to-right isolate', '\u2066'],
    ['U+2068 first strong isolate', '\u2068'],
    ['U+2069 pop directional isolate', '\u2069'],
    ['U+200F right-to-left mark', '\u200F'],
    ['U+200E left-to-right mark', '\u200E'],
    ['U+061C Arabic letter mark', '\u061C'],
  ])('a URL with a %s inside stays a link, shown and targeted without it (what is shown is where it goes)', (_name, control) => {
    const parts = linkify(`Your invoice: https://files.example/invoice${control}fdp.exe thanks`);
    expect(parts).toEqual([
      { text: 'Your invoice: ' },
      { text: 'https://files.example/invoicefdp.exe', href: 'https://files.example/invoicefdp.exe' },
      { text: ' thanks' },
    ]);
  });

  it('bidi controls in the host of a URL are removed from its text and href alike', () => {
    expect(links('https://pay\u202Elapyap.example/login')).toEqual(['https://paylapyap.example/login']);
  });

  it('bidi controls in a mailto address are removed from its text and href alike', () => {
    expect(linkify('mailto:help\u202E@example.com')).toEqual([{ text: 'mailto:help@example.com', href: 'mailto:help@example.com' }]);
  });

  it('bidi controls around a URL stay in the plain text (legitimate RTL use), outside the link', () => {
    const text = '\u202Bانظر https://shop.example/faq\u202C.';
    const parts = linkify(text);
    expect(parts).toEqual([{ text: '\u202Bانظر ' }, { text: 'https://shop.example/faq', href: 'https://shop.example/faq' }, { text: '\u202C.' }]);
    expect(parts.map((p) => p.text).join('')).toBe(text);
  });

  it('plain text keeps its bidi characters', () => {
    const text = 'שלום \u202Bעולם\u202C \u200Fok';
    expect(linkify(text)).toEqual([{ text }]);
  });
});

describe('linkify: email addresses and phone numbers', () => {
  it.each([
    ['Write to support@example.com.', 'support@example.com', 'mailto:support@example.com'],
    ['(a.b+orders@mail.example.co.uk)', 'a.b+orders@mail.example.co.uk', 'mailto:a.b+orders@mail.example.co.uk'],
    ['Call +44 20 7946 0958 today', '+44 20 7946 0958', 'tel:+442079460958'],
    ['Call +1-202-555-0143.', '+1-202-555-0143', 'tel:+12025550143'],
    ['手机13812345678联系', '13812345678', 'tel:13812345678'],
    ['Mobile 138 1234 5678, thanks', '138 1234 5678', 'tel:13812345678'],
    ['Mobile 138-1234-5678', '138-1234-5678', 'tel:13812345678'],
  ])('%s: the address or number is a link, the text around it stays', (text, shown, href) => {
    const parts = linkify(text);
    expect(parts.filter((p) => p.href)).toEqual([{ text: shown, href }]);
    expect(parts.map((p) => p.text).join('')).toBe(text);
  });

  it.each([
    ['a date', 'Delivered on 2024-05-15, or 15.05.2024, 15/05/2024'],
    ['a time', 'Open 09:00–18:00, call back at 13:45'],
    ['a price', 'It costs $1,299.00 (¥13 812 345 678 with tax), or 1 299,00 €'],
    ['an order number', 'Your order #13812345678 and order #1042 shipped'],
    ['an order number with dashes', 'Order 2024-0515-0001 is paid'],
    ['a percentage', 'Save +5% today, +15 % tomorrow'],
    ['too few digits', 'Ext. +44 1234 or 138 1234'],
    ['too many digits', '+4420794609581234567 or 138123456789'],
    ['a longer number', 'Reference 13812345678.5 and 13812345678-2'],
    ['a word that is not an address', 'user@localhost or @alice or a@b'],
    ['a number inside a word or path', 'id=13812345678 /files/13812345678 x13812345678'],
  ])('%s is not a link', (_kind, text) => {
    expect(links(text)).toEqual([]);
  });

  it('an address inside a URL stays part of the URL', () => {
    expect(links('https://shop.example/unsubscribe?to=a@b.example')).toEqual(['https://shop.example/unsubscribe?to=a@b.example']);
  });

  it('never throws and keeps the text (without bidi controls in links) for any input', () => {
    const piece = fc.constantFrom('+44 20 7946 0958', '13812345678', 'a@b.example', 'https://x.example/(1)', 'mailto:', '#', ' ', '-', '.', '\u202E', '٣');
    const text = fc.oneof(
      fc.string({ unit: 'grapheme' }),
      fc.array(fc.oneof(piece, fc.string()), { maxLength: 12 }).map((a) => a.join('')),
    );
    fc.assert(
      fc.property(text, (t) => {
        const parts = linkify(t);
        expect(stripBidiControls(parts.map((p) => p.text).join(''))).toBe(stripBidiControls(t));
        for (const p of parts) if (p.href) expect(p.href).toMatch(/^(?:https?:\/\/|mailto:|tel:\+?\d+$)/);
      }),
    );
  });
});

describe('stripBidiControls', () => {
  it('removes the bidi embeddings, overrides, isolates and marks (U+202A–202E, U+2066–2069, U+200E/200F, U+061C)', () => {
    const all = '\u202A\u202B\u202C\u202D\u202E\u2066\u2067\u2068\u2069\u200E\u200F\u061C';
    expect(stripBidiControls(`invoice${all}fdp.exe`)).toBe('invoicefdp.exe');
  });

  it('keeps right-to-left letters, other invisible characters and text without controls as they are', () => {
    expect(stripBidiControls('فاتورة.pdf')).toBe('فاتورة.pdf');
    expect(stripBidiControls('a\u200Db\u200Bc')).toBe('a\u200Db\u200Bc');
    expect(stripBidiControls('report.pdf')).toBe('report.pdf');
  });
});
