import { Trans, useLingui } from '@lingui/react/macro';
import { useId, useState } from 'react';
import type { FileCard, GoodsCard, TreeCard, TreeNode } from '@visitor-chat/chat-engine';
import { useChatEngine, type CardProps } from '@visitor-chat/chat-react';
import { formatCount, formatPrice } from './format';
import { shownFileName } from '../../media';
import { FileBox } from '../FileBox';
import { CarouselView } from './CarouselView';
import './cards.css';

/**
 * The widget's built-in cards (docs/protocol.md "Cards"), one chunk loaded on demand: goods, file,
 * tree and the carousel. Every field is data: texts are rendered as text, URLs are the engine's
 * `cardUrl` (http(s) or a path) and open in a new tab without the opener.
 */
export function BuiltInCard({ card, message }: CardProps) {
  switch (card.kind) {
    case 'goods':
      return <GoodsView card={card} />;
    case 'file':
      return <FileView card={card} />;
    case 'tree':
      return <TreeView card={card} />;
    case 'carousel':
      return <CarouselView card={card} message={message} />;
    case 'custom':
      return null;
  }
}

/** A product (SPEC §3 Goods card): image, name (its page's link), description, prices in the visitor's language, quantity, tags, status. */
function GoodsView({ card }: { card: GoodsCard }) {
  const { i18n } = useLingui();
  const locale = i18n.locale;
  const price = card.price === undefined ? undefined : formatPrice(card.price, card.currency, locale);
  const originalPrice =
    card.originalPrice === undefined || card.originalPrice === card.price ? undefined : formatPrice(card.originalPrice, card.currency, locale);
  const quantity = card.count === undefined ? undefined : [formatCount(card.count, locale), card.unit].filter(Boolean).join(' ');
  const perUnit = card.count === undefined ? card.unit : undefined;
  return (
    <article className="card card-goods" dir="auto">
      {card.img && <img className="card-goods__img" src={card.img} alt="" loading="lazy" decoding="async" />}
      <div className="card-goods__body">
        <p className="card-goods__name">
          {card.link ? (
            <a href={card.link} target="_blank" rel="noopener noreferrer">
              {card.name}
            </a>
          ) : (
            card.name
          )}
        </p>
        {card.desc && <p className="card-goods__desc">{card.desc}</p>}
        {(price !== undefined || originalPrice !== undefined) && (
          <p className="card-goods__prices">
            {price !== undefined && (
              <span className="card-goods__price">
                <span className="visually-hidden">
                  <Trans>Price:</Trans>{' '}
                </span>
                <bdi>{price}</bdi>
                {perUnit && <span className="card-goods__unit"> / {perUnit}</span>}
              </span>
            )}
            {originalPrice !== undefined && (
              <s className="card-goods__original">
                <span className="visually-hidden">
                  <Trans>Original price:</Trans>{' '}
                </span>
                <bdi>{originalPrice}</bdi>
              </s>
            )}
          </p>
        )}
        {quantity && (
          <p className="card-goods__quantity">
            <Trans>Quantity: {quantity}</Trans>
          </p>
        )}
        {(card.tags || card.status) && (
          <p className="card-goods__labels">
            {card.tags?.map((tag, i) => (
              <span key={`${i}-${tag}`} className="card-goods__tag">
                {tag}
              </span>
            ))}
            {card.status && <span className="card-goods__status">{card.status}</span>}
          </p>
        )}
      </div>
    </article>
  );
}

/** A file (SPEC §3 File card): the file message's box — name, size, download. */
function FileView({ card }: { card: FileCard }) {
  const name = shownFileName(card.name) ?? card.name;
  return (
    <span className="card card-file">
      <FileBox name={name} downloadName={name} size={card.size} url={card.url} />
    </span>
  );
}

/**
 * A tree of topics (SPEC §3 Tree node; a help centre): a topic with sub-topics is a disclosure
 * button (`aria-expanded`); a topic with content is a button that shows its content in the chat as
 * the robot's local message (`engine.showTopic`; nothing is sent); a topic's link opens its page in
 * a new tab. Buttons and links: Tab, Enter and Space work as everywhere.
 */
function TreeView({ card }: { card: TreeCard }) {
  return (
    <nav className="card card-tree" dir="auto" aria-label={card.title}>
      {card.title && <p className="card-tree__title">{card.title}</p>}
      {card.content && <p className="card-tree__content">{card.content}</p>}
      {card.link && card.title && <TopicLink node={{ title: card.title, link: card.link, children: [] }} />}
      {card.children.length > 0 && <TopicList nodes={card.children} />}
    </nav>
  );
}

function TopicList({ nodes, id }: { nodes: readonly TreeNode[]; id?: string }) {
  return (
    <ul className="card-tree__list" id={id}>
      {nodes.map((node, i) => (
        <Topic key={`${i}-${node.title}`} node={node} />
      ))}
    </ul>
  );
}

function Topic({ node }: { node: TreeNode }) {
  const engine = useChatEngine();
  const [open, setOpen] = useState(false);
  const listId = useId();
  const hasChildren = node.children.length > 0;
  return (
    <li className="card-tree__item">
      <span className="card-tree__row">
        {hasChildren ? (
          <button
            type="button"
            className="card-tree__topic card-tree__topic--group"
            aria-expanded={open}
            aria-controls={open ? listId : undefined}
            onClick={() => setOpen(!open)}
          >
            <svg className="card-tree__chevron" viewBox="0 0 24 24" aria-hidden="true">
              <path d="m9 6 6 6-6 6" />
            </svg>
            <span>{node.title}</span>
          </button>
        ) : node.content ? (
          <button type="button" className="card-tree__topic" onClick={() => engine.showTopic(node)}>
            <span>{node.title}</span>
          </button>
        ) : (
          <span className="card-tree__topic card-tree__topic--plain">{node.title}</span>
        )}
        {node.link && <TopicLink node={node} />}
      </span>
      {hasChildren && open && (
        <>
          {node.content && (
            <button type="button" className="card-tree__topic card-tree__topic--nested" onClick={() => engine.showTopic(node)}>
              <Trans>About this topic</Trans>
            </button>
          )}
          <TopicList nodes={node.children} id={listId} />
        </>
      )}
    </li>
  );
}

/** A topic's page, in a new tab. */
function TopicLink({ node }: { node: TreeNode }) {
  const { t } = useLingui();
  const title = node.title;
  return (
    <a className="card-tree__link" href={node.link} target="_blank" rel="noopener noreferrer" aria-label={t`${title} (opens in a new tab)`}>
      <svg viewBox="0 0 24 24" aria-hidden="true">
        <path d="M14 4h6v6M20 4l-9 9M18 14v5a1 1 0 0 1-1 1H5a1 1 0 0 1-1-1V7a1 1 0 0 1 1-1h5" />
      </svg>
    </a>
  );
}
