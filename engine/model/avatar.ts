import type { ChannelInfo } from './channel';
import { SenderType } from './codes';
import type { ChatMessage } from './message';

/** Where a wire message (or a 1201 event) may name its sender's picture (docs/protocol.md "Avatars"). */
export const MESSAGE_AVATAR_FIELDS = ['senderAvatar', 'avatar', 'adminAvatar', 'headImg'] as const;

/**
 * The picture shown beside `m` (SPEC §9 avatar): the message's own, else for the robot the channel's
 * (robotAvatar); undefined when there is none (the UI shows the sender's initial).
 */
export function avatarOf(m: ChatMessage, channel: ChannelInfo | null | undefined): string | undefined {
  return m.senderAvatar ?? (m.senderType === SenderType.Robot ? (channel?.robotAvatar ?? undefined) : undefined);
}
