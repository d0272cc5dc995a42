import { useLingui } from '@lingui/react/macro';
import Autoplay from 'embla-carousel-autoplay';
import useEmblaCarousel from 'embla-carousel-react';
import { useCallback, useEffect, useMemo, useState, type KeyboardEvent } from 'react';
import { cardFallback, type CarouselCard, type CarouselItem, type ChatMessage } from '@visitor-chat/chat-engine';
import { useCardComponent } from '@visitor-chat/chat-react';
import { localeDir } from '../../../i18n/i18n';
import { useReducedMotion } from '../../motion';

/**
 * SPEC §9 Carousel defaults, as embla options (docs/protocol.md "Cards"):
 * - start 0 → `startIndex: 0`; dragging on → `watchDrag: true`; loop on → `loop: true` (embla
 *   turns looping off by itself when the slides are too few to loop);
 * - click-drag threshold 10 → `dragThreshold: 10` (px: a press that moves less is a click, so a
 *   link in a slide still opens);
 * - duration 300 ms, easing ease → embla has no duration in ms nor an easing: its scroll is
 *   physics-based, `duration` in its own units (20–60, default 25); 20 settles in about 300 ms;
 * - swipe threshold 20 → no embla option: a swipe past `dragThreshold` moves by one slide
 *   (`skipSnaps: false`), by embla's own flick rule;
 * - autoplay 4000 ms → embla-carousel-autoplay's `delay: 4000`, paused while the pointer is over
 *   the carousel, while focus is in it, after the visitor's Pause, and never started under
 *   `prefers-reduced-motion: reduce` (WCAG 2.2.2);
 * - dots on → a dot button per slide.
 */
const EMBLA_OPTIONS = { startIndex: 0, watchDrag: true, loop: true, dragThreshold: 10, duration: 20, skipSnaps: false, align: 'start' } as const;
const AUTOPLAY_DELAY_MS = 4_000;

/**
 * A row of cards (SPEC §9 Carousel, embla-carousel): one card at a time, swiped or dragged, with
 * previous/next buttons, a dot per card, the arrow keys while focus is in it, and autoplay (see
 * EMBLA_OPTIONS) with a Pause button. Each card is drawn by its registered component, else shown
 * as its fallback text. Mirrored in right-to-left languages.
 */
export function CarouselView({ card, message }: { card: CarouselCard; message: ChatMessage }) {
  const { t, i18n } = useLingui();
  const rtl = localeDir(i18n.locale) === 'rtl';
  const reduced = useReducedMotion();
  const autoplay = useMemo(
    () => Autoplay({ delay: AUTOPLAY_DELAY_MS, playOnInit: false, stopOnInteraction: true, stopOnFocusIn: false, stopOnMouseEnter: false }),
    [],
  );
  const options = useMemo(() => ({ ...EMBLA_OPTIONS, direction: rtl ? ('rtl' as const) : ('ltr' as const) }), [rtl]);
  const plugins = useMemo(() => [autoplay], [autoplay]);
  const [viewportRef, api] = useEmblaCarousel(options, plugins);
  const [selected, setSelected] = useState(0);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const [paused, setPaused] = useState(false);
  const count = card.items.length;
  const autoplays = !reduced && count > 1;
  const running = autoplays && !paused && !hovered && !focused;

  useEffect(() => {
    if (!api) return undefined;
    const onSelect = () => setSelected(api.selectedScrollSnap());
    onSelect();
    api.on('select', onSelect).on('reInit', onSelect);
    return () => {
      api.off('select', onSelect).off('reInit', onSelect);
    };
  }, [api]);

  useEffect(() => {
    // The plugin is live once embla has its api: play or stop by our rule. Its own stopOnInteraction
    // stops it when a drag starts; after a drag (a touch swipe: no hover, no focus) it goes on.
    const plugin = api?.plugins().autoplay;
    if (!api || !plugin) return undefined;
    if (!running) {
      plugin.stop();
      return undefined;
    }
    plugin.play();
    const resume = () => plugin.play();
    api.on('pointerUp', resume);
    return () => {
      api.off('pointerUp', resume);
    };
  }, [api, running]);

  const previous = useCallback(() => api?.scrollPrev(), [api]);
  const next = useCallback(() => api?.scrollNext(), [api]);
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key !== 'ArrowLeft' && e.key !== 'ArrowRight') return;
    e.preventDefault();
    // The arrow toward the start of the line goes back (mirrored in right-to-left).
    if ((e.key === 'ArrowLeft') !== rtl) previous();
    else next();
  };

  return (
    <section
      className="card card-carousel"
      aria-roledescription={t`carousel`}
      aria-label={t`Cards`}
      tabIndex={0}
      onKeyDown={onKeyDown}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setFocused(false);
      }}
    >
      <div className="card-carousel__viewport" ref={viewportRef}>
        <div className="card-carousel__track" aria-live={running ? 'off' : 'polite'}>
          {card.items.map((item, i) => {
            const position = i + 1;
            return (
              <div
                key={i}
                className="card-carousel__slide"
                role="group"
                aria-roledescription={t`slide`}
                aria-label={t`${position} of ${count}`}
                aria-hidden={i !== selected || undefined}
                inert={i !== selected || undefined}
              >
                <CarouselSlide item={item} message={message} />
              </div>
            );
          })}
        </div>
      </div>
      {count > 1 && (
        <div className="card-carousel__controls">
          <button type="button" className="card-carousel__arrow card-carousel__arrow--prev" aria-label={t`Previous`} onClick={previous}>
            <svg viewBox="0 0 24 24" aria-hidden="true">
              <path d="m15 6-6 6 6 6" />
            </svg>
          </button>
          <div className="card-carousel__dots">
            {card.items.map((_, i) => {
              const position = i + 1;
              return (
                <button
                  key={i}
                  type="button"
                  className="card-carousel__dot"
                  aria-label={t`Go to card ${position}`}
                  aria-current={i === selected || undefined}
                  onClick={() => api?.scrollTo(i)}
                />
              );
            })}
          </div>
          <button type="button" className="card-carousel__arrow card-carousel__arrow--next" aria-label={t`Next`} onClick={next}>
            <svg viewBox="0 0 24 24" aria-hidden="true">
              <path d="m9 6 6 6-6 6" />
            </svg>
          </button>
          {autoplays && (
            <button
              type="button"
              className="card-carousel__pause"
              aria-label={paused ? t`Play automatic scrolling` : t`Pause automatic scrolling`}
              onClick={() => setPaused(!paused)}
            >
              <svg viewBox="0 0 24 24" aria-hidden="true">
                <path d={paused ? 'M8 5v14l11-7z' : 'M7 5h4v14H7zM13 5h4v14h-4z'} />
              </svg>
            </button>
          )}
        </div>
      )}
    </section>
  );
}

/** One card of the carousel: its registered component (the built-ins are registered too), else its fallback text. */
function CarouselSlide({ item, message }: { item: CarouselItem; message: ChatMessage }) {
  const Component = useCardComponent(item);
  if (Component) return <Component card={item} message={message} />;
  return (
    <p className="card card-fallback" dir="auto">
      {cardFallback(item)}
    </p>
  );
}
