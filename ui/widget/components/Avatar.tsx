import { useState } from 'react';
import { SenderType, type ChatMessage } from '@visitor-chat/chat-engine';
import { safeUrl } from '../media';
import './Avatar.css';

/** A character worth showing as an initial: a letter, a digit or an emoji. */
const SHOWABLE = /[\p{L}\p{N}\p{Extended_Pictographic}]/u;
/** A text that starts with an ASCII letter or digit (SHOWABLE's commonest case, without its Unicode tables). */
const ASCII_START = /^[A-Za-z0-9]/;

/** One segmenter a locale: making one loads the locale's break rules (milliseconds, the first time). */
const segmenters = new Map<string | undefined, Intl.Segmenter>();

/** The first grapheme of `text` that is worth showing (SHOWABLE), if any. */
function firstShowable(text: string, locale?: string): string | undefined {
  // Below U+0300 (Latin and its common accented letters, already composed) no character joins the
  // next: a character is a grapheme, and no segmenter is needed. Most names start with an ASCII
  // letter or digit, found without the Unicode class (whose first use compiles it: about a
  // millisecond of a history's first render).
  const at = ASCII_START.test(text) ? 0 : text.search(SHOWABLE);
  if (at >= 0 && text.charCodeAt(at) < 0x300 && !(text.charCodeAt(at + 1) >= 0x300)) return text.charAt(at);
  // Without Intl.Segmenter (older browsers), code points: an emoji may lose its modifiers.
  if (typeof Intl.Segmenter !== 'function') return Array.from(text).find((g) => SHOWABLE.test(g));
  let segmenter = segmenters.get(locale);
  if (!segmenter) {
    segmenter = new Intl.Segmenter(locale, { granularity: 'grapheme' });
    segmenters.set(locale, segmenter);
  }
  for (const { segment } of segmenter.segment(text)) if (SHOWABLE.test(segment)) return segment;
  return undefined;
}

/**
 * The initial of `name`: its first letter, digit or emoji as one grapheme (an emoji with its
 * modifiers, a letter with its marks; CJK and Arabic as they are), upper-cased in `locale`; '' when
 * there is none.
 */
export function initialOf(name: string, locale?: string): string {
  return firstShowable(name, locale)?.toLocaleUpperCase(locale) ?? '';
}

/** Agents and the robot have avatars (SPEC §9); the visitor and system lines have none. */
export function hasAvatar(m: ChatMessage): boolean {
  return m.senderType === SenderType.Agent || m.senderType === SenderType.Robot;
}

export interface AvatarProps {
  /** The sender's name: its initial shows without a picture. */
  name: string;
  /** The sender's picture; its initial shows instead when it does not load. */
  src?: string;
  /** The robot's avatar, coloured apart from an agent's. */
  robot?: boolean;
}

/**
 * A sender's avatar (SPEC §9: size md, circle): the picture, else the initial, else a figure.
 * Decorative (aria-hidden): the sender's name is in the bubble and in what is announced.
 */
export function Avatar({ name, src, robot }: AvatarProps) {
  const [broken, setBroken] = useState<string>();
  const url = safeUrl(src);
  const initial = initialOf(name);
  return (
    <span className={`avatar${robot ? ' avatar--robot' : ''}`} aria-hidden="true">
      {url && url !== broken ? (
        <img className="avatar__img" src={url} alt="" onError={() => setBroken(url)} />
      ) : (
        initial || (
          <svg viewBox="0 0 24 24">
            <path d="M12 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8Zm0 2c-3.3 0-8 1.7-8 5v1h16v-1c0-3.3-4.7-5-8-5Z" />
          </svg>
        )
      )}
    </span>
  );
}
