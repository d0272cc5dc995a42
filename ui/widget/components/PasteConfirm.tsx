import { Trans, useLingui } from '@lingui/react/macro';
import type { PendingImage } from '@visitor-chat/chat-react';
import { Dialog } from './Dialog';
import './PasteConfirm.css';

/** SPEC §5: a pasted image is offered for confirmation, titled 'Send photo', with Send and Cancel. */
export function PasteConfirm({ image }: { image: PendingImage }) {
  const { t } = useLingui();
  return (
    <Dialog title={<Trans>Send photo</Trans>} onClose={image.cancel}>
      {image.previewUrl && <img className="paste-confirm__preview" src={image.previewUrl} alt={t`Pasted image`} />}
      <div className="dialog__actions">
        <button type="button" className="dialog__button" onClick={image.cancel}>
          <Trans>Cancel</Trans>
        </button>
        <button type="button" className="dialog__button dialog__button--primary" onClick={image.send}>
          <Trans>Send</Trans>
        </button>
      </div>
    </Dialog>
  );
}
