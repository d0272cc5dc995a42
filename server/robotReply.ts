import type { RobotAskData } from '../engine/protocol.ts';
import { MsgType } from '../engine/model/codes.ts';
import { API } from './context.ts';
import { answer, FAQ_QUESTIONS, TRANSFER_REPLY, type Source } from './robot.ts';
import type { Store } from './store.ts';

/** The kinds of visitor message robotAsk's `msgType` names (docs/protocol.md robotAsk): SPEC §3 codes. */
export const VISITOR_KINDS = [MsgType.Text, MsgType.Image, MsgType.File, MsgType.Audio, MsgType.Video, MsgType.Card] as const;
export type VisitorKind = (typeof VISITOR_KINDS)[number];

/** The reference robot's whole reply: the JSON answer, what it "thought" first, and the pages it cites. */
export interface Reply {
  data: RobotAskData;
  /** Streamed as reasoning before the text; the JSON answer leaves it out. */
  reasoning: string;
  sources: Source[];
}

/** What the visitor sent, in a few words, for the reasoning and for an upstream robot. */
const KIND_NAMES: Record<Exclude<VisitorKind, 1 | 'card'>, string> = {
  [MsgType.Image]: 'a photo',
  [MsgType.File]: 'a file',
  [MsgType.Audio]: 'a voice message',
  [MsgType.Video]: 'a video',
};

/** The longest file name quoted back to the visitor. */
const MAX_NAME = 60;

/** A question cut to one readable line, for the reasoning. */
function quote(text: string, max = 80): string {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > max ? `${line.slice(0, max - 1)}…` : line;
}

/**
 * The name of the file a media question points at: an upload of this server by its stored name,
 * else the URL's last segment; a JSON question (`{fileName|name, url}`) gives its name.
 */
function fileNameOf(question: string, store?: Store): string {
  let name = '';
  try {
    const value: unknown = JSON.parse(question);
    if (typeof value === 'object' && value !== null) {
      const { fileName, name: plain } = value as Record<string, unknown>;
      name = typeof fileName === 'string' ? fileName : typeof plain === 'string' ? plain : '';
    }
  } catch {
    const path = (() => {
      try {
        return new URL(question, 'http://localhost').pathname;
      } catch {
        return '';
      }
    })();
    const id = path.startsWith(`${API}/files/`) ? decodeURIComponent(path.slice(`${API}/files/`.length)) : '';
    name = store?.file(id)?.name ?? decodeURIComponent(path.split('/').pop() ?? '');
  }
  return quote(name, MAX_NAME);
}

/** A card's words: the fallback of its JSON text (a host page's card, docs/protocol.md "Cards"), else the text itself. */
function cardWords(question: string): string {
  try {
    const { fallback } = JSON.parse(question) as { fallback?: unknown };
    return typeof fallback === 'string' ? fallback : question;
  } catch {
    return question;
  }
}

/** The visitor's message described in words, as an upstream robot reads it (it sees only text). */
export function describe(question: string, kind: VisitorKind, store?: Store): string {
  if (kind === MsgType.Text) return question;
  if (kind === MsgType.Card) return `(The visitor shared a card: ${cardWords(question)})`;
  const name = fileNameOf(question, store);
  return `(The visitor sent ${KIND_NAMES[kind]}${name ? ` “${name}”` : ''}: ${question})`;
}

/** The answer to a photo, file, voice message or video: thanks, what the robot cannot do, and who can. */
function mediaReply(question: string, kind: Exclude<VisitorKind, 1 | 'card'>, store: Store): Reply {
  const name = fileNameOf(question, store);
  const human = `or tap “${TRANSFER_REPLY.name}” and an agent will`;
  const texts: Record<Exclude<VisitorKind, 1 | 'card'>, string> = {
    [MsgType.Image]: `Thanks for the photo — I can't look at images myself. Tell me in a few words what it shows or what you need, ${human} take a look.`,
    [MsgType.File]: `Thanks, I've got your file${name ? ` “${name}”` : ''}. I can't open attachments myself; tell me what you need it for, ${human} look at it.`,
    [MsgType.Audio]: `Thanks for the voice message — I can't listen to recordings yet. Could you type your question? Or tap “${TRANSFER_REPLY.name}” and an agent will listen to it.`,
    [MsgType.Video]: `Thanks for the video — I can't watch videos myself. Tell me in a few words what it shows, ${human} watch it.`,
  };
  return {
    data: { msgContent: texts[kind], msgType: MsgType.Text, suggestions: [TRANSFER_REPLY, ...FAQ_QUESTIONS.slice(0, 2)] },
    reasoning: `The visitor sent ${KIND_NAMES[kind]}${name ? ` (“${name}”)` : ''}, not a question in words. I cannot read media, so I thank them, ask for the question in text, and offer a human agent who can look at it.`,
    sources: [],
  };
}

/** The answer to a card the visitor shared (the product on the host page): what would they like to know of it. */
function cardReply(words: string): Reply {
  const name = quote(words, MAX_NAME);
  return {
    data: {
      msgContent: `Thanks for sharing${name ? ` “${name}”` : ' this'}. What would you like to know about it? Ask me, or tap “${TRANSFER_REPLY.name}” and an agent will help.`,
      msgType: MsgType.Text,
      suggestions: [TRANSFER_REPLY, ...FAQ_QUESTIONS.slice(0, 2)],
    },
    reasoning: `The visitor shared a card${name ? ` (“${name}”)` : ''}, not a question. I ask what they would like to know about it and offer a human agent.`,
    sources: [],
  };
}

/** The reference robot's reply to a visitor message of any kind (text from the knowledge base, robot.ts). */
export function reply(question: string, kind: VisitorKind, store: Store): Reply {
  if (kind === MsgType.Card) return cardReply(cardWords(question));
  if (kind !== MsgType.Text) return mediaReply(question, kind, store);
  const { data, topic, sources } = answer(question);
  const asked = `The visitor asks: “${quote(question)}”.`;
  const reasoning = topic
    ? `${asked} That matches the knowledge-base entry “${topic}”, so I answer from it${sources.length > 0 ? ', link the page it comes from,' : ''} and suggest related questions.`
    : `${asked} No entry of the knowledge base matches it, so I say so plainly and list the questions I can answer.`;
  return { data, reasoning, sources };
}
