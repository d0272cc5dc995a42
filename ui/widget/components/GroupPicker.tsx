import { Trans } from '@lingui/react/macro';
import type { KeyboardEvent } from 'react';
import { useGroupChoice } from '@visitor-chat/chat-react';
import { Dialog } from './Dialog';
import './GroupPicker.css';

/** Arrow keys (either axis, mirrored in right-to-left), Home and End move between the options, wrapping. */
function moveFocus(e: KeyboardEvent<HTMLUListElement>) {
  const options = Array.from(e.currentTarget.querySelectorAll<HTMLButtonElement>('.group-picker__option'));
  const at = options.indexOf(document.activeElement as HTMLButtonElement);
  const rtl = getComputedStyle(e.currentTarget).direction === 'rtl';
  const step: Record<string, number> = { ArrowDown: 1, ArrowUp: -1, ArrowRight: rtl ? -1 : 1, ArrowLeft: rtl ? 1 : -1 };
  let next: number;
  if (e.key === 'Home') next = 0;
  else if (e.key === 'End') next = options.length - 1;
  else if (e.key in step) next = at < 0 ? 0 : (at + (step[e.key] ?? 0) + options.length) % options.length;
  else return;
  e.preventDefault();
  options[next]?.focus();
}

/** The agent-group selection form (SPEC §4 groups): the transfer waits for a choice, so it cannot be dismissed. */
export function GroupPicker() {
  const { groups, choose } = useGroupChoice();
  if (!groups || !choose) return null;
  return (
    <Dialog title={<Trans>Who would you like to talk to?</Trans>}>
      {/* A list of choices: the arrow keys move between them, as in a radio group. */}
      <ul className="group-picker" onKeyDown={moveFocus}>
        {groups.map((g) => (
          <li key={g.id}>
            {/* The form goes with the choice; focus then goes on in the composer (the dialog's keepFocus). */}
            <button type="button" className="group-picker__option" onClick={() => choose(g.id)}>
              <span>{g.name}</span>
              <svg viewBox="0 0 24 24" aria-hidden="true">
                <path d="m9 5-1.4 1.4 5.6 5.6-5.6 5.6L9 19l7-7Z" />
              </svg>
            </button>
          </li>
        ))}
      </ul>
    </Dialog>
  );
}
