/**
 * Whether the last press in this document was a finger's: focusing the text field then would open
 * the on-screen keyboard unasked. Undefined when none was seen since the document last had focus
 * (the visitor tapped or clicked the host page's launcher, outside this frame): the device's primary
 * pointer tells then — a finger on phones and tablets.
 */
let tapped: boolean | undefined;
if (typeof document !== 'undefined') {
  document.addEventListener('pointerdown', (e) => (tapped = e.pointerType === 'touch'), true);
  document.addEventListener('keydown', () => (tapped = false), true);
  window.addEventListener('blur', () => (tapped = undefined));
}

const byTouch = (): boolean => tapped ?? (typeof matchMedia === 'function' && matchMedia('(pointer: coarse)').matches);

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
  if (!byTouch()) document.querySelector<HTMLElement>('.composer__input, .composer__talk')?.focus();
}

/**
 * Focus is nowhere in this document — the chat came into view (the page is ready, the host's panel
 * opened: from its launcher the loader hands this frame the focus), or the control that had it went
 * away (a header button that did its work) —: it goes on in the composer (keepFocus; not after a
 * tap), so that what the visitor types next goes into it. A frame the visitor is not in (a page that
 * embeds the chat by hand, a closed panel) is left alone.
 */
export function reclaimFocus(): void {
  if (document.activeElement === document.body && (window.parent === window || document.hasFocus())) keepFocus();
}
