import { act, fireEvent, screen, within } from '@testing-library/react';
import { BehaviorSubject } from 'rxjs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { HostToolbarItem, WidgetMessage } from '../../ui/loader/protocol';
import { Composer } from '../../ui/widget/components/Composer';
import { testEngine } from '../hooks/strictMode';
import { renderUi } from './renderUi';

// The widget as the loader embeds it: its end of the protocol, with the host's toolbar items (ui/widget/hostLink.ts).
const link = vi.hoisted(() => ({ posted: [] as unknown[], items: undefined as unknown }));
vi.mock('../../ui/widget/hostLink', async () => {
  const { BehaviorSubject: Subject } = await import('rxjs');
  const toolbar$ = new Subject<readonly HostToolbarItem[]>([]);
  link.items = toolbar$;
  return { embeddingHost: { origin: 'https://shop.example', post: (m: WidgetMessage) => link.posted.push(m), toolbar$ } };
});
const items = () => link.items as BehaviorSubject<readonly HostToolbarItem[]>;

const CART: HostToolbarItem = { id: 'cart', title: 'Share my cart', icon: 'https://shop.example/cart.svg' };
const PRODUCT: HostToolbarItem = { id: 'product', title: 'Ask about this product', img: 'https://shop.example/boots.jpg' };

/** The composer's toolbar buttons, in order, by name. */
const toolbarNames = (form: HTMLElement) =>
  within(form)
    .getAllByRole('button')
    .map((b) => b.getAttribute('aria-label'))
    .filter((name) => name !== 'Send');

describe("the composer toolbar (SPEC §3 Toolbar item): the widget's own items and the host page's, in one list", () => {
  afterEach(() => {
    act(() => items().next([]));
    link.posted.length = 0;
  });

  it('without host items: attach and voice as before', () => {
    renderUi(<Composer />, { engine: testEngine().engine });
    expect(toolbarNames(document.querySelector('form') as HTMLElement)).toEqual(['Attach a file', 'Switch to voice input']);
  });

  it("the host's items follow the widget's, as buttons named by their title (a tooltip too), with the icon or the image; choosing one tells the host its id", () => {
    renderUi(<Composer />, { engine: testEngine().engine });
    act(() => items().next([CART, PRODUCT]));
    const form = document.querySelector('form') as HTMLElement;
    expect(toolbarNames(form)).toEqual(['Attach a file', 'Switch to voice input', 'Share my cart', 'Ask about this product']);

    const cart = screen.getByRole('button', { name: 'Share my cart' });
    expect(cart.title).toBe('Share my cart');
    expect(cart.querySelector('img')?.getAttribute('src')).toBe(CART.icon);
    expect(cart.querySelector('img')?.getAttribute('alt')).toBe('');
    expect(screen.getByRole('button', { name: 'Ask about this product' }).querySelector('img')?.getAttribute('src')).toBe(PRODUCT.img);

    fireEvent.click(screen.getByRole('button', { name: 'Ask about this product' }));
    expect(link.posted).toEqual([{ type: 'toolbarItem', id: 'product' }]);
  });

  it("the items are keyboard reachable: enabled buttons in the tab order, the host's after the widget's", () => {
    renderUi(<Composer />, { engine: testEngine().engine });
    act(() => items().next([CART]));
    const buttons = ['Attach a file', 'Switch to voice input', 'Share my cart'].map((name) => screen.getByRole('button', { name }));
    for (const button of buttons) expect(button.tabIndex).toBe(0);
    expect(buttons.every((b) => !b.hasAttribute('disabled'))).toBe(true);
  });

  it('a new list from the host replaces the old; an item whose picture is no web URL is not drawn', () => {
    renderUi(<Composer />, { engine: testEngine().engine });
    act(() => items().next([CART]));
    act(() => items().next([{ id: 'x', title: 'Evil', icon: 'javascript:alert(1)' }, PRODUCT]));
    expect(toolbarNames(document.querySelector('form') as HTMLElement)).toEqual(['Attach a file', 'Switch to voice input', 'Ask about this product']);
  });

  it('the attach and voice items keep their behaviour: voice switches the field to hold-to-talk and back', () => {
    renderUi(<Composer />, { engine: testEngine().engine });
    act(() => items().next([CART]));
    fireEvent.click(screen.getByRole('button', { name: 'Switch to voice input' }));
    expect(screen.getByRole('button', { name: 'Switch to keyboard input' })).toBeTruthy();
    expect(screen.queryByRole('textbox', { name: 'Message' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Switch to keyboard input' }));
    expect(screen.getByRole('textbox', { name: 'Message' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Share my cart' })).toBeTruthy();
  });
});
