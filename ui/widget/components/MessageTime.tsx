import { Trans, useLingui } from '@lingui/react/macro';
import { timeLabel } from '../format';

/**
 * A message's time (SPEC §9 time display): above a message (SPEC §3 hasTime) as a separator, or,
 * with `className` "message__time", each message's own, shown on hover, tap or focus (MessageItem.css).
 */
export function MessageTime({ time, className = 'message-time' }: { time: number; className?: string }) {
  const { i18n } = useLingui();
  const label = timeLabel(time, Date.now(), i18n.locale);
  const text =
    label.kind === 'today' ? (
      label.time
    ) : label.kind === 'yesterday' ? (
      <Trans>Yesterday {label.time}</Trans>
    ) : label.kind === 'weekday' ? (
      label.text
    ) : (
      label.date
    );
  return (
    <time className={className} dateTime={new Date(time).toISOString()}>
      {text}
    </time>
  );
}
