import type { Context, MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { ApiEnvelope } from '../engine/protocol.ts';
import { API_OK } from '../engine/model/codes.ts';

/** Envelope codes of failures (our choice; only 200 is named by the spec). */
export const ErrorCode = { BadRequest: 400, NotFound: 404, TooLarge: 413, UnsupportedType: 415, Failed: 500 } as const;
export type ErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode];

/** The media type every call's body must declare (docs/protocol.md §7); upload's is multipart. */
export const JSON_TYPE = 'application/json';
export const MULTIPART_TYPE = 'multipart/form-data';
/** Largest JSON body of a call or a control: a message, a form or a question is far smaller. */
export const MAX_JSON_BYTES = 1024 * 1024;

/**
 * A failed call; its code and message become the envelope. A refusal of the call answers HTTP 200
 * (docs/protocol.md §8); a request refused before it is read (its type, its size) answers with its
 * own HTTP status too, as any careful server would.
 */
export class ApiError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly httpStatus: 200 | 413 | 415 = 200,
  ) {
    super(message);
  }
}

export type Body = Record<string, unknown>;
/** A request body as received: the protocol's field names, values not yet checked. */
export type Untrusted<T> = { [K in keyof T]?: unknown };

/** A non-empty string; numbers are accepted because ids and flags travel as either. */
export function text(value: unknown): string | undefined {
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return typeof value === 'string' && value.trim() !== '' ? value : undefined;
}

/** A non-empty string or a 400 naming the missing field. */
export function required(value: unknown, name: string): string {
  const result = text(value);
  if (result === undefined) throw new ApiError(ErrorCode.BadRequest, `${name} is required`);
  return result;
}

/** A finite number, also from a numeric string. */
export function numeric(value: unknown): number | undefined {
  const candidate = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof candidate === 'number' && Number.isFinite(candidate) ? candidate : undefined;
}

/** Whether a value is one of the values of a codes object. */
export function isCode<T extends Record<string, number | string>>(codes: T, value: unknown): value is T[keyof T] {
  return Object.values(codes).includes(value as T[keyof T]);
}

/** The media type of a request, without its parameters (charset, boundary), in lower case. */
function mediaType(request: Request): string {
  return (request.headers.get('content-type') ?? '').split(';', 1)[0]?.trim().toLowerCase() ?? '';
}

/**
 * Refuses, before reading it, a body that is not of `type` (415): a cross-site form or a
 * `text/plain` fetch (no CORS preflight) can never reach a call; a page of another origin must send
 * JSON, which the browser asks CORS about first.
 */
export function requireType(type: (c: Context) => string): MiddlewareHandler {
  return async (c, next) => {
    const expected = type(c);
    if (mediaType(c.req.raw) !== expected) throw new ApiError(ErrorCode.UnsupportedType, `Content-Type must be ${expected}`, 415);
    await next();
  };
}

/** Refuses a body over `maxSize(c)` bytes while it is read (413), before anything is parsed or stored. */
export function limitSize(maxSize: (c: Context) => number): MiddlewareHandler {
  return (c, next) =>
    bodyLimit({
      maxSize: maxSize(c),
      onError: () => {
        throw new ApiError(ErrorCode.TooLarge, 'request too large', 413);
      },
    })(c, next);
}

/** A JSON object body, or a 400. */
export async function readJson(request: Request): Promise<Body> {
  let value: unknown;
  try {
    value = await request.json();
  } catch {
    throw new ApiError(ErrorCode.BadRequest, 'malformed JSON body');
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new ApiError(ErrorCode.BadRequest, 'body must be a JSON object');
  }
  return value as Body;
}

/** A multipart form body, or a 400. */
export async function readForm(request: Request): Promise<Body> {
  try {
    return Object.fromEntries(await request.formData());
  } catch {
    throw new ApiError(ErrorCode.BadRequest, 'malformed multipart body');
  }
}

/** The success envelope. */
export function ok(data: unknown): ApiEnvelope<unknown> {
  return data === undefined ? { code: API_OK } : { code: API_OK, data };
}
