import { render, screen } from '@testing-library/react';
import { afterEach, beforeEach, expect, it, vi, type MockInstance } from 'vitest';
import { decodeCardContent, type Card, type ChatMessage, type CustomCard, type GoodsCard } from '@visitor-chat/chat-engine';
import { CardRegistryProvider, useCardComponent, type CardComponents, type CardProps } from '@visitor-chat/chat-react';
import { describeBoth, inMode } from './strictMode';

const cardOf = (content: unknown): Card | undefined => decodeCardContent(content).card;
const goods = cardOf({ code: 'goods', data: { name: 'Boots', price: 10, currency: 'EUR' } });
const custom = cardOf({ code: 'order-status', data: { order: '1042' } });
const unknown = cardOf({ code: 'coupon', data: { pct: 10 } });
const message = { id: 'm1', msgContent: 'fallback' } as ChatMessage;

function Goods({ card }: CardProps<GoodsCard>) {
  return <p>goods {card.name}</p>;
}
function OrderStatus({ card, message: m }: CardProps<CustomCard>) {
  return (
    <p>
      order {(card.data as { order: string }).order} of {m.id}
    </p>
  );
}
function OtherGoods({ card }: CardProps<GoodsCard>) {
  return <p>other {card.name}</p>;
}

/** Draws a card as a UI does: its registered component, else its fallback. */
function CardSlot({ card }: { card: Card | undefined }) {
  const Component = useCardComponent(card);
  return Component && card ? <Component card={card} message={message} /> : <p>fallback</p>;
}

const COMPONENTS: CardComponents = { goods: Goods, 'order-status': OrderStatus };
const INNER: CardComponents = { goods: OtherGoods };

let warn: MockInstance<typeof console.warn>;
beforeEach(() => {
  warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
});
afterEach(() => warn.mockRestore());

const noHandlerLines = () => warn.mock.calls.filter(([line]) => String(line).includes('NO_HANDLER'));

describeBoth('useCardComponent and CardRegistryProvider (issue 26: the card registry)', ({ strict }) => {
  it('returns the component registered for a card’s code, built-in or custom; it receives the card and the message', () => {
    render(
      inMode(
        strict,
        <CardRegistryProvider components={COMPONENTS}>
          <CardSlot card={goods} />
          <CardSlot card={custom} />
        </CardRegistryProvider>,
      ),
    );
    expect(screen.getByText('goods Boots')).toBeTruthy();
    expect(screen.getByText('order 1042 of m1')).toBeTruthy();
    expect(noHandlerLines()).toHaveLength(0);
  });

  it('a code without a component: null, so the fallback shows; NO_HANDLER logged once per code, however often drawn', () => {
    const { rerender } = render(
      inMode(
        strict,
        <CardRegistryProvider components={COMPONENTS}>
          <CardSlot card={unknown} />
          <CardSlot card={unknown} />
        </CardRegistryProvider>,
      ),
    );
    rerender(
      inMode(
        strict,
        <CardRegistryProvider components={COMPONENTS}>
          <CardSlot card={unknown} />
        </CardRegistryProvider>,
      ),
    );
    expect(screen.getAllByText('fallback')).toHaveLength(1);
    expect(noHandlerLines()).toHaveLength(1);
    expect(String(noHandlerLines()[0]?.[0])).toContain('"coupon"');
  });

  it('no card (cardError NO_CODE): null and nothing logged — the engine logged it', () => {
    const { card, cardError } = decodeCardContent('just text');
    expect(cardError).toBe('NO_CODE');
    render(inMode(strict, <CardRegistryProvider components={COMPONENTS}>{<CardSlot card={card} />}</CardRegistryProvider>));
    expect(screen.getByText('fallback')).toBeTruthy();
    expect(warn).not.toHaveBeenCalled();
  });

  it('nested providers add to their parent’s; for the same code the inner one wins', () => {
    render(
      inMode(
        strict,
        <CardRegistryProvider components={COMPONENTS}>
          <CardRegistryProvider components={INNER}>
            <CardSlot card={goods} />
            <CardSlot card={custom} />
          </CardRegistryProvider>
        </CardRegistryProvider>,
      ),
    );
    expect(screen.getByText('other Boots')).toBeTruthy();
    expect(screen.getByText('order 1042 of m1')).toBeTruthy();
  });

  it('without a provider every card falls back', () => {
    render(inMode(strict, <CardSlot card={goods} />));
    expect(screen.getByText('fallback')).toBeTruthy();
  });
});
