/** Whether the last press was a finger's: focusing the text field then would open the on-screen keyboard unasked. */
let tapped = false;
if (typeof document !== 'undefined') {
  document.addEventListener('pointerdown', (e) => (tapped = e.pointerType === 'touch'), true);
  document.addEventListener('keydown', () => (tapped = false), true);
}

/**
 * The one rule for focus after an action whose control goes away or is disabled (a thumb, Retry,
 * a quick reply, a chosen group, a form or dialog that closes): it goes to `next` when given and
 * able to take it, else on in the composer (its text field, or Hold to talk), never to the page's
 * <body>. After a tap the text field is left alone: its focus would open the on-screen keyboard.
 */
export function keepFocus(next?: HTMLElement | null): void {
  if (next && next !== document.body) {
    next.focus();
    if (document.activeElement === next) return;
  }
  if (!tapped) document.querySelector<HTMLElement>('.composer__input, .composer__talk')?.focus();
}
