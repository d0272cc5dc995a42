import { Hono, type Context } from 'hono';
import type {
  AdminCardData,
  ChannelInfoRequest,
  ChatCloseRequest,
  ChatStartData,
  ChatStartRequest,
  EvaluateInfoData,
  EvaluateInfoRequest,
  EvaluateRequest,
  EventMsgData,
  EventMsgRequest,
  RobotTipsData,
  RobotTipsRequest,
  SubmitUserFormRequest,
  TransferAgentData,
  TransferAgentRequest,
  TypingRequest,
  UserRequest,
  WireChannelInfo,
} from '../engine/protocol.ts';
import { CALLS, type CallName } from '../engine/protocol.ts';
import { EventCode, FLAG_ON, OutType } from '../engine/model/codes.ts';
import { ADMIN_CARD } from './agent.ts';
import { chatStatus, FAIL_MARKER, type ServerContext } from './context.ts';
import { maxBodyBytes, uploadCalls } from './files.ts';
import { messageCalls } from './messages.ts';
import {
  ApiError,
  ErrorCode,
  JSON_TYPE,
  limitSize,
  MULTIPART_TYPE,
  numeric,
  ok,
  readForm,
  readJson,
  required,
  requireType,
  text,
  type Body,
  type Untrusted,
} from './http.ts';
import { tips } from './robot.ts';
import { robotAskCall } from './robotAsk.ts';
import { newId } from './store.ts';

/** getEvaluateInfo's star labels, lowest first. */
const STAR_LABELS = ['Very poor', 'Poor', 'Fair', 'Good', 'Excellent'];

/** Whether a path segment names a call of the protocol. */
function isCall(name: string): name is CallName {
  return (CALLS as readonly string[]).includes(name);
}

/**
 * The visitor API's calls (SPEC §7) as POST /:call: each body checked for its type and size before
 * it is read (docs/protocol.md §6), then answered by the call table.
 */
export function callRoutes(ctx: ServerContext): Hono {
  const { store, agent, options, presetOf, visitorOf } = ctx;
  // A call answers its data (enveloped below), or a Response of its own (robotAsk's stream).
  const calls: Record<CallName, (body: Body, c: Context) => unknown> = {
    channelInfo: (b: Untrusted<ChannelInfoRequest>): WireChannelInfo => {
      const { channel } = presetOf(b.id, 'id');
      return options.push ? { ...channel, eventStream: FLAG_ON } : channel;
    },

    chatStart: (b: Untrusted<ChatStartRequest>): ChatStartData => {
      const channelId = required(b.channelId, 'channelId');
      const preset = presetOf(channelId);
      const userId = text(b.userId) ?? newId();
      const known = store.find(userId);
      const visitor = known ?? store.create(userId, channelId);
      // A new visitor of a seeded channel (showcase, bench) starts with its history.
      if (!known) for (const { agoMs, ...fields } of preset.seed?.() ?? []) store.addMessage(visitor, fields, store.clock() - agoMs);
      if (visitor.channelId !== channelId) {
        // An id reused on another channel starts over there rather than carrying a conversation across.
        store.endConversation(visitor);
        visitor.channelId = channelId;
      }
      // A visitor in a conversation keeps it (another tab, a reload); each page polls on its own pollId.
      if (visitor.conversation === 'none') visitor.sessionId = newId();
      const pollId = store.openPoll(visitor);
      return {
        userId,
        sessionId: visitor.sessionId,
        pollId,
        status: chatStatus(visitor, preset),
        ...(preset.form && { userFormMode: FLAG_ON }),
        serverTime: store.clock(),
      };
    },

    chatClose: (b: Untrusted<ChatCloseRequest>): void => {
      const visitor = visitorOf(b.userId);
      const inConversation = visitor.conversation !== 'none';
      store.endConversation(visitor);
      // The visitor's other tabs learn that the chat ended (SPEC §4 1202, the user ended it); the
      // closing tab (its pollId, an extension) knows: told too, it would end its next conversation.
      if (inConversation) store.emit(visitor, { event_type: EventCode.SessionEnded, outType: OutType.UserOver }, text(b.pollId));
    },

    transferAgent: (b: Untrusted<TransferAgentRequest>): TransferAgentData => {
      const visitor = visitorOf(b.userId);
      return agent.transfer(visitor, presetOf(visitor.channelId), text(b.groupId));
    },

    getAdminCard: (b: Untrusted<UserRequest>): AdminCardData => {
      visitorOf(b.userId);
      return ADMIN_CARD;
    },

    getEventMsg: (b: Untrusted<EventMsgRequest>): EventMsgData => {
      const visitor = visitorOf(b.userId);
      const msgList = store.poll(visitor, required(b.pollId, 'pollId'), typeof b.lastEventId === 'string' ? b.lastEventId : undefined);
      if (!msgList) throw new ApiError(ErrorCode.NotFound, 'poll not found, call chatStart again');
      return { msgList, status: chatStatus(visitor, presetOf(visitor.channelId)), waitIndex: visitor.waitIndex };
    },

    msgComplete: (b: Untrusted<EventMsgRequest>): void => {
      visitorOf(b.userId);
    },

    typing: (b: Untrusted<TypingRequest>): void => {
      visitorOf(b.userId);
    },

    getEvaluateInfo: (b: Untrusted<EvaluateInfoRequest>): EvaluateInfoData => {
      presetOf(b.channelId);
      return { starList: STAR_LABELS };
    },

    evaluate: (b: Untrusted<EvaluateRequest>): void => {
      visitorOf(b.userId);
      const star = numeric(b.star);
      if (star === undefined || !Number.isInteger(star) || star < 1 || star > STAR_LABELS.length) {
        throw new ApiError(ErrorCode.BadRequest, `star must be an integer from 1 to ${STAR_LABELS.length}`);
      }
      if (b.comment === FAIL_MARKER) throw new ApiError(ErrorCode.Failed, 'submission failed');
    },

    submitUserForm: (b: Untrusted<SubmitUserFormRequest>): void => {
      const visitor = visitorOf(b.userId);
      if (Object.values(b).includes(FAIL_MARKER)) throw new ApiError(ErrorCode.Failed, 'submission failed');
      const missing = (presetOf(visitor.channelId).form ?? []).filter((field) => field.required && text(b[field.name]) === undefined);
      if (missing.length > 0) {
        throw new ApiError(ErrorCode.BadRequest, `required: ${missing.map((field) => field.label).join(', ')}`);
      }
      visitor.formSubmitted = true;
    },

    robotAsk: robotAskCall(ctx),

    robotTips: (b: Untrusted<RobotTipsRequest>): RobotTipsData => {
      presetOf(b.channelId);
      return { tips: tips(typeof b.question === 'string' ? b.question : '') };
    },
    ...messageCalls(ctx),
    ...uploadCalls(ctx),
  };

  return new Hono().post(
    '/:call',
    requireType((c) => (c.req.param('call') === 'upload' ? MULTIPART_TYPE : JSON_TYPE)),
    limitSize((c) => maxBodyBytes(c.req.param('call') ?? '')),
    async (c) => {
      const call = c.req.param('call');
      if (!isCall(call)) throw new ApiError(ErrorCode.NotFound, `unknown call: ${call}`);
      const body = call === 'upload' ? await readForm(c.req.raw) : await readJson(c.req.raw);
      const answer = await calls[call](body, c);
      return answer instanceof Response ? answer : c.json(ok(answer));
    },
  );
}
