import { Trans } from '@lingui/react/macro';
import { useGroupChoice } from '@visitor-chat/chat-react';
import { moveFocus } from '../moveFocus';
import { Dialog } from './Dialog';
import './GroupPicker.css';

/** The agent-group selection form (SPEC §4 groups): the transfer waits for a choice, so it cannot be dismissed. */
export function GroupPicker() {
  const { groups, choose } = useGroupChoice();
  if (!groups || !choose) return null;
  return (
    <Dialog title={<Trans>Who would you like to talk to?</Trans>}>
      {/* A list of choices: the arrow keys move between them, as in a radio group. */}
      <ul className="group-picker" onKeyDown={(e) => moveFocus(e, '.group-picker__option')}>
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
