import { QUEUE_PLACEHOLDER } from './codes';

/**
 * A text the engine itself writes (a system notice). The UI translates it by `id`; `values` fill
 * its placeholders. The engine never hard-codes user-visible language.
 */
export interface Notice {
  id: NoticeId;
  values?: Readonly<Record<string, string | number>>;
}

/** Every notice the engine can emit. */
export type NoticeId = 'noAgentOnline' | 'transferFailed' | 'sessionEstablished' | 'openedInNewWindow' | 'agentRefused' | 'robotUnavailable' | 'visitorEnded';

/** The English text of each notice without its values. */
const NOTICE_FALLBACK: Readonly<Record<NoticeId, string>> = {
  noAgentOnline: 'No agent online',
  transferFailed: 'Transfer to human failed',
  sessionEstablished: 'You are now chatting with an agent.',
  openedInNewWindow: 'The conversation was opened in a new window.',
  agentRefused: 'The agent declined the conversation.',
  robotUnavailable: 'The assistant is unavailable right now. Please try again.',
  visitorEnded: 'You ended the chat. Send a message to start a new one.',
};

/**
 * The English text of a notice, its values filled in: kept in msgContent as the fallback of the
 * UI's translation, and what a UI without translations shows ("You are now chatting with Ann.").
 */
export function noticeFallback({ id, values }: Notice): string {
  if (id === 'sessionEstablished' && values?.agent !== undefined) return `You are now chatting with ${values.agent}.`;
  return NOTICE_FALLBACK[id];
}

/** userQueueMsg with its ## placeholder replaced by the queue position (SPEC §3, §4 transfer 3). */
export function queueText(template: string, position: number): string {
  return template.split(QUEUE_PLACEHOLDER).join(String(position));
}
