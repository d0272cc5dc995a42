import { useMemo, useState, useSyncExternalStore } from 'react';
import { isRecord, warn, type HostToolbarItem } from '../../loader/protocol';
import { embeddingHost, subscribeHostItems, type HostItemEntry } from '../hostLink';
import './HostTools.css';

/**
 * The host page's items of the composer's toolbar (SPEC §3 Toolbar item; the loader's
 * `addToolbarItem`, docs/embedding.md): loaded only when the page added one, after the widget's own.
 */

const text = (value: unknown): value is string => typeof value === 'string' && value.trim() !== '';

/** An absolute http(s) URL: what a toolbar item's icon and image must be once resolved against the page. */
const isWebUrl = (value: unknown): value is string => typeof value === 'string' && /^https?:\/\/\S+$/i.test(value);

/** `value` reads as a toolbar item: an id and a title (not blank), and an icon or an image, each an http(s) URL when given. */
function isToolbarItem(value: unknown): value is HostToolbarItem {
  return isRecord(value) && text(value.id) && text(value.title) && isWebUrl(value.icon ?? value.img) && (value.img === undefined || isWebUrl(value.img));
}

/** `url` resolved against the host page, as the page's own images resolve; anything else as it is (and fails the check). */
function resolve(url: unknown, page: string): unknown {
  try {
    return typeof url === 'string' ? new URL(url, page).href : url;
  } catch {
    return url;
  }
}

/** The entries already warned of: a bad item is one warning, however often the toolbar is drawn. */
const warned = new WeakSet<HostItemEntry>();

/**
 * The host's toolbar from what it passed: its items in the order added, one of the same id in the
 * other's place, icon and image resolved against the page it came from; what is no item is one
 * warning with the value (`bad addToolbarItem`), and left out.
 */
export function hostToolbar(entries: readonly HostItemEntry[]): HostToolbarItem[] {
  const items: HostToolbarItem[] = [];
  for (const entry of entries) {
    const { value, page } = entry;
    const item = isRecord(value) ? { id: value.id, title: value.title, icon: resolve(value.icon, page), img: resolve(value.img, page) } : value;
    if (!isToolbarItem(item)) {
      if (!warned.has(entry)) warn('addToolbarItem', value);
      warned.add(entry);
      continue;
    }
    const at = items.findIndex((other) => other.id === item.id);
    if (at < 0) items.push(item);
    else items[at] = item;
  }
  return items;
}

const NONE: readonly HostItemEntry[] = [];
const entries = () => embeddingHost?.toolbar$.value ?? NONE;

/**
 * The host page's items as buttons named by their title, with the icon or the image; choosing one
 * tells the page. A host's icon says less than the widget's own, so its title also shows as a
 * popover above it on hover and keyboard focus, after SPEC §9's show/hide delay (HostTools.css);
 * Escape hides it until the pointer or focus leaves (WCAG 1.4.13), and only that.
 */
export function HostTools() {
  const added = useSyncExternalStore(subscribeHostItems, entries);
  const items = useMemo(() => hostToolbar(added), [added]);
  const [quiet, setQuiet] = useState<string | null>(null);
  return items.map(({ id, title, icon, img }) => (
    <button
      key={id}
      type="button"
      className={`icon-button composer__tool composer__tool--host${quiet === id ? ' composer__tool--quiet' : ''}`}
      onClick={() => embeddingHost?.post({ type: 'toolbarItem', id })}
      onKeyDown={(e) => {
        if (e.key !== 'Escape' || quiet === id) return;
        // The first Escape hides the title and goes no further; the next one closes the host's panel.
        e.stopPropagation();
        setQuiet(id);
      }}
      onBlur={() => setQuiet(null)}
      onPointerLeave={() => setQuiet(null)}
      aria-label={title}
    >
      {img ? <img className="composer__host-img" src={img} alt="" /> : <img className="composer__host-icon" src={icon} alt="" />}
      <span className="composer__tip" aria-hidden="true">
        {title}
      </span>
    </button>
  ));
}
