import { useLingui } from '@lingui/react/macro';
import type { QuickReply } from '@visitor-chat/chat-engine';
import { safeUrl } from '../media';

/** The class of each part, so that a chip and an FAQ row lay the same parts out their own way. */
export interface ReplyLabelClasses {
  img: string;
  icon: string;
  badge: string;
}

/** What a quick reply shows (SPEC §3: image or else icon, the name, a 'New' badge), in a chip or an FAQ row. */
export function ReplyLabel({ reply, classes }: { reply: QuickReply; classes: ReplyLabelClasses }) {
  const { t } = useLingui();
  const img = safeUrl(reply.img);
  return (
    <>
      {img ? (
        <img className={classes.img} src={img} alt="" />
      ) : (
        reply.icon && (
          <span className={classes.icon} aria-hidden="true">
            {reply.icon}
          </span>
        )
      )}
      {reply.name}
      {reply.isNew && <span className={classes.badge} role="img" aria-label={t`New`} />}
    </>
  );
}
