import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { SenderType, type Card } from '@visitor-chat/chat-engine';
import { decodeMessage } from '#engine/model/decodeMessage';
import { mountOrderStatus } from '../../server/cardModules';
import { moduleCard } from '../../ui/widget/components/cards/ModuleCard';
import { testEngine } from '../hooks/strictMode';
import { renderUi } from './renderUi';

const XSS = '<img src=x onerror=alert(1)>';

describe('the reference backend’s order-status module (docs/protocol.md "Card modules")', () => {
  it('draws the order and its steps as text, the step reached marked; markup in the data stays text', () => {
    const element = document.createElement('div');
    const unmount = mountOrderStatus(element, {
      card: { code: 'order-status', data: { order: '1042', steps: ['Paid', XSS, 'Shipped', 7], current: 1 } },
      fallback: 'Order #1042',
    });
    expect(element.querySelector('p')?.textContent).toBe('Order #1042');
    expect([...element.querySelectorAll('li')].map((li) => li.textContent)).toEqual(['Paid', XSS, 'Shipped']);
    expect(element.querySelector('[aria-current="step"]')?.textContent).toBe(XSS);
    expect(element.querySelector('img')).toBeNull();
    unmount();
    expect(element.childNodes).toHaveLength(0);
  });

  it('data of another shape: the fallback as its title, no steps', () => {
    const element = document.createElement('div');
    mountOrderStatus(element, { card: { code: 'order-status', data: 'nonsense' }, fallback: 'Your order' });
    expect(element.textContent).toBe('Your order');
  });
});

describe('a card module that does not load (SPEC §8)', () => {
  it('"Failed to import: {url}" (ERR_IMPORT_SCRIPT) logged once to the engine’s log; the card shows its fallback', async () => {
    const log = { warn: vi.fn() };
    const { engine } = testEngine({ options: { log } });
    const message = decodeMessage(
      { id: 'c1', senderType: SenderType.Agent, msgType: 'card', msgContent: { code: 'order-status', data: { order: 1 }, fallback: 'Order #1: paid' } },
      { now: 0, newId: () => 'x' },
    );
    const card: Card = { kind: 'custom', code: 'order-status', data: { order: 1 } };
    const OrderStatus = moduleCard({ code: 'order-status', url: 'https://cards.invalid/order-status.js' }, log);
    renderUi(
      <>
        <OrderStatus card={card} message={message} />
        <OrderStatus card={card} message={message} />
      </>,
      { engine },
    );
    await vi.waitFor(() => expect(screen.getAllByText('Order #1: paid')).toHaveLength(2));
    await vi.waitFor(() =>
      expect(log.warn.mock.calls.filter(([line]) => String(line).startsWith('Failed to import: https://cards.invalid/order-status.js'))).toHaveLength(1),
    );
    expect(log.warn.mock.calls[0]?.[0]).toContain('ERR_IMPORT_SCRIPT');
  });
});
