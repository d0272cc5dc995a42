import { useLingui } from '@lingui/react/macro';
import { useLayoutEffect, useRef } from 'react';
import type { useRobotTips } from '@visitor-chat/chat-react';
import { CloseIcon } from './CloseIcon';
import './RobotTips.css';

export interface RobotTipsProps {
  /** The composer's useRobotTips: the textarea gets its input props, this list the rest. */
  tips: ReturnType<typeof useRobotTips>;
}

/**
 * The robot's suggestions above the composer while the visitor types (SPEC §7 robotTips): a listbox
 * the textarea controls (aria-activedescendant), so the focus never leaves the field; a tap or a
 * click chooses, the close button dismisses (Escape in the field does too). Shown only when there
 * are suggestions (the composer loads it after the first screen and keeps the live region that
 * announces them).
 */
export function RobotTips({ tips }: RobotTipsProps) {
  const { t } = useLingui();
  const list = useRef<HTMLUListElement>(null);
  const { highlighted } = tips;
  useLayoutEffect(() => {
    // The highlighted suggestion stays in sight when the list scrolls (a short phone screen).
    if (highlighted >= 0) list.current?.children[highlighted]?.scrollIntoView?.({ block: 'nearest' });
  }, [highlighted]);
  return (
    <div className="robot-tips">
      <ul ref={list} className="robot-tips__list" aria-label={t`Suggested questions`} {...tips.getListProps()}>
        {tips.tips.map((tip, index) => (
          <li key={tip} dir="auto" className={`robot-tip${index === highlighted ? ' robot-tip--active' : ''}`} {...tips.getOptionProps(index)}>
            {tip}
          </li>
        ))}
      </ul>
      <button type="button" className="icon-button robot-tips__close" onClick={tips.dismiss} aria-label={t`Dismiss suggestions`}>
        <CloseIcon />
      </button>
    </div>
  );
}
