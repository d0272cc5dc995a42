import type { KeyboardEvent } from 'react';

/**
 * A list's keyboard: the arrow keys (either axis, mirrored right to left: they follow the visual
 * direction), Home and End move focus between its `selector` elements, wrapping. Used on the list's
 * keydown; other keys pass.
 */
export function moveFocus(e: KeyboardEvent<HTMLElement>, selector: string): void {
  const options = Array.from(e.currentTarget.querySelectorAll<HTMLElement>(selector));
  const at = options.indexOf(document.activeElement as HTMLElement);
  const rtl = getComputedStyle(e.currentTarget).direction === 'rtl';
  const step: Record<string, number> = { ArrowDown: 1, ArrowUp: -1, ArrowRight: rtl ? -1 : 1, ArrowLeft: rtl ? 1 : -1 };
  let next: number;
  if (e.key === 'Home') next = 0;
  else if (e.key === 'End') next = options.length - 1;
  else if (e.key in step) next = at < 0 ? 0 : (at + (step[e.key] ?? 0) + options.length) % options.length;
  else return;
  e.preventDefault();
  options[next]?.focus();
}
