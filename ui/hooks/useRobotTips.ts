import { useId, useState, type KeyboardEvent } from 'react';
import { shownTips } from '@visitor-chat/chat-engine';
import { useChatEngine } from './ChatProvider';
import { useChatSelector } from './useChatSelector';

/** keyCode of a key event that belongs to an IME composition. */
const IME_KEY_CODE = 229;
const NONE: readonly string[] = [];

/** The options of {@link useRobotTips}. */
export interface RobotTipsOptions {
  /** Called with a suggestion once it was sent as the visitor's message (e.g. to empty the composer). */
  onChosen?: ((tip: string) => void) | undefined;
}

/** The text field's own key handler, which the suggestions' keys run before. */
type KeyHandler = (e: KeyboardEvent<HTMLTextAreaElement | HTMLInputElement>) => void;

/** What useRobotTips returns: the suggestions, the one highlighted, and the combobox's props. */
export interface UseRobotTipsResult {
  tips: readonly string[];
  /** The index of the tip highlighted, -1 for none. */
  highlighted: number;
  highlight: (index: number) => void;
  /** Chooses a tip: true when there was one to choose. */
  choose: (index: number) => boolean;
  dismiss: () => void;
  /** Props of the text field, with its own key handler chained. */
  getInputProps: (own?: { onKeyDown?: KeyHandler }) => {
    'aria-autocomplete': 'list';
    'aria-controls': string | undefined;
    'aria-activedescendant': string | undefined;
    onKeyDown: KeyHandler;
  };
  getListProps: () => { id: string; role: 'listbox' };
  getOptionProps: (index: number) => {
    id: string;
    role: 'option';
    'aria-selected': boolean;
    onMouseDown: (e: { preventDefault(): void }) => void;
    onMouseEnter: () => void;
    onClick: () => boolean;
  };
}

/**
 * The robot's suggestions while the visitor types (SPEC §7 robotTips; the engine asks after a pause in
 * robot mode and keeps at most five), as a listbox the text field controls: ArrowDown/ArrowUp move the
 * highlight, Enter or Tab choose the highlighted one, Escape dismisses the list until new suggestions
 * come. `choose(i)` sends a suggestion as the visitor's message. The highlight and the dismissal are
 * the UI's: a second UI on the same engine keeps its own.
 */
export function useRobotTips({ onChosen }: RobotTipsOptions = {}): UseRobotTipsResult {
  const engine = useChatEngine();
  const offered = useChatSelector(shownTips);
  const [dismissed, setDismissed] = useState<readonly string[] | null>(null);
  // The highlight belongs to one list: new suggestions start without one.
  const [active, setActive] = useState<{ list: readonly string[]; index: number } | null>(null);
  const tips = offered === dismissed ? NONE : offered;
  const highlighted = active !== null && active.list === tips && active.index < tips.length ? active.index : -1;
  const id = useId();
  const listId = `${id}tips`;
  const optionId = (index: number) => `${id}tip-${index}`;

  const highlight = (index: number) => setActive(index >= 0 && index < tips.length ? { list: tips, index } : null);
  const choose = (index: number): boolean => {
    const tip = tips[index];
    if (tip === undefined || engine.sendText(tip) === null) return false;
    onChosen?.(tip);
    return true;
  };
  const dismiss = () => {
    setDismissed(offered);
    setActive(null);
  };

  /** Handles a key of the text field; true when it was the suggestions' key (its default prevented). */
  const onKey = (e: KeyboardEvent<HTMLTextAreaElement | HTMLInputElement>): boolean => {
    if (tips.length === 0 || e.altKey || e.ctrlKey || e.metaKey) return false;
    const composing = e.nativeEvent.isComposing || e.nativeEvent.keyCode === IME_KEY_CODE;
    switch (e.key) {
      case 'ArrowDown':
      case 'ArrowUp': {
        // Wraps round; the first press goes to the first (down) or the last (up) suggestion.
        const step = e.key === 'ArrowDown' ? 1 : -1;
        highlight(highlighted === -1 ? (step === 1 ? 0 : tips.length - 1) : (highlighted + step + tips.length) % tips.length);
        break;
      }
      case 'Enter':
      case 'Tab':
        // Without a highlight, Enter sends the draft and Tab moves on as usual.
        if (highlighted === -1 || e.shiftKey || composing) return false;
        choose(highlighted);
        break;
      case 'Escape':
        dismiss();
        // The list closes; the Escape goes no further (a dialog or the host's panel stays open).
        e.stopPropagation();
        break;
      default:
        return false;
    }
    e.preventDefault();
    return true;
  };

  return {
    /** The suggestions shown (at most five); empty while none are offered or they were dismissed. */
    tips,
    /** The index of the highlighted suggestion, or -1. */
    highlighted,
    highlight,
    /** Sends suggestion `index` as the visitor's message; false when there is none or it was not sent. */
    choose,
    /** Hides the suggestions until new ones come. */
    dismiss,
    /**
     * For the text field (a textbox that controls the list, ARIA's list autocomplete): the
     * suggestions' keys run first, then the field's own `onKeyDown` unless they took the key.
     */
    getInputProps: ({ onKeyDown }: { onKeyDown?: KeyHandler } = {}) => ({
      'aria-autocomplete': 'list' as const,
      'aria-controls': tips.length > 0 ? listId : undefined,
      'aria-activedescendant': highlighted >= 0 ? optionId(highlighted) : undefined,
      onKeyDown: (e: KeyboardEvent<HTMLTextAreaElement | HTMLInputElement>) => {
        if (!onKey(e)) onKeyDown?.(e);
      },
    }),
    /** For the list of suggestions. */
    getListProps: () => ({ id: listId, role: 'listbox' as const }),
    /** For suggestion `index`: a click chooses it, pointing at it highlights it; the focus stays in the field. */
    getOptionProps: (index: number) => ({
      id: optionId(index),
      role: 'option' as const,
      'aria-selected': index === highlighted,
      onMouseDown: (e: { preventDefault(): void }) => e.preventDefault(),
      onMouseEnter: () => highlight(index),
      onClick: () => choose(index),
    }),
  };
}
