import { CardCode } from '../engine/model/card.ts';
import { sampleUrl } from './samples.ts';

/**
 * The reference server's cards (docs/protocol.md "Cards"): the robot's product recommendations (a
 * carousel of goods), its help centre (a tree), and the showcase's examples. The wire form is
 * `{code, data, fallback?}`; the product pictures are small SVGs the server serves itself
 * (samples.ts), so the demo needs no network.
 */

/** A card as the wire carries it. */
export interface WireCard {
  code: string;
  data: unknown;
  fallback?: string;
}

/** The demo shop's products, as goods cards' data (SPEC §3 Goods card). */
const PRODUCTS = {
  boots: {
    name: 'Alpine Trail hiking boots',
    desc: 'Waterproof leather, Vibram sole, sizes EU 38–47.',
    price: 129.9,
    originalPrice: 159.9,
    currency: 'EUR',
    unit: 'pair',
    tags: ['Bestseller', '-19%'],
    status: 'In stock',
    img: sampleUrl('goods-boots.svg'),
    link: 'https://example.com/shop/alpine-trail-boots',
  },
  jacket: {
    name: 'Stormproof rain jacket',
    desc: '3-layer shell, taped seams, packs into its pocket.',
    price: 89,
    currency: 'EUR',
    tags: ['New'],
    status: 'In stock',
    img: sampleUrl('goods-jacket.svg'),
    link: 'https://example.com/shop/stormproof-jacket',
  },
  backpack: {
    name: 'Summit 28 L daypack',
    desc: 'Ventilated back, rain cover, hydration sleeve.',
    price: 74.5,
    currency: 'EUR',
    tags: ['Eco'],
    status: 'Only 3 left',
    img: sampleUrl('goods-backpack.svg'),
    link: 'https://example.com/shop/summit-28',
  },
  bottle: {
    name: 'Insulated steel bottle',
    desc: 'Keeps drinks cold 24 h, hot 12 h. 750 ml.',
    price: 24.95,
    currency: 'EUR',
    count: 2,
    unit: 'pcs',
    img: sampleUrl('goods-bottle.svg'),
    link: 'https://example.com/shop/steel-bottle',
  },
} as const;

/** The robot's answer to "recommend …": a carousel of four goods cards. */
export const RECOMMENDATIONS: WireCard = {
  code: CardCode.Carousel,
  data: { items: [PRODUCTS.boots, PRODUCTS.jacket, PRODUCTS.backpack, PRODUCTS.bottle].map((data) => ({ code: CardCode.Goods, data })) },
  fallback:
    'Our picks for you: Alpine Trail hiking boots (EUR 129.90), Stormproof rain jacket (EUR 89.00), Summit 28 L daypack (EUR 74.50), Insulated steel bottle (EUR 24.95).',
};

/** The robot's answer to "help topics": the help centre as a tree (SPEC §3 Tree node). */
export const HELP_TOPICS: WireCard = {
  code: CardCode.Tree,
  data: {
    title: 'Help centre',
    children: [
      {
        title: 'Orders and shipping',
        link: 'https://example.com/help/shipping',
        children: [
          { title: 'Delivery times', content: 'Standard shipping takes 3–5 business days, express 1–2.' },
          { title: 'Tracking your order', content: 'You get a tracking link by email as soon as your order ships.', link: 'https://example.com/help/tracking' },
        ],
      },
      {
        title: 'Returns and refunds',
        link: 'https://example.com/help/returns',
        children: [
          { title: 'Return an item', content: 'Open “My orders”, choose the item and click “Return” within 30 days.' },
          {
            title: 'Refunds',
            content: 'The refund reaches you within 5 business days of our receiving the item.',
            children: [{ title: 'Refund to a gift card', content: 'Gift-card purchases are refunded to a new gift card.' }],
          },
        ],
      },
      {
        title: 'Account and payment',
        link: 'https://example.com/help/account',
        children: [
          { title: 'Reset your password', content: 'Click “Forgot password?” on the sign-in page; the link is valid for 24 hours.' },
          { title: 'Payment methods', content: 'Visa, Mastercard, American Express, PayPal and bank transfer.', link: 'https://example.com/help/payment' },
        ],
      },
    ],
  },
};

/** One card of each other kind, for the showcase history. */
export const SHOWCASE_CARDS = {
  goods: { code: CardCode.Goods, data: PRODUCTS.boots },
  file: { code: CardCode.File, data: { name: 'size-guide.txt', size: 1_536, url: sampleUrl('showcase-size-guide.txt') } },
  /** A card for a component the integrator registers (docs/protocol.md "Cards": custom codes), with its fallback. */
  custom: { code: 'order-status', data: { order: '1042', steps: ['Paid', 'Packed', 'Shipped'], current: 2 }, fallback: 'Order #1042: shipped' },
} satisfies Record<string, WireCard>;
