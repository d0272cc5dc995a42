import { object, webUrl, type Json } from '../model/decode';
import { robotExtras } from './decoders';
import type { RobotAnswerMetadata, RobotFrame } from './visitorApi';

/**
 * The decoder of a streamed robot answer's frames, loaded with the SSE parser when a first stream
 * opens (./robotAsk.ts): a page whose robot answers with JSON, or that never asks it, never loads it.
 */

/** Where a streamed answer's frames are named in log lines. */
const STREAM = 'robotAsk stream';
/** Every frame that only shows the stream is alive. */
const ALIVE: readonly RobotFrame[] = [{ type: 'alive' }];

/**
 * One event of a streamed robot answer (docs/protocol.md "Streamed answers": the AI SDK's UI
 * message stream v1) as the frames the engine reads. Lenient, as the wire is untrusted: a frame that
 * is not JSON, a delta without its text, a source that is not an http(s) URL or metadata of the wrong
 * shape is dropped with one line to `warn`; unknown frame types are ignored without one.
 */
export function decodeRobotFrame(data: string, warn?: (message: string) => void): readonly RobotFrame[] {
  if (data.trim() === '[DONE]') return ALIVE;
  let frame: Record<string, unknown>;
  try {
    frame = object(JSON.parse(data) as Json, STREAM);
  } catch {
    warn?.(`${STREAM}: a frame that is not a JSON object; ignored`);
    return ALIVE;
  }
  const part = typeof frame.id === 'string' ? frame.id : '';
  switch (frame.type) {
    case 'text-delta':
    case 'reasoning-delta':
      if (typeof frame.delta === 'string') return [{ type: frame.type === 'text-delta' ? 'text' : 'reasoning', part, delta: frame.delta }];
      warn?.(`${STREAM}: a ${frame.type} without its delta; ignored`);
      return ALIVE;
    case 'source-url': {
      const url = webUrl(frame.url);
      if (url === undefined) {
        warn?.(`${STREAM}: source-url ${JSON.stringify(frame.url)?.slice(0, 80) ?? ''} is not an http(s) URL; dropped`);
        return ALIVE;
      }
      return [{ type: 'source', source: typeof frame.title === 'string' && frame.title.trim() ? { url, title: frame.title } : { url } }];
    }
    case 'start':
    case 'message-metadata':
      return metadataOf(frame, warn) ?? ALIVE;
    case 'finish':
      return [...(metadataOf(frame, warn) ?? []), { type: 'finish' }];
    case 'error':
      return [{ type: 'error', errorText: typeof frame.errorText === 'string' ? frame.errorText : '' }];
    case 'abort':
      return [{ type: 'abort' }];
    default:
      return ALIVE;
  }
}

/** A frame's messageMetadata as a metadata frame; undefined when it carries none, or none of the shape read (with one log line). */
function metadataOf(frame: Record<string, unknown>, warn?: (message: string) => void): RobotFrame[] | undefined {
  if (frame.messageMetadata === undefined || frame.messageMetadata === null) return undefined;
  try {
    const extras = robotExtras(object(frame.messageMetadata, `${STREAM}.messageMetadata`), `${STREAM}.messageMetadata`);
    const metadata = Object.fromEntries(Object.entries(extras).filter(([, value]) => value !== undefined)) as RobotAnswerMetadata;
    return Object.keys(metadata).length ? [{ type: 'metadata', metadata }] : undefined;
  } catch (e) {
    warn?.(`${e instanceof Error ? e.message : STREAM}; the metadata is ignored`);
    return undefined;
  }
}
