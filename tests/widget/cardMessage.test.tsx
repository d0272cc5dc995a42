import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SenderType } from '@visitor-chat/chat-engine';
import { decodeMessage } from '#engine/model/decodeMessage';
import { MessageContent } from '../../ui/widget/components/MessageContent';
import { testEngine } from '../hooks/strictMode';
import { renderUi } from './renderUi';

/** A robot's card message from the wire, decoded as the history decodes it. */
const wireCard = (msgContent: unknown) =>
  decodeMessage({ id: 'card-1', senderType: SenderType.Robot, msgType: 'card', msgContent }, { now: 0, newId: () => 'x' });

const XSS = '<script>alert(1)</script><img src=x onerror=alert(2)>';

describe('a card message in the widget (before the card components: docs/protocol.md "Cards")', () => {
  it('shows the card’s plain-text fallback, not its JSON', () => {
    const m = wireCard(
      JSON.stringify({
        code: 'carousel',
        data: {
          items: [
            { name: 'Trail boots', price: 129.9, currency: 'EUR' },
            { name: 'Rain jacket', price: 89, currency: 'EUR' },
          ],
        },
      }),
    );
    const { container } = renderUi(<MessageContent message={m} />, { engine: testEngine().engine });
    expect(container.textContent).toBe('Trail boots · EUR 129.90\nRain jacket · EUR 89.00');
    expect(container.textContent).not.toContain('{');
  });

  it('a card without any fallback says the attachment is not available', () => {
    renderUi(<MessageContent message={wireCard({ code: 'coupon', data: { pct: 10 } })} />, { engine: testEngine().engine });
    expect(screen.getByText('This attachment is not available.')).toBeTruthy();
  });

  it('markup and javascript: links in a card are inert text: no element is made of them', () => {
    const m = wireCard({
      code: 'tree',
      data: { title: XSS, children: [{ title: `javascript:alert(3) ${XSS}`, link: 'javascript:alert(4)', content: XSS }] },
    });
    const { container } = renderUi(<MessageContent message={m} />, { engine: testEngine().engine });
    expect(container.querySelector('script, img, iframe, [onerror]')).toBeNull();
    expect(container.querySelectorAll('a')).toHaveLength(0);
    expect(container.textContent).toContain('<script>alert(1)</script>');
    expect(container.textContent).not.toContain('alert(4)');
  });
});
