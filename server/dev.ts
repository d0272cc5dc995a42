import { Hono } from 'hono';
import { API_OK, EventCode, OutType } from '../engine/model/codes.ts';
import type { ServerContext } from './context.ts';
import { ApiError, ErrorCode, isCode, JSON_TYPE, limitSize, MAX_JSON_BYTES, numeric, readJson, required, requireType, type Untrusted } from './http.ts';
import type { Push } from './push.ts';

/** Body of every POST /api/dev/* control. */
interface DevRequest {
  userId: string;
  /** agentSay: what the agent says. */
  text?: string;
  /** endSession: why the session ends (OutType, default agent closed). */
  outType?: number;
  /** deleteMessage: which message goes. */
  msgId?: string;
}

/**
 * The development controls, POST /:action with JSON `{ userId, … }`: they drive the simulated agent
 * by hand (server/README.md). Whoever reaches them speaks as the agent, so the hosts mount them only
 * when asked for (server/node.ts devControlsFromEnv).
 */
export function devRoutes({ store, agent, visitorOf }: ServerContext, push: Push): Hono {
  const devActions: Record<string, (b: Untrusted<DevRequest>) => void> = {
    agentSay: (b) => agent.say(visitorOf(b.userId), required(b.text, 'text')),
    endSession: (b) => {
      const outType = numeric(b.outType) ?? OutType.AgentClosed;
      if (!isCode(OutType, outType)) throw new ApiError(ErrorCode.BadRequest, 'unknown outType');
      agent.end(visitorOf(b.userId), outType);
    },
    requestEvaluation: (b) => agent.emit(visitorOf(b.userId), { event_type: EventCode.EvaluationRequested }),
    deleteMessage: (b) => {
      const visitor = visitorOf(b.userId);
      const msgId = required(b.msgId, 'msgId');
      if (!store.deleteMessage(visitor, msgId)) throw new ApiError(ErrorCode.NotFound, 'message not found');
      agent.emit(visitor, { event_type: EventCode.MessageDeleted, msgId });
    },
    typing: (b) => agent.emit(visitorOf(b.userId), { event_type: EventCode.AgentTyping }),
    refuse: (b) => agent.refuse(visitorOf(b.userId)),
    // The visitor's push streams end, as when a connection drops (the widget polls, then pushes again).
    dropStreams: (b) => push.dropStreams(visitorOf(b.userId)),
  };

  return new Hono().post(
    '/:action',
    requireType(() => JSON_TYPE),
    limitSize(() => MAX_JSON_BYTES),
    async (c) => {
      const action = c.req.param('action');
      const run = Object.hasOwn(devActions, action) ? devActions[action] : undefined;
      if (!run) throw new ApiError(ErrorCode.NotFound, `unknown dev control: ${action}`);
      run(await readJson(c.req.raw));
      return c.json({ code: API_OK });
    },
  );
}
