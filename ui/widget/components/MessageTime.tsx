import { Trans, useLingui } from '@lingui/react/macro';
import { timeLabel } from '../format';

/** The time shown above a message (SPEC §3 hasTime, §9 time display). */
export function MessageTime({ time }: { time: number }) {
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
    <time className="message-time" dateTime={new Date(time).toISOString()}>
      {text}
    </time>
  );
}
