import { act, fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { LinkedText } from '../../ui/widget/components/LinkedText';
import { MessageText } from '../../ui/widget/components/MessageText';
import { renderUi } from './renderUi';

describe('MessageText', () => {
  it('shows markup in a message as the characters typed, never as HTML', () => {
    const { container } = render(<MessageText text="<b>x</b><img src=x onerror=alert(1)>" />);
    expect(container.querySelector('b')).toBeNull();
    expect(container.querySelector('img')).toBeNull();
    expect(container.textContent).toBe('<b>x</b><img src=x onerror=alert(1)>');
  });

  it('makes http(s) links into anchors that open in a new tab without access to the widget', () => {
    const { container } = render(<MessageText text="Track it at https://shop.example/track?id=1." />);
    const anchors = container.querySelectorAll('a');
    expect(anchors).toHaveLength(1);
    const a = anchors[0] as HTMLAnchorElement;
    expect(a.getAttribute('href')).toBe('https://shop.example/track?id=1');
    expect(a.textContent).toBe('https://shop.example/track?id=1');
    expect(a.getAttribute('target')).toBe('_blank');
    expect(a.getAttribute('rel')).toBe('noopener noreferrer');
    expect(container.textContent).toBe('Track it at https://shop.example/track?id=1.');
  });

  it('makes mailto addresses into anchors', () => {
    const { container } = render(<MessageText text="mailto:support@example.com" />);
    expect(container.querySelector('a')?.getAttribute('href')).toBe('mailto:support@example.com');
  });

  it('leaves javascript: text as text', () => {
    const { container } = render(<MessageText text="javascript:alert(document.cookie)" />);
    expect(container.querySelector('a')).toBeNull();
    expect(container.textContent).toBe('javascript:alert(document.cookie)');
  });

  it('keeps line breaks and spaces of the text as text', () => {
    const { container } = render(<MessageText text={'one\ntwo  three'} />);
    expect(container.textContent).toBe('one\ntwo  three');
  });

  it('a link is laid out left to right and isolated (dir="ltr"), so text around it cannot reorder it', () => {
    const { container } = render(<MessageText text={'\u202Eclick https://shop.example/track'} />);
    expect(container.querySelector('a')?.getAttribute('dir')).toBe('ltr');
  });

  it('a link whose URL hides a right-to-left override shows and targets the URL without it', () => {
    const { container } = render(<MessageText text={'Invoice: https://files.example/invoice\u202Efdp.exe'} />);
    const a = container.querySelector('a') as HTMLAnchorElement;
    expect(a.textContent).toBe('https://files.example/invoicefdp.exe');
    expect(a.getAttribute('href')).toBe('https://files.example/invoicefdp.exe');
  });

  it('plain text keeps its bidi characters (legitimate right-to-left use)', () => {
    const text = 'مرحبا \u202Bعالم\u202C \u200Fok';
    const { container } = render(<MessageText text={text} />);
    expect(container.textContent).toBe(text);
  });

  it('a piece cut inside a word (issue 30) leaves the link at that cut as text: half an address is not where it goes', () => {
    const { container } = render(<LinkedText text="https://a.example/one and https://a.example/tw" cutBefore cutAfter />);
    expect([...container.querySelectorAll('a')].map((a) => a.getAttribute('href'))).toEqual([]);
    const whole = render(<LinkedText text="https://a.example/one and https://a.example/two " cutBefore />);
    expect([...whole.container.querySelectorAll('a')].map((a) => a.getAttribute('href'))).toEqual(['https://a.example/two']);
  });

  it('a long text (issue 30) shows its first piece, its links links, with Show more; expanded it shows the whole text, then Show less', async () => {
    await import('../../ui/widget/components/LongText');
    const text = Array.from({ length: 200 }, (_, i) => `https://example.com/item/${i} lorem ipsum sit `).join('');
    const { container } = renderUi(<MessageText text={text} />);
    const more = await screen.findByRole('button', { name: 'Show more' });
    expect(more.getAttribute('aria-expanded')).toBe('false');
    const shown = container.querySelector('.long-text')?.textContent ?? '';
    expect(shown.length).toBeLessThanOrEqual(2_001);
    expect(text.startsWith(shown.slice(0, -1))).toBe(true);
    expect(container.querySelector('a')?.getAttribute('href')).toBe('https://example.com/item/0');
    act(() => fireEvent.click(more));
    const less = await screen.findByRole('button', { name: 'Show less' });
    expect(less.getAttribute('aria-expanded')).toBe('true');
    expect(container.querySelector('.long-text')?.textContent).toBe(text);
    expect(container.querySelectorAll('a')).toHaveLength(200);
    act(() => fireEvent.click(less));
    expect(container.querySelector('.long-text')?.textContent).toBe(shown);
  });
});
