import { updateMessage, type Cases } from '../../core/cases';
import { MsgType, SenderType } from '../../model/codes';
import { createMessage, type MessageRating } from '../../model/message';
import { NOTICE_FALLBACK } from '../../model/notice';
import { suggestionsOf } from '../../model/quickReply';
import { append, findMessage } from '../../model/timeline';
import type { RobotAskData } from '../../protocol';
import { canRateReply } from './predicates';

/** SPEC §4 Rating of a reply: one choice, locked once chosen (canRateReply). */
export type RobotCommand = { type: 'messageRated'; id: string; rating: MessageRating };

export type RobotResult =
  /** A robot answer is awaited: its placeholder (the thinking block) shows. */
  | { type: 'robotPending'; id: string; createdAt: number }
  | { type: 'robotAnswered'; id: string; answer: RobotAskData; createdAt: number }
  | { type: 'robotFailed'; id: string };

export const robotCases = {
  robotPending: (state, { id, createdAt }) => ({
    ...state,
    messages: append(
      state.messages,
      createMessage({
        id,
        senderType: SenderType.Robot,
        senderName: state.channel?.robotName,
        msgType: MsgType.Text,
        msgContent: '',
        createdAt,
        awaiting: true,
      }),
    ),
  }),
  robotAnswered: (state, { id, answer, createdAt }) =>
    updateMessage(state, id, (m) => ({
      ...m,
      msgType: answer.msgType === MsgType.Answer || answer.msgType === MsgType.Faq ? answer.msgType : MsgType.Text,
      msgContent: answer.msgContent,
      robotAskMsgType: answer.robotAskMsgType?.toString(),
      suggestions: suggestionsOf(answer.suggestions),
      createdAt,
      // SPEC §4 Thinking block: the seconds shown as 'deeply thought' once answered.
      thoughtMs: Math.max(0, createdAt - m.createdAt),
      awaiting: undefined,
    })),
  robotFailed: (state, { id }) =>
    updateMessage(state, id, (m) => ({
      ...m,
      senderType: SenderType.System,
      position: 'center',
      msgType: MsgType.SystemText,
      msgContent: NOTICE_FALLBACK.robotUnavailable,
      notice: { id: 'robotUnavailable' },
      awaiting: undefined,
    })),
  messageRated: (state, { id, rating }) => (canRateReply(findMessage(state.messages, id)) ? updateMessage(state, id, (m) => ({ ...m, rating })) : state),
} satisfies Cases;
