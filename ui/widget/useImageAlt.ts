import { useLingui } from '@lingui/react/macro';
import type { ShownImage } from './media';

/** An image's alt text: its caption, else who sent it. */
export function useImageAlt(): (image: ShownImage) => string {
  const { t } = useLingui();
  return ({ caption, senderName }) => caption ?? (senderName ? t`Image sent by ${senderName}` : t`Image`);
}
