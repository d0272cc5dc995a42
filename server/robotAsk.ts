import type { Context } from 'hono';
import type { RobotAskData, RobotAskRequest } from '../engine/protocol.ts';
import { MsgType, SenderType } from '../engine/model/codes.ts';
import type { ServerContext } from './context.ts';
import { ApiError, ErrorCode, numeric, required, type Untrusted } from './http.ts';
import { describe, reply, VISITOR_KINDS, type VisitorKind } from './robotReply.ts';
import { Answer, uiMessage, upstreamFrames, UpstreamError, type ChatRequest, type RobotUpstream } from './robotRelay.ts';
import { acceptsStream, DEFAULT_TOKENS_PER_SECOND, send, streamReply, uiStream } from './robotStream.ts';
import { newId } from './store.ts';
import type { Visitor } from './visitor.ts';

/** robotAsk's request: SPEC §7's, plus the kind of the visitor's message (docs/protocol.md robotAsk). */
type AskRequest = Untrusted<RobotAskRequest & { msgType: VisitorKind }>;

/** The most messages of the conversation an upstream robot is sent, the question included. */
const MAX_TURNS = 20;
/** What a visitor reads when ROBOT_URL fails a JSON answer (the cause goes to the log). */
const UNAVAILABLE = 'the robot is unavailable';

/** The kind of a visitor message; absent is text (docs/protocol.md robotAsk). */
function kindOf(value: unknown, log = true): VisitorKind {
  if (value === undefined || value === null || value === '') return MsgType.Text;
  const kind = VISITOR_KINDS.find((k) => k === numeric(value));
  if (kind !== undefined) return kind;
  if (log) console.warn(`robotAsk: msgType ${JSON.stringify(value)} is no kind of visitor message (1, 2, 4, 5, 6); answered as text`);
  return MsgType.Text;
}

/** The reference robot's options from the environment: ROBOT_URL and ROBOT_TOKENS_PER_S (a bad value: one log line, and the default). */
export function robotFromEnv(
  env: NodeJS.ProcessEnv = process.env,
  warn: (line: string) => void = console.warn,
): { robotUpstream?: RobotUpstream; robotTokensPerSecond?: number } {
  const options: { robotUpstream?: RobotUpstream; robotTokensPerSecond?: number } = {};
  const url = env.ROBOT_URL?.trim();
  if (url) {
    const parsed = URL.canParse(url) ? new URL(url) : undefined;
    if (parsed?.protocol === 'http:' || parsed?.protocol === 'https:') options.robotUpstream = { url };
    else warn(`ROBOT_URL: "${url}" is not an http(s) URL; the reference robot answers instead`);
  }
  const pace = env.ROBOT_TOKENS_PER_S?.trim();
  if (pace) {
    const n = Number(pace);
    if (n > 0) options.robotTokensPerSecond = n;
    else warn(`ROBOT_TOKENS_PER_S: "${pace}" is not a positive number; the robot streams at ${DEFAULT_TOKENS_PER_SECOND} tokens/s`);
  }
  return options;
}

/**
 * robotAsk (docs/protocol.md "The robot: robotAsk"): the reference robot, or the ROBOT_URL chat
 * endpoint, answers; as a UI message stream when the request's Accept names text/event-stream,
 * else as JSON. The answer is stored, so a reload shows it; the question itself arrives by sendMsg.
 */
export function robotAskCall({ store, options, presetOf, visitorOf }: ServerContext) {
  /** The AI SDK's chat request for the visitor's conversation so far and the question. */
  const chatRequest = (visitor: Visitor, asked: string): ChatRequest => {
    const turns = store.sessionMessages(visitor, visitor.sessionId).flatMap(({ id = newId(), senderType, msgType, msgContent }) => {
      if (senderType === SenderType.Visitor) return [uiMessage(id, 'user', describe(msgContent, kindOf(msgType, false), store))];
      return senderType === SenderType.Robot ? [uiMessage(id, 'assistant', msgContent)] : [];
    });
    // sendMsg may have stored the question already: it is asked once, last.
    const last = turns.at(-1);
    if (last?.role === 'user' && last.parts[0]?.text === asked) turns.pop();
    return { id: visitor.sessionId, messages: [...turns.slice(1 - MAX_TURNS), uiMessage(newId(), 'user', asked)], trigger: 'submit-message' };
  };

  return (b: AskRequest, c: Context): RobotAskData | Response | Promise<RobotAskData> => {
    const preset = presetOf(b.channelId);
    const visitor = visitorOf(b.userId);
    const question = required(b.question, 'question');
    const kind = kindOf(b.msgType);
    const streams = acceptsStream(c.req.header('accept'));
    const save = (data: RobotAskData) =>
      store.addMessage(visitor, {
        senderType: SenderType.Robot,
        senderName: preset.channel.robotName,
        msgType: data.msgType ?? MsgType.Text,
        msgContent: data.msgContent,
      });

    const upstream = options.robotUpstream;
    if (!upstream) {
      const local = reply(question, kind, store);
      const stored = save(local.data);
      // A card answer goes as JSON even to a client that accepts a stream (docs/protocol.md "Cards": the widget reads either).
      if (!streams || local.data.msgType === MsgType.Card) return local.data;
      return uiStream(c, (stream) => streamReply(stream, local, stored.id ?? newId(), options.robotTokensPerSecond ?? DEFAULT_TOKENS_PER_SECOND));
    }

    const request = chatRequest(visitor, describe(question, kind, store));
    const answer = new Answer();
    /** Why the upstream's answer is no answer, if it is none. */
    const failure = () => (answer.failure ? `answered with an error: ${answer.failure}` : answer.finished ? undefined : 'ended without a finish frame');
    if (streams) {
      return uiStream(c, async (stream) => {
        const cancel = new AbortController();
        stream.onAbort(() => cancel.abort());
        for await (const frame of upstreamFrames(upstream, request, cancel.signal)) {
          if (stream.aborted) return;
          answer.add(frame);
          await send(stream, frame);
        }
        const why = failure();
        // An error frame went to the widget as it came; a stream cut short gets one (uiStream).
        if (answer.failure) console.warn(`robotAsk: ROBOT_URL ${upstream.url} ${why}`);
        else if (why) throw new UpstreamError(`ROBOT_URL ${upstream.url} ${why}`);
        else if (answer.text !== '') save(answer.data);
      });
    }
    return (async () => {
      try {
        for await (const frame of upstreamFrames(upstream, request)) answer.add(frame);
      } catch (error) {
        if (!(error instanceof UpstreamError)) throw error;
        console.warn(`robotAsk: ${error.message}`);
        throw new ApiError(ErrorCode.Failed, UNAVAILABLE);
      }
      const why = failure() ?? (answer.text === '' ? 'answered no text' : undefined);
      if (why) {
        console.warn(`robotAsk: ROBOT_URL ${upstream.url} ${why}`);
        throw new ApiError(ErrorCode.Failed, UNAVAILABLE);
      }
      save(answer.data);
      return answer.data;
    })();
  };
}
