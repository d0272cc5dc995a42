import { FALLBACK_KEYS, givenFallback, parsedCard } from './cardText';
import { DecodeError, type JsonObject, optNumber, optString, webUrl } from './decode';

/** The codes of the built-in cards (SPEC §3 goods card, file card, tree node; §9 carousel): docs/protocol.md "Cards". */
export const CardCode = { Goods: 'goods', File: 'file', Tree: 'tree', Carousel: 'carousel' } as const;
export type CardCode = (typeof CardCode)[keyof typeof CardCode];

/**
 * Why a card cannot be drawn (SPEC §8 component loading): `NO_CODE` a card that names no code and is
 * not recognised by its fields, `BAD_DATA` (ours) a built-in card whose data is unusable — both set
 * by the engine; `NO_HANDLER` (no component for the code) and `ERR_IMPORT_SCRIPT` (a component
 * module that failed to load) are a UI's. In every case the card's fallback text shows.
 */
export const CardError = { NoCode: 'NO_CODE', BadData: 'BAD_DATA', NoHandler: 'NO_HANDLER', ImportScript: 'ERR_IMPORT_SCRIPT' } as const;
export type CardError = (typeof CardError)[keyof typeof CardError];

/**
 * Cards (SPEC §3 goods card, file card, tree node; §9 carousel; §8 NO_CODE): a message of msgType
 * `card` whose msgContent is `{code, data, fallback?}` (docs/protocol.md "Cards"). Every field is
 * data: texts stay plain strings, URLs are http(s) or a path (cardUrl), numbers are finite.
 */

/** A product (SPEC §3 Goods card), plus `link`, the product's page (ours). */
export interface GoodsCard {
  readonly kind: 'goods';
  readonly code: string;
  readonly name: string;
  readonly desc?: string;
  /** 0 or more; the price in `currency` when it has one. */
  readonly price?: number;
  /** The price before a discount, 0 or more. */
  readonly originalPrice?: number;
  /** An ISO 4217 code, upper case ("EUR"). */
  readonly currency?: string;
  /** How many (an order line's quantity), 0 or more. */
  readonly count?: number;
  readonly unit?: string;
  readonly tags?: readonly string[];
  /** A word on the product's state ("In stock", "Sold out"), shown as given. */
  readonly status?: string;
  /** The product's image: an http(s) URL or a path. */
  readonly img?: string;
  /** The product's page: an http(s) URL or a path. */
  readonly link?: string;
}

/** A file (SPEC §3 File card), plus `url`, where it downloads (ours). */
export interface FileCard {
  readonly kind: 'file';
  readonly code: string;
  readonly name: string;
  /** Bytes, 0 or more. */
  readonly size?: number;
  readonly url?: string;
}

/** A node of a tree (SPEC §3 Tree node): a topic, its text, its page, its sub-topics. */
export interface TreeNode {
  readonly title: string;
  readonly content?: string;
  readonly link?: string;
  readonly children: readonly TreeNode[];
}

/** A tree of topics (a help centre): its root node, whose title may be absent. */
export interface TreeCard extends Omit<TreeNode, 'title'> {
  readonly kind: 'tree';
  readonly code: string;
  readonly title?: string;
}

/** Any other code: its data kept as the JSON it came as, for a component registered under the code. */
export interface CustomCard {
  readonly kind: 'custom';
  readonly code: string;
  readonly data: unknown;
}

/** A card a carousel may hold: any card but a carousel. */
export type CarouselItem = GoodsCard | FileCard | TreeCard | CustomCard;

/** A row of cards (SPEC §9 Carousel); a carousel inside one is flattened into it. */
export interface CarouselCard {
  readonly kind: 'carousel';
  readonly code: string;
  readonly items: readonly CarouselItem[];
}

/** A card, by its `kind` ('custom' for a code that is none of the built-ins; `code` is always the wire's code). */
export type Card = CarouselItem | CarouselCard;

/** A card message's content as decoded: the card (absent when unusable, then `cardError` says why) and its plain-text fallback. */
export interface CardContent {
  readonly card?: Card;
  readonly cardError?: CardError;
  /** What a UI that cannot draw the card shows: the card's `fallback`/`text`, else one built from it (cardFallback); may be ''. */
  readonly fallback: string;
}

/** A tree's depth (the root's children are level 1): deeper nodes are cut. */
export const MAX_TREE_DEPTH = 5;
/** A tree's nodes, the root aside: later ones are cut. */
export const MAX_TREE_NODES = 100;
/** A carousel's cards: later ones are cut. */
export const MAX_CAROUSEL_ITEMS = 20;
/** A goods card's tags: later ones are cut. */
const MAX_TAGS = 10;
/** How deep carousels may sit in carousels before their items are dropped (they are flattened). */
const MAX_CAROUSEL_NESTING = 3;

type Warn = ((message: string) => void) | undefined;

/** The keys a card's code, data and fallback come under (docs/protocol.md "Cards": every reading). */
const CODE_KEYS = ['code', 'cardCode', 'type'] as const;
const DATA_KEYS = ['data', 'cardData', 'props'] as const;
const ENVELOPE_KEYS: readonly string[] = /* @__PURE__ */ [CODE_KEYS, DATA_KEYS, FALLBACK_KEYS].flat();

const isObject = (v: unknown): v is JsonObject => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The first of `keys` of `o` that is present (not undefined or null). */
function first(o: JsonObject, keys: readonly string[]): [string, unknown] | undefined {
  const key = keys.find((k) => o[k] !== undefined && o[k] !== null);
  return key === undefined ? undefined : [key, o[key]];
}

/** A text field (numbers as text), trimmed; '' is absent; another type is dropped with a log line. */
function text(o: JsonObject, keys: readonly string[], path: string, warn: Warn): string | undefined {
  const found = first(o, keys);
  if (!found) return undefined;
  try {
    return optString(found[1], `${path}.${found[0]}`)?.trim() || undefined;
  } catch (e) {
    if (!(e instanceof DecodeError)) throw e;
    warn?.(`${e.message}; ignored`);
    return undefined;
  }
}

/** A number of 0 or more (numeric strings accepted); another value is dropped with a log line. */
function amount(o: JsonObject, keys: readonly string[], path: string, warn: Warn): number | undefined {
  const found = first(o, keys);
  if (!found) return undefined;
  try {
    const n = optNumber(found[1], `${path}.${found[0]}`);
    if (n === undefined || n >= 0) return n;
    warn?.(`${path}.${found[0]}: ${n} is negative; ignored`);
  } catch (e) {
    if (!(e instanceof DecodeError)) throw e;
    warn?.(`${e.message}; ignored`);
  }
  return undefined;
}

/**
 * A URL in a card (an image, a link, a download; a card component's module, model/channel.ts): an absolute http(s) URL (normalised, as avatars
 * and source links, decode.ts webUrl) or a path on the widget's site, as a file message's address
 * (docs/protocol.md "File addresses"); anything else — javascript:, data:, another scheme, a
 * protocol-relative `//host`, control characters — is undefined.
 */
export function cardUrl(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  const url = value.trim();
  // Browsers drop tabs and line breaks inside a URL ("java\tscript:"): none is accepted.
  if (url === '' || [...url].some((ch) => ch <= ' ' || ch === '\u007f')) return undefined;
  if (/^[a-z][a-z\d+.-]*:/i.test(url)) return webUrl(url);
  try {
    // A path stays a path (resolved by the page), unless it leaves the site ("//host", "/\host").
    return new URL(url, 'http://path.invalid/').host === 'path.invalid' ? url : undefined;
  } catch {
    return undefined;
  }
}

/** A URL field through cardUrl; an unusable one is dropped with a log line. */
function link(o: JsonObject, keys: readonly string[], path: string, warn: Warn): string | undefined {
  const found = first(o, keys);
  if (!found || found[1] === '') return undefined;
  const url = cardUrl(found[1]);
  if (url === undefined) warn?.(`${path}.${found[0]}: not an http(s) URL or a path; ignored`);
  return url;
}

/** An ISO 4217 currency code (three letters, any case), upper case; another value is dropped with a log line. */
function currency(o: JsonObject, path: string, warn: Warn): string | undefined {
  const value = o.currency;
  if (value === undefined || value === null || value === '') return undefined;
  if (typeof value === 'string' && /^[a-z]{3}$/i.test(value.trim())) return value.trim().toUpperCase();
  warn?.(`${path}.currency: ${JSON.stringify(value)} is no ISO 4217 code; ignored`);
  return undefined;
}

/** Tags: a list of texts (or one text); other entries dropped, at most MAX_TAGS. */
function tags(o: JsonObject, path: string, warn: Warn): string[] | undefined {
  const value = o.tags;
  if (value === undefined || value === null) return undefined;
  const list = typeof value === 'string' || typeof value === 'number' ? [value] : Array.isArray(value) ? value : undefined;
  if (!list) {
    warn?.(`${path}.tags: expected a list; ignored`);
    return undefined;
  }
  const kept = list.flatMap((t) => (typeof t === 'string' && t.trim() ? [t.trim()] : typeof t === 'number' && Number.isFinite(t) ? [String(t)] : []));
  if (kept.length < list.length) warn?.(`${path}.tags: ${list.length - kept.length} not a text; dropped`);
  if (kept.length > MAX_TAGS) warn?.(`${path}.tags: more than ${MAX_TAGS}; the rest dropped`);
  return kept.length > 0 ? kept.slice(0, MAX_TAGS) : undefined;
}

/** An object without its undefined fields (so that cards compare and serialise cleanly). */
function compact<T extends object>(o: T): T {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as T;
}

function goods(o: JsonObject, code: string, path: string, warn: Warn): GoodsCard | undefined {
  const name = text(o, ['name', 'title'], path, warn);
  if (name === undefined) return undefined;
  return compact({
    kind: CardCode.Goods,
    code,
    name,
    desc: text(o, ['desc', 'description'], path, warn),
    price: amount(o, ['price'], path, warn),
    originalPrice: amount(o, ['originalPrice'], path, warn),
    currency: currency(o, path, warn),
    count: amount(o, ['count'], path, warn),
    unit: text(o, ['unit'], path, warn),
    tags: tags(o, path, warn),
    status: text(o, ['status'], path, warn),
    img: link(o, ['img', 'image'], path, warn),
    link: link(o, ['link', 'url'], path, warn),
  });
}

/** The last segment of a URL's path, decoded; undefined when empty. */
function lastSegment(url: string): string | undefined {
  const segment = url.split(/[?#]/)[0]?.split('/').pop() ?? '';
  try {
    return decodeURIComponent(segment).trim() || undefined;
  } catch {
    return segment || undefined;
  }
}

function file(o: JsonObject, code: string, path: string, warn: Warn): FileCard | undefined {
  const url = link(o, ['url', 'fileUrl', 'link'], path, warn);
  const name = text(o, ['name', 'fileName'], path, warn) ?? (url && lastSegment(url));
  if (name === undefined) return undefined;
  return compact({ kind: CardCode.File, code, name, size: amount(o, ['size', 'fileSize'], path, warn), url });
}

/** What is left of a tree's budget, and whether a cut was logged. */
interface TreeBudget {
  nodes: number;
  cutDeep: boolean;
  cutMany: boolean;
}

/** The children of a node: its list (`children`, else `nodes`, `items`), each a node; bad ones dropped. */
function children(o: JsonObject, depth: number, budget: TreeBudget, path: string, warn: Warn): TreeNode[] {
  const found = first(o, ['children', 'nodes', 'items']);
  if (!found) return [];
  if (!Array.isArray(found[1])) {
    warn?.(`${path}.${found[0]}: expected a list; ignored`);
    return [];
  }
  if (depth > MAX_TREE_DEPTH) {
    if (found[1].length > 0 && !budget.cutDeep) warn?.(`${path}: deeper than ${MAX_TREE_DEPTH} levels; cut`);
    budget.cutDeep = true;
    return [];
  }
  return found[1].flatMap((child: unknown, i): TreeNode[] => {
    if (budget.nodes <= 0) {
      if (!budget.cutMany) warn?.(`${path}: more than ${MAX_TREE_NODES} nodes; the rest cut`);
      budget.cutMany = true;
      return [];
    }
    const at = `${path}.${found[0]}[${i}]`;
    const title = isObject(child) ? text(child, ['title', 'name', 'label'], at, warn) : typeof child === 'string' ? child.trim() || undefined : undefined;
    if (title === undefined) {
      warn?.(`${at}: a node without a title; dropped`);
      return [];
    }
    budget.nodes -= 1;
    if (!isObject(child)) return [{ title, children: [] }];
    return [
      compact<TreeNode>({
        title,
        content: text(child, ['content', 'text'], at, warn),
        link: link(child, ['link', 'url'], at, warn),
        children: children(child, depth + 1, budget, at, warn),
      }),
    ];
  });
}

function tree(value: unknown, code: string, path: string, warn: Warn): TreeCard | undefined {
  // A bare list of nodes is the children of a root without a title.
  const o = Array.isArray(value) ? { children: value } : isObject(value) ? value : undefined;
  if (!o) return undefined;
  const budget: TreeBudget = { nodes: MAX_TREE_NODES, cutDeep: false, cutMany: false };
  const card = compact({
    kind: CardCode.Tree,
    code,
    title: text(o, ['title', 'name', 'label'], path, warn),
    content: text(o, ['content'], path, warn),
    link: link(o, ['link', 'url'], path, warn),
    children: children(o, 1, budget, path, warn),
  });
  return card.title === undefined && card.children.length === 0 ? undefined : card;
}

function carousel(value: unknown, code: string, nesting: number, path: string, warn: Warn): CarouselCard | undefined {
  const found = Array.isArray(value) ? (['', value] as const) : isObject(value) ? first(value, ['items', 'cards', 'list']) : undefined;
  if (!found || !Array.isArray(found[1])) return undefined;
  const at = found[0] ? `${path}.${found[0]}` : path;
  const items: CarouselItem[] = [];
  found[1].forEach((raw, i) => {
    const { card } = cardOf(raw, `${at}[${i}]`, warn, nesting + 1);
    if (!card) return;
    // A carousel in a carousel: its cards join this one (SPEC §9 knows one row).
    if (card.kind === CardCode.Carousel) warn?.(`${at}[${i}]: a carousel inside a carousel; its cards joined this one`);
    items.push(...(card.kind === CardCode.Carousel ? card.items : [card]));
  });
  if (items.length > MAX_CAROUSEL_ITEMS) warn?.(`${at}: more than ${MAX_CAROUSEL_ITEMS} cards; the rest dropped`);
  return items.length > 0 ? { kind: CardCode.Carousel, code, items: items.slice(0, MAX_CAROUSEL_ITEMS) } : undefined;
}

/** The built-in code a card without one is, by its fields (docs/protocol.md "Cards": a bare card). */
function recognised(o: JsonObject): CardCode | undefined {
  if (Array.isArray(o.items) || Array.isArray(o.cards)) return CardCode.Carousel;
  if ((o.price !== undefined || o.originalPrice !== undefined) && (o.name !== undefined || o.title !== undefined)) return CardCode.Goods;
  if (Array.isArray(o.children)) return CardCode.Tree;
  if (
    (o.name !== undefined || o.fileName !== undefined) &&
    (o.size !== undefined || o.fileSize !== undefined || o.url !== undefined || o.fileUrl !== undefined)
  )
    return CardCode.File;
  return undefined;
}

const BUILT_IN: readonly string[] = /* @__PURE__ */ Object.values(CardCode);

/** The card of one card value (an object or a list), its error, and its given fallback. */
function cardOf(raw: unknown, path: string, warn: Warn, nesting = 0): { card?: Card; cardError?: CardError; given?: string } {
  const value = parsedCard(raw);
  if (nesting > MAX_CAROUSEL_NESTING) {
    warn?.(`${path}: carousels nested deeper than ${MAX_CAROUSEL_NESTING}; dropped`);
    return { cardError: CardError.BadData };
  }
  if (Array.isArray(value)) {
    const card = carousel(value, CardCode.Carousel, nesting, path, warn);
    if (!card) warn?.(`${path}: a list without a usable card; shown as its fallback`);
    return card ? { card } : { cardError: CardError.BadData };
  }
  if (!isObject(value)) {
    warn?.(
      `${path}: no card (${value === null || value === undefined || value === '' ? 'empty' : `a ${typeof value}`}) and no code; shown as its text (${CardError.NoCode})`,
    );
    return { cardError: CardError.NoCode, given: givenFallback(value) };
  }
  const given = givenFallback(value);
  const named = text(value, CODE_KEYS, path, warn);
  const dataKey = first(value, DATA_KEYS);
  // No data field: the card's fields sit beside its code (`{code: "goods", name, price}`), or it is a bare card.
  const data = dataKey ? parsedCard(dataKey[1]) : Object.fromEntries(Object.entries(value).filter(([k]) => !ENVELOPE_KEYS.includes(k)));
  const dataPath = dataKey ? `${path}.${dataKey[0]}` : path;
  const code = named ?? (Array.isArray(data) ? CardCode.Carousel : isObject(data) ? recognised(data) : undefined);
  if (code === undefined) {
    warn?.(`${path}: a card without a code, not recognised by its fields; shown as its fallback (${CardError.NoCode})`);
    return { cardError: CardError.NoCode, given };
  }
  const builtIn = BUILT_IN.includes(code.toLowerCase()) ? (code.toLowerCase() as CardCode) : undefined;
  if (!builtIn) return { card: { kind: 'custom', code, data: data ?? null }, given };
  const o = isObject(data) ? data : {};
  const card =
    builtIn === CardCode.Goods
      ? goods(o, builtIn, dataPath, warn)
      : builtIn === CardCode.File
        ? file(o, builtIn, dataPath, warn)
        : builtIn === CardCode.Tree
          ? tree(data, builtIn, dataPath, warn)
          : carousel(data, builtIn, nesting, dataPath, warn);
  if (!card) {
    warn?.(`${dataPath}: no usable ${builtIn} card; shown as its fallback (${CardError.BadData})`);
    return { cardError: CardError.BadData, given };
  }
  return { card, given };
}

/**
 * Decodes the msgContent of a card message (docs/protocol.md "Cards"), liberal in what it accepts:
 * JSON text or the value itself; `{code, data}`, `{type, props}`, `{cardCode, cardData}` or the
 * card's fields beside its code; a bare goods, tree or file card recognised by its fields; a
 * carousel as `{code: "carousel", data: {items}}` or a bare list. Never throws: unusable fields
 * are dropped, an unusable card leaves `card` absent with `cardError` and its fallback, each with a
 * log line to `warn`.
 */
export function decodeCardContent(content: unknown, warn?: (message: string) => void, path = 'card'): CardContent {
  const { card, cardError, given } = cardOf(content, path, warn);
  const fallback = given ?? (card ? cardFallback(card) : '');
  return { ...(card && { card }), ...(cardError && { cardError }), fallback };
}

/** A price in plain text: "EUR 129.90" (the currency's own decimals), else the number as given. */
function priceText(price: number, code: string | undefined): string {
  if (!code) return String(price);
  try {
    return new Intl.NumberFormat('en', { style: 'currency', currency: code, currencyDisplay: 'code' }).format(price).replace(/\s/g, ' ');
  } catch {
    return `${code} ${price}`;
  }
}

/** One line per node, indented by depth, with the node's link. */
function treeLines(nodes: readonly TreeNode[], depth: number): string[] {
  return nodes.flatMap((n) => [`${'  '.repeat(depth)}• ${n.title}${n.link ? ` ${n.link}` : ''}`, ...treeLines(n.children, depth + 1)]);
}

/**
 * The plain text a UI that cannot draw `card` shows (and the message's preview, model/preview.ts):
 * a product's name and price, a file's name, a tree's title and topics, a carousel's cards one a
 * line, a custom card's `title`, `name` or `text`; '' when it has none. Data, never markup.
 */
export function cardFallback(card: Card): string {
  switch (card.kind) {
    case 'goods':
      return card.price === undefined ? card.name : `${card.name} · ${priceText(card.price, card.currency)}`;
    case 'file':
      return card.name;
    case 'tree':
      return [card.title, ...treeLines(card.children, 0)].filter(Boolean).join('\n');
    case 'carousel':
      return card.items
        .map(cardFallback)
        .filter(Boolean)
        .map((line) => line.split('\n')[0])
        .join('\n');
    case 'custom': {
      const o = isObject(card.data) ? card.data : {};
      const found = ['title', 'name', 'text'].map((k) => o[k]).find((v) => typeof v === 'string' && v.trim() !== '');
      return typeof found === 'string' ? found.trim() : '';
    }
  }
}

/** The card's wire form, for sendMsg's msgContent (docs/protocol.md "Cards"): `{code, data, fallback}` as JSON text. */
export function cardToWire(card: Card, fallback: string = cardFallback(card)): string {
  const fields = Object.fromEntries(Object.entries(card).filter(([k]) => k !== 'kind' && k !== 'code'));
  const data = card.kind === 'custom' ? card.data : card.kind === 'carousel' ? { items: card.items.map((i) => JSON.parse(cardToWire(i)) as unknown) } : fields;
  return JSON.stringify({ code: card.code, data, fallback });
}
