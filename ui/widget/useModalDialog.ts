import { useCallback, useEffect, useLayoutEffect, useRef, type RefObject, type SyntheticEvent } from 'react';
import { keepFocus } from './keepFocus';

/** Opens `el` as a modal; where showModal is missing (older engines, jsdom) it is at least shown. */
function show(el: HTMLDialogElement): void {
  if (el.open) return;
  if (typeof el.showModal === 'function') el.showModal();
  else el.setAttribute('open', '');
}

function hide(el: HTMLDialogElement): void {
  if (typeof el.close === 'function') el.close();
  else el.removeAttribute('open');
}

/**
 * A native <dialog> that is open while mounted (top layer, inert page): focus moves into it (to
 * `initialFocus`, else the dialog itself) and on unmount back to the opener, or on in the composer
 * when the opener has gone (keepFocus). Escape asks `onClose`,
 * which the owner may refuse (a required form); the browser never closes it behind React's back.
 */
export function useModalDialog(onClose: (() => void) | null | undefined, initialFocus?: RefObject<HTMLElement | null>) {
  const ref = useRef<HTMLDialogElement>(null);
  const latestClose = useRef(onClose);
  useEffect(() => {
    latestClose.current = onClose;
  });
  const close = useCallback(() => latestClose.current?.(), []);

  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return undefined;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    show(el);
    (initialFocus?.current ?? el).focus();
    return () => {
      hide(el);
      keepFocus(opener);
    };
    // Mount and unmount only: `initialFocus` is a ref.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const dialogProps = {
    ref,
    onCancel: (e: SyntheticEvent<HTMLDialogElement>) => {
      e.preventDefault();
      close();
    },
    onClose: (e: SyntheticEvent<HTMLDialogElement>) => {
      // Chrome lets a repeated Escape close a dialog despite preventDefault; one still mounted is shown again.
      const el = e.currentTarget;
      queueMicrotask(() => {
        if (el.isConnected) show(el);
      });
    },
  };
  return { close, dialogProps };
}
