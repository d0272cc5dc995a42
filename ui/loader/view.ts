import type { LauncherPosition } from './api';

/**
 * The loader's markup, in a shadow root so that the host page's styles do not reach it: the
 * launcher (a button with the chat icon, the close icon while open, and the unread badge) and the
 * panel with the chat's iframe. The panel is a card above the launcher on wide screens and the
 * whole screen on phones and in short windows (a desktop at 200 % zoom is 400 CSS px high: a card
 * would leave the messages ~115 px), where the widget's own close control closes it.
 *
 * Both sit at the highest z-index, for browsers without the top layer (drawView); `!important` on
 * the host keeps the page's own rules (`[popover]`, `*`) from giving it a box or moving it.
 */
const CSS =
  ':host{all:initial!important}' +
  'div,button{position:fixed;inset-inline-end:20px;z-index:2147483647;box-shadow:0 4px 14px #0004}' +
  'button{bottom:20px;width:56px;height:56px;border:0;border-radius:50%;padding:0;background:var(--c);color:#fff;cursor:pointer;display:grid;place-items:center}' +
  'button:focus-visible{outline:3px solid var(--c);outline-offset:3px}' +
  'svg{width:28px;height:28px;fill:currentColor}' +
  '.x{fill:none;stroke:currentColor;stroke-width:2.5}' +
  '[aria-expanded=false] .x,[aria-expanded=true] .o,b:empty,[hidden]{display:none}' +
  // min-width, padding and the 20 px line make a 20 px circle that widens for two digits.
  'b{position:absolute;top:-4px;inset-inline-end:-4px;min-width:10px;padding:0 5px;border-radius:10px;background:#dc2626;color:#fff;font:700 12px/20px sans-serif;text-align:center}' +
  'div{bottom:92px;width:380px;height:min(640px,100vh - 112px);border-radius:12px;overflow:hidden;visibility:hidden}' +
  '.open{visibility:visible}' +
  'iframe{width:100%;height:100%;border:0;background:#fff}' +
  // Full screen when narrow (a phone) or short (35em: 560 px; a desktop at 200 % zoom is 400 px high).
  '@media(width<481px),(height<35em){div{inset:0;width:auto;height:auto;border-radius:0}.open~button{display:none}}';

const ICON_CHAT = 'M4 4h16a2 2 0 0 1 2 2v10a2 2 0 0 1-2 2H8l-4 4V6a2 2 0 0 1 2-2z';
const ICON_CLOSE = 'M6 6l12 12M18 6 6 18';

/** The parts of the loader's markup that its logic drives. */
export interface View {
  /** The element added to the page (the shadow host); removing it removes everything. */
  root: HTMLElement;
  launcher: HTMLButtonElement;
  badge: HTMLElement;
  panel: HTMLElement;
}

/** The direction that puts the launcher on `position`'s side (`end` when not given): logical sides follow the language's, physical ones are pinned. */
export function direction(position: LauncherPosition | undefined, rtl: boolean): 'rtl' | 'ltr' {
  return position === 'left' || (position !== 'right' && (position === 'start') !== rtl) ? 'rtl' : 'ltr';
}

/**
 * Draws the launcher and the (empty, hidden) panel, and adds them to the page where no host style
 * can move or cover them: after `<body>` (a transform, filter or contain on it would make it the
 * fixed elements' containing block); `raise` then puts them in the top layer (above any z-index,
 * out of any transformed ancestor).
 */
export function drawView(color: string, dir: 'rtl' | 'ltr', hideLauncher: boolean): View {
  const root = document.createElement('visitor-chat');
  // A custom property set through the CSSOM, which a page's CSP allows (a style attribute it may not).
  root.style.setProperty('--c', color);
  // Open: the page's own tests find the launcher by role; the styles are as isolated as in a closed one.
  const shadow = root.attachShadow({ mode: 'open' });
  const markup = `<div></div><button aria-expanded="false"${hideLauncher ? ' hidden' : ''}><svg viewBox="0 0 24 24"><path class="o" d="${ICON_CHAT}"/><path class="x" d="${ICON_CLOSE}"/></svg><b></b></button>`;
  // A constructed stylesheet is CSSOM too, which a CSP of style-src 'self' allows (a <style> it
  // blocks). Every browser the widget runs in has them (Safari from 16.4; the widget needs 16).
  const sheet = new CSSStyleSheet();
  sheet.replaceSync(CSS);
  shadow.adoptedStyleSheets = [sheet];
  shadow.innerHTML = markup;
  // Places launcher and panel (inline-end); the widget in the panel has its own direction.
  root.dir = dir;
  // Drawn in the page's next frame, with its own style: nothing here makes the browser compute
  // style or layout now (raise, which does, waits for the page to be idle).
  document.documentElement.append(root);
  const [panel, launcher] = shadow.children as unknown as [HTMLElement, HTMLButtonElement];
  return { root, launcher, badge: launcher.lastChild as HTMLElement, panel };
}

/**
 * Moves the drawn view into the top layer, where the browser has popovers (until then, and in a
 * browser without them, the highest z-index after `<body>` keeps it on top). Showing a popover
 * computes the page's style at once: done once the page is idle, when that is the view's alone.
 */
export function raise({ root }: View): void {
  root.popover = 'manual';
  root.showPopover?.();
}
