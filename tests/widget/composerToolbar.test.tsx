import { act, fireEvent, screen, within } from '@testing-library/react';
import { BehaviorSubject } from 'rxjs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { HostToolbarItem, WidgetMessage } from '../../ui/loader/protocol';
import { Composer } from '../../ui/widget/components/Composer';
import { hostToolbar } from '../../ui/widget/components/HostTools';
import type { HostItemEntry } from '../../ui/widget/hostLink';
import { testEngine } from '../hooks/strictMode';
import { renderUi } from './renderUi';

// The widget as the loader embeds it: its end of the protocol, with the host's toolbar items (ui/widget/hostLink.ts).
const link = vi.hoisted(() => ({ posted: [] as unknown[], items: undefined as unknown }));
vi.mock('../../ui/widget/hostLink', async () => {
  const { BehaviorSubject: Subject } = await import('rxjs');
  const toolbar$ = new Subject<readonly HostItemEntry[]>([]);
  link.items = toolbar$;
  const subscribeHostItems = (listener: () => void) => {
    const subscription = toolbar$.subscribe(listener);
    return () => subscription.unsubscribe();
  };
  // The panel is open (the composer takes the focus when it opens: issue 28).
  const open$ = new Subject(true);
  return { embeddingHost: { origin: 'https://shop.example', post: (m: WidgetMessage) => link.posted.push(m), toolbar$, open$ }, subscribeHostItems };
});
const entries = () => link.items as BehaviorSubject<readonly HostItemEntry[]>;
const PAGE = 'https://shop.example/boots/alpine';
/** The host page adds these items (what hostLink keeps of its addToolbarItem calls). */
const add = (...values: unknown[]) => entries().next([...entries().value, ...values.map((value) => ({ value, page: PAGE }))]);

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
    act(() => entries().next([]));
    link.posted.length = 0;
    vi.restoreAllMocks();
  });

  it('without host items: attach and voice as before', () => {
    renderUi(<Composer />, { engine: testEngine().engine });
    expect(toolbarNames(document.querySelector('form') as HTMLElement)).toEqual(['Attach a file', 'Switch to voice input']);
  });

  it("the host's items follow the widget's, as buttons named by their title (a tooltip too), with the icon or the image; choosing one tells the host its id", async () => {
    renderUi(<Composer />, { engine: testEngine().engine });
    act(() => add(CART, PRODUCT));
    await screen.findByRole('button', { name: 'Ask about this product' });
    const form = document.querySelector('form') as HTMLElement;
    expect(toolbarNames(form)).toEqual(['Attach a file', 'Switch to voice input', 'Share my cart', 'Ask about this product']);

    const cart = screen.getByRole('button', { name: 'Share my cart' });
    // Its title shows as a popover (HostTools.css), hidden from screen readers, which hear the name.
    expect(cart.querySelector('.composer__tip')?.textContent).toBe('Share my cart');
    expect(cart.querySelector('.composer__tip')?.getAttribute('aria-hidden')).toBe('true');
    expect(cart.querySelector('img')?.getAttribute('src')).toBe(CART.icon);
    expect(cart.querySelector('img')?.getAttribute('alt')).toBe('');
    expect(screen.getByRole('button', { name: 'Ask about this product' }).querySelector('img')?.getAttribute('src')).toBe(PRODUCT.img);

    fireEvent.click(screen.getByRole('button', { name: 'Ask about this product' }));
    expect(link.posted).toEqual([{ type: 'toolbarItem', id: 'product' }]);
  });

  it('Escape hides an item’s popover until focus or the pointer leaves it (WCAG 1.4.13)', async () => {
    renderUi(<Composer />, { engine: testEngine().engine });
    act(() => add(CART));
    const cart = await screen.findByRole('button', { name: 'Share my cart' });
    cart.focus();
    fireEvent.keyDown(cart, { key: 'Escape' });
    expect(cart.classList.contains('composer__tool--quiet')).toBe(true);
    fireEvent.blur(cart);
    expect(cart.classList.contains('composer__tool--quiet')).toBe(false);
    fireEvent.keyDown(cart, { key: 'Escape' });
    fireEvent.pointerLeave(cart);
    expect(cart.classList.contains('composer__tool--quiet')).toBe(false);
  });

  it("the items are keyboard reachable: enabled buttons in the tab order, the host's after the widget's", async () => {
    renderUi(<Composer />, { engine: testEngine().engine });
    act(() => add(CART));
    await screen.findByRole('button', { name: 'Share my cart' });
    const buttons = ['Attach a file', 'Switch to voice input', 'Share my cart'].map((name) => screen.getByRole('button', { name }));
    for (const button of buttons) expect(button.tabIndex).toBe(0);
    expect(buttons.every((b) => !b.hasAttribute('disabled'))).toBe(true);
  });

  it('an item of the same id takes the other’s place; one whose picture is no web URL is not drawn', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    renderUi(<Composer />, { engine: testEngine().engine });
    act(() => add(CART, { id: 'x', title: 'Evil', icon: 'javascript:alert(1)' }, PRODUCT));
    act(() => add({ ...CART, title: 'My cart' }));
    await screen.findByRole('button', { name: 'My cart' });
    expect(toolbarNames(document.querySelector('form') as HTMLElement)).toEqual([
      'Attach a file',
      'Switch to voice input',
      'My cart',
      'Ask about this product',
    ]);
    expect(warn).toHaveBeenCalledTimes(1);
  });

  it('the attach and voice items keep their behaviour: voice switches the field to hold-to-talk and back', async () => {
    renderUi(<Composer />, { engine: testEngine().engine });
    act(() => add(CART));
    await screen.findByRole('button', { name: 'Share my cart' });
    fireEvent.click(screen.getByRole('button', { name: 'Switch to voice input' }));
    expect(screen.getByRole('button', { name: 'Switch to keyboard input' })).toBeTruthy();
    expect(screen.queryByRole('textbox', { name: 'Message' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Switch to keyboard input' }));
    expect(screen.getByRole('textbox', { name: 'Message' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Share my cart' })).toBeTruthy();
  });
});

describe("the host page's toolbar items as the widget reads them (hostToolbar)", () => {
  const CART = { id: 'cart', title: 'Share my cart', icon: 'https://shop.example/cart.svg' };
  const PRODUCT = { id: 'product', title: 'Ask about this product', img: 'pictures/boots.jpg' };
  const at = (value: unknown, page = 'https://shop.example/boots/alpine?size=42'): HostItemEntry => ({ value, page });

  it('in the order added, one of the same id in the other’s place, icons and images resolved against the page they came from, only their four fields kept', () => {
    const toolbar = hostToolbar([
      at(CART),
      at(PRODUCT),
      at({ ...CART, title: 'My cart', icon: '/icons/cart.svg', onClick: 'x' }),
      at(PRODUCT, 'https://shop.example/'),
    ]);
    expect(toolbar).toEqual([
      { id: 'cart', title: 'My cart', icon: 'https://shop.example/icons/cart.svg', img: undefined },
      { id: 'product', title: 'Ask about this product', icon: undefined, img: 'https://shop.example/pictures/boots.jpg' },
    ]);
  });

  it('what is no item is left out with one warning each, the value as the page passed it — however often the toolbar is read', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const bad = [
      { ...CART, icon: 'javascript:alert(1)' },
      { ...CART, title: '' },
      { ...CART, title: '  ' },
      { id: 'x', title: 'No picture' },
      { title: 'No id', icon: 'https://shop.example/a.svg' },
      { ...PRODUCT, img: 'data:image/png;base64,AAAA' },
      { id: 'a', title: 'Number', icon: 42 },
      { ...CART, img: 'ftp://shop.example/a.png' },
      { id: 7, title: 'Number id', icon: 'https://shop.example/a.svg' },
      'cart',
      null,
    ];
    const added = [at(CART), ...bad.map((value) => at(value))];
    expect(hostToolbar(added)).toEqual([{ ...CART, img: undefined }]);
    expect(hostToolbar(added)).toHaveLength(1);
    expect(warn.mock.calls).toEqual(bad.map((value) => ['[visitor-chat] bad addToolbarItem:', value]));
  });
});
