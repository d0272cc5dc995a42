import { Hono, type Context } from 'hono';
import { getExtension, getMimeType } from 'hono/utils/mime';
import type { UploadBase64Request, UploadData, UserRequest } from '../engine/protocol.ts';
import { API, type ServerContext } from './context.ts';
import { ApiError, ErrorCode, MAX_JSON_BYTES, text, type Untrusted } from './http.ts';
import { newId } from './store.ts';

/** Uploads live in memory, so they are capped: at the widget's own largest file (SPEC §9 limits, docs/protocol.md §9). */
const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;
/** Room for a multipart body's boundaries, part headers and its other fields around the file. */
const MULTIPART_OVERHEAD_BYTES = 64 * 1024;
/** uploadBase64 carries the file as a base64 data URL in JSON: 4 characters for every 3 bytes. */
const MAX_BASE64_JSON_BYTES = Math.ceil(MAX_UPLOAD_BYTES / 3) * 4 + MULTIPART_OVERHEAD_BYTES;

/** The most a call's body may carry, read while it arrives (docs/protocol.md §6). */
export function maxBodyBytes(call: string): number {
  if (call === 'upload') return MAX_UPLOAD_BYTES + MULTIPART_OVERHEAD_BYTES;
  return call === 'uploadBase64' ? MAX_BASE64_JSON_BYTES : MAX_JSON_BYTES;
}

/**
 * The upload calls (SPEC §7 upload, uploadBase64): the file is kept in memory and served back under
 * /files/, at an absolute URL on the origin the upload came to (docs/protocol.md §3 File addresses:
 * a page on another origin loads it from the API's).
 */
export function uploadCalls({ store, visitorOf }: ServerContext) {
  const saveUpload = (name: string, bytes: Uint8Array<ArrayBuffer>, c: Context): UploadData => {
    if (/^fail\./i.test(name)) throw new ApiError(ErrorCode.Failed, 'upload failed');
    if (bytes.byteLength > MAX_UPLOAD_BYTES) throw new ApiError(ErrorCode.TooLarge, 'file too large');
    // Only a plain suffix goes into the URL, where clients read the file type from it (SPEC §5).
    const suffix = /\.([a-z0-9]{1,10})$/i.exec(name)?.[1]?.toLowerCase() ?? '';
    const id = suffix ? `${newId()}.${suffix}` : newId();
    store.saveFile(id, { name, bytes });
    return { url: new URL(`${API}/files/${id}`, c.req.url).href, name, suffix };
  };

  return {
    upload: async (b: Untrusted<UserRequest & { file: File }>, c: Context): Promise<UploadData> => {
      visitorOf(b.userId);
      if (!(b.file instanceof File)) throw new ApiError(ErrorCode.BadRequest, 'file is required');
      return saveUpload(b.file.name, new Uint8Array(await b.file.arrayBuffer()), c);
    },

    uploadBase64: (b: Untrusted<UploadBase64Request>, c: Context): UploadData => {
      visitorOf(b.userId);
      const [, type = '', data = ''] = /^data:([\w.+-]+\/[\w.+-]+);base64,(.*)$/s.exec(text(b.imgData) ?? '') ?? [];
      let binary: string;
      try {
        binary = atob(data);
      } catch {
        binary = '';
      }
      if (type === '' || binary === '') throw new ApiError(ErrorCode.BadRequest, 'imgData must be a base64 data URL');
      // A plain loop: Uint8Array.from with a mapping function takes seconds for a 10 MB file.
      const bytes = new Uint8Array(binary.length);
      for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
      return saveUpload(`image.${getExtension(type) ?? 'bin'}`, bytes, c);
    },
  };
}

/** GET /files/:id: an uploaded file, with the type its suffix names. */
export function fileRoutes({ store }: ServerContext): Hono {
  return new Hono().get('/files/:id', (c) => {
    const file = store.file(c.req.param('id'));
    if (!file) return c.json({ code: ErrorCode.NotFound, message: 'file not found' }, 404);
    return c.body(file.bytes, 200, {
      // The type follows the suffix we chose, never the uploader's claim, and scripts stay sandboxed.
      'Content-Type': getMimeType(c.req.param('id')) ?? 'application/octet-stream',
      'Content-Disposition': `inline; filename*=UTF-8''${encodeURIComponent(file.name)}`,
      'Content-Security-Policy': 'sandbox',
      'X-Content-Type-Options': 'nosniff',
    });
  });
}
