import { useLingui } from '@lingui/react/macro';
import { useEffect, useRef, useState, type FunctionComponent } from 'react';
import { CardError, type Card, type CardModule, type Logger } from '@visitor-chat/chat-engine';
import { useCard, type CardProps } from '@visitor-chat/chat-react';
import { localeDir } from '../../../i18n/i18n';
import { CardFallback } from '../CardFallback';

/** What a card module's `mount` is given (docs/protocol.md "Card modules"). */
interface CardModuleProps {
  /** The card as decoded (a custom code's: `{ kind: 'custom', code, data }`); every field is data. */
  readonly card: Card;
  /** The card's plain-text fallback. */
  readonly fallback: string;
  /** The visitor's language (a BCP 47 tag) and its direction. */
  readonly locale: string;
  readonly dir: 'ltr' | 'rtl';
}

/**
 * A card module's default export: draws `props.card` into `element` (plain DOM, any framework of its
 * own) and may return the function that takes it down again. Called again, after that function,
 * whenever the card or the language changes.
 */
type CardModuleMount = (element: HTMLElement, props: CardModuleProps) => (() => void) | void;

/** Each module's load, by URL: a module is fetched once per page, and a failure logged once. */
const loads = new Map<string, Promise<CardModuleMount>>();

/**
 * The `mount` of the module at `url`, drawing the cards of `code`: SPEC §8 "Failed to import: {url}"
 * (ERR_IMPORT_SCRIPT) when it does not load — a network error, a 404, a syntax error, a CSP that
 * does not allow its origin — and "Failed to import {name} component: no default export" when its
 * default export is no function; each logged once.
 */
function loadModule({ code, url }: CardModule, log: Logger): Promise<CardModuleMount> {
  let load = loads.get(url);
  if (!load) {
    load = import(/* @vite-ignore */ new URL(url, document.baseURI).href).then(
      (module: { default?: unknown }) => {
        if (typeof module.default === 'function') return module.default as CardModuleMount;
        log.warn(`Failed to import ${code} component: no default export; its fallback shows`);
        throw new Error('no default export');
      },
      (e: unknown) => {
        log.warn(`Failed to import: ${url} (${CardError.ImportScript}: ${e instanceof Error ? e.message : String(e)}); its fallback shows`);
        throw e;
      },
    );
    load.catch(() => undefined);
    loads.set(url, load);
  }
  return load;
}

/**
 * The registry's component for a card module the chat's configuration names (channelInfo
 * `cardModules`; never a URL from a message or the host page): until the module has loaded, and
 * when it fails to load or to draw, the card's fallback text shows and the rest of the chat goes on.
 */
export function moduleCard(module: CardModule, log: Logger): FunctionComponent<CardProps> {
  function ModuleCard({ card, message }: CardProps) {
    const { t, i18n } = useLingui();
    const { fallback } = useCard(message);
    const [mount, setMount] = useState<CardModuleMount | 'failed' | null>(null);
    const element = useRef<HTMLDivElement>(null);
    useEffect(() => {
      let live = true;
      loadModule(module, log).then(
        (m) => live && setMount(() => m),
        () => live && setMount('failed'),
      );
      return () => {
        live = false;
      };
    }, []);
    useEffect(() => {
      const el = element.current;
      if (typeof mount !== 'function' || !el) return undefined;
      try {
        const unmount = mount(el, { card, fallback, locale: i18n.locale, dir: localeDir(i18n.locale) });
        return () => {
          try {
            unmount?.();
          } catch (e) {
            log.warn(`card module ${module.url}: its unmount threw: ${String(e)}`);
          }
          el.replaceChildren();
        };
      } catch (e) {
        log.warn(`card module ${module.url}: it threw while drawing a ${card.code} card: ${String(e)}; its fallback shows`);
        el.replaceChildren();
        setMount('failed');
        return undefined;
      }
    }, [mount, card, fallback, i18n.locale]);
    if (mount === 'failed') return <CardFallback text={fallback} missing={t`This attachment is not available.`} />;
    return (
      <>
        {mount === null && <CardFallback text={fallback} />}
        <div ref={element} className="card card-module" hidden={mount === null} />
      </>
    );
  }
  ModuleCard.displayName = `ModuleCard(${module.code})`;
  return ModuleCard;
}
