import type { RobotAskData, WireQuickReply } from '../engine/protocol.ts';
import { MsgType, QuickReplyCode } from '../engine/model/codes.ts';
import { HELP_TOPICS, RECOMMENDATIONS, type WireCard } from './cards.ts';

/** One entry of the robot's knowledge base. */
interface FaqEntry {
  question: string;
  /** Lower-case word prefixes that point at this entry. */
  keywords: string[];
  answer: string;
  /** The answer offers the transfer to a human: the transfer quick reply comes first under it. */
  offersTransfer?: boolean;
  /** The help-centre pages the answer comes from (a streamed answer links them, docs/protocol.md robotAsk). */
  sources?: Source[];
}

/** A page an answer comes from. */
export interface Source {
  url: string;
  title: string;
}

/** The robot's answer to a question, and the knowledge-base entry it came from (none: the menu). */
export interface RobotAnswer {
  data: RobotAskData;
  /** The question of the entry that answered, if one did. */
  topic?: string;
  sources: Source[];
}

/**
 * The quick reply that transfers to a human (docs/protocol.md "Quick replies": the reserved code).
 * Its name is the label of the widget's own button for it (locales/en "Human agent"), so that the
 * robot's text names both.
 */
export const TRANSFER_REPLY: WireQuickReply = { name: 'Human agent', code: QuickReplyCode.TransferToHuman, isHighlight: true };

const KNOWLEDGE: FaqEntry[] = [
  {
    question: 'What are your opening hours?',
    keywords: ['hour', 'open', 'close', 'closing', 'weekend', 'when'],
    answer: 'We are open Monday to Friday 9:00–18:00 and Saturday 10:00–14:00 (CET). Closed on Sundays and public holidays.',
    sources: [{ url: 'https://example.com/help/opening-hours', title: 'Opening hours' }],
  },
  {
    question: 'How long does shipping take?',
    keywords: ['ship', 'deliver', 'track', 'parcel', 'package', 'arrive'],
    answer: 'Standard shipping takes 3–5 business days, express 1–2. You get a tracking link by email as soon as your order ships.',
    sources: [
      { url: 'https://example.com/help/shipping', title: 'Shipping and delivery' },
      { url: 'https://example.com/help/tracking', title: 'Tracking your order' },
    ],
  },
  {
    question: 'How do I return an item?',
    keywords: ['return', 'refund', 'exchange', 'send back', 'broken'],
    answer:
      'You can return any item within 30 days. Open “My orders”, choose the item and click “Return”; the refund reaches you within 5 business days of our receiving it.',
    sources: [{ url: 'https://example.com/help/returns', title: 'Returns and refunds' }],
  },
  {
    question: 'Which payment methods do you accept?',
    keywords: ['pay', 'card', 'credit', 'paypal', 'invoice', 'bank'],
    answer: 'We accept Visa, Mastercard, American Express, PayPal and bank transfer. Business customers can also pay by invoice.',
    sources: [{ url: 'https://example.com/help/payment', title: 'Payment methods' }],
  },
  {
    question: 'How do I reset my password?',
    keywords: ['password', 'reset', 'login', 'log in', 'sign in', 'forgot', 'account'],
    answer: 'Click “Forgot password?” on the sign-in page and enter your email address; the reset link we send is valid for 24 hours.',
    sources: [{ url: 'https://example.com/help/account', title: 'Your account and password' }],
  },
  {
    question: 'How can I talk to a human?',
    keywords: ['human', 'agent', 'person', 'someone', 'talk', 'contact', 'phone', 'call'],
    answer: `Tap “${TRANSFER_REPLY.name}” and an agent will join this chat. You can also write to support@example.com or call +1 555 0100 during opening hours.`,
    offersTransfer: true,
    sources: [{ url: 'https://example.com/help/contact', title: 'Contact us' }],
  },
];

/** The FAQ questions, in knowledge-base order (for channel faqConfig and suggestions). */
export const FAQ_QUESTIONS = KNOWLEDGE.map((entry) => entry.question);

/** How many keywords of the entry the text mentions; keywords match word starts, case-insensitive. */
function score(entry: FaqEntry, text: string): number {
  const normalized = ` ${text.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, ' ')}`;
  return entry.keywords.filter((keyword) => normalized.includes(` ${keyword}`)).length;
}

/** The entry that matches the text best, if any matches at all. */
function bestMatch(text: string): FaqEntry | undefined {
  let best: FaqEntry | undefined;
  let bestScore = 0;
  for (const entry of KNOWLEDGE) {
    const s = score(entry, text);
    if (s > bestScore) [best, bestScore] = [entry, s];
  }
  return best;
}

/** The questions the robot answers with a card (docs/protocol.md "Cards"), before the knowledge base. */
const CARD_ANSWERS: { pattern: RegExp; card: WireCard; topic: string }[] = [
  { pattern: /\brecommend/i, card: RECOMMENDATIONS, topic: 'Recommendations' },
  { pattern: /\bhelp[\s-]+(topics?|cent(er|re))\b/i, card: HELP_TOPICS, topic: 'Help topics' },
];

/** The robot's answer to a question, with follow-up suggestions; unknown questions get a menu. */
export function answer(question: string): RobotAnswer {
  const cardAnswer = CARD_ANSWERS.find(({ pattern }) => pattern.test(question));
  if (cardAnswer) {
    // A card answer: msgType "card", msgContent the card's JSON text (always a JSON answer, robotAsk.ts).
    return {
      data: { msgContent: JSON.stringify(cardAnswer.card), msgType: MsgType.Card, suggestions: FAQ_QUESTIONS.slice(0, 2) },
      topic: cardAnswer.topic,
      sources: [],
    };
  }
  const entry = bestMatch(question);
  if (!entry) {
    // A FAQ message: the widget lists its questions inside the bubble.
    return {
      data: {
        msgContent: "Sorry, I don't know the answer to that yet. These are the questions I can help with:",
        msgType: MsgType.Faq,
        suggestions: FAQ_QUESTIONS,
      },
      sources: [],
    };
  }
  return {
    data: {
      msgContent: entry.answer,
      // An answer from the knowledge base (SPEC §3 answermsg), which the visitor may rate.
      msgType: MsgType.Answer,
      suggestions: [
        ...(entry.offersTransfer ? [TRANSFER_REPLY] : []),
        ...FAQ_QUESTIONS.filter((q) => q !== entry.question).slice(0, entry.offersTransfer ? 2 : 3),
      ],
    },
    topic: entry.question,
    sources: entry.sources ?? [],
  };
}

/** Shortest unfinished last word that is matched as the start of a keyword ("ref" → refund). */
const MIN_PARTIAL = 2;

/** FAQ questions that fit the text typed so far, best first (at most 5). */
export function tips(typed: string): string[] {
  const text = typed.trim().toLowerCase();
  if (text === '') return [];
  // The last word may be half typed: it counts for the keywords it begins.
  const last = /[\p{L}\p{N}]+$/u.exec(text)?.[0] ?? '';
  const partial = (entry: FaqEntry): number => (last.length >= MIN_PARTIAL ? entry.keywords.filter((k) => k.startsWith(last) && k !== last).length : 0);
  // A question that contains the typed text outranks any keyword hits.
  const rank = (entry: FaqEntry): number => score(entry, text) + partial(entry) + (entry.question.toLowerCase().includes(text) ? entry.keywords.length + 1 : 0);
  return KNOWLEDGE.map((entry) => ({ entry, s: rank(entry) }))
    .filter(({ s }) => s > 0)
    .sort((a, b) => b.s - a.s)
    .slice(0, 5)
    .map(({ entry }) => entry.question);
}
