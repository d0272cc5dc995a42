import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MessageText } from '../../ui/widget/components/MessageText';

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
});
