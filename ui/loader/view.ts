import type { LauncherPosition } from './api';

/**
 * The loader's markup, in a shadow root so that the host page's styles do not reach it: the
 * launcher (a button with the chat icon, the close icon while open, and the unread badge) and the
 * panel with the chat's iframe. The panel is a card above the launcher on wide screens and the
 * whole screen on phones (where the widget's own close control closes it).
 */
const CSS =
  ':host{all:initial}' +
  'button{position:fixed;bottom:20px;inset-inline-end:20px;z-index:2147483001;width:56px;height:56px;border:0;border-radius:50%;padding:0;background:var(--c);color:#fff;cursor:pointer;box-shadow:0 4px 14px rgba(0,0,0,.25);display:grid;place-items:center}' +
  'button:focus-visible{outline:3px solid var(--c);outline-offset:3px}' +
  'svg{width:28px;height:28px;fill:currentColor}' +
  '.x{fill:none;stroke:currentColor;stroke-width:2.5}' +
  '.x,[aria-expanded=true] .o{display:none}' +
  '[aria-expanded=true] .x{display:block}' +
  'b{position:absolute;top:-4px;inset-inline-end:-4px;min-width:20px;height:20px;padding:0 5px;box-sizing:border-box;border-radius:10px;background:#dc2626;color:#fff;font:700 12px/20px system-ui,sans-serif;text-align:center}' +
  'b:empty,[hidden]{display:none}' +
  'div{position:fixed;bottom:92px;inset-inline-end:20px;z-index:2147483000;width:380px;height:min(640px,calc(100vh - 112px));border-radius:12px;overflow:hidden;box-shadow:0 8px 30px rgba(0,0,0,.3);visibility:hidden}' +
  '.open{visibility:visible}' +
  'iframe{width:100%;height:100%;border:0;display:block;background:#fff}' +
  '@media (max-width:480px){div{inset:0;width:auto;height:auto;border-radius:0}.open~button{display:none}}';

const ICON_CHAT = 'M4 4h16a2 2 0 0 1 2 2v10a2 2 0 0 1-2 2H8l-4 4V6a2 2 0 0 1 2-2z';
const ICON_CLOSE = 'M6 6l12 12M18 6 6 18';
const svg = (path: string, name: string) => `<svg class="${name}" viewBox="0 0 24 24" aria-hidden="true"><path d="${path}"/></svg>`;

/** The parts of the loader's markup that its logic drives. */
export interface View {
  /** The element added to the page (the shadow host); removing it removes everything. */
  root: HTMLElement;
  launcher: HTMLButtonElement;
  badge: HTMLElement;
  panel: HTMLElement;
}

/** The direction that puts the launcher on `position`'s side: logical sides follow the language's, physical ones are pinned. */
export function direction(position: LauncherPosition, rtl: boolean): 'rtl' | 'ltr' {
  if (position === 'right') return 'ltr';
  if (position === 'left') return 'rtl';
  return (position === 'start') !== rtl ? 'rtl' : 'ltr';
}

/** Draws the launcher and the (empty, hidden) panel, and adds them to the page. */
export function drawView(color: string, dir: 'rtl' | 'ltr', hideLauncher: boolean): View {
  const root = document.createElement('visitor-chat');
  root.style.setProperty('--c', color);
  const shadow = root.attachShadow({ mode: 'closed' });
  shadow.innerHTML = `<style>${CSS}</style><div></div><button type="button" aria-expanded="false"${hideLauncher ? ' hidden' : ''}>${svg(ICON_CHAT, 'o')}${svg(ICON_CLOSE, 'x')}<b></b></button>`;
  // Places launcher and panel (inline-end); the widget in the panel has its own direction.
  root.setAttribute('dir', dir);
  document.body.append(root);
  return {
    root,
    launcher: shadow.querySelector('button') as HTMLButtonElement,
    badge: shadow.querySelector('b') as HTMLElement,
    panel: shadow.querySelector('div') as HTMLElement,
  };
}
