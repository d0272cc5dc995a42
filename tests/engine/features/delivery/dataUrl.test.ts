import { describe, expect, it } from 'vitest';
import { dataUrl } from '#engine/features/delivery/dataUrl';

describe('dataUrl: a file as uploadBase64 carries it (issue 27)', () => {
  it('keeps every byte of a file larger than one chunk, with its type', async () => {
    const bytes = Uint8Array.from({ length: 100_000 }, (_, i) => (i * 7919) % 256);
    const url = await dataUrl(new Blob([bytes], { type: 'image/jpeg' }));
    expect(url.startsWith('data:image/jpeg;base64,')).toBe(true);
    expect(new Uint8Array(Buffer.from(url.slice(url.indexOf(',') + 1), 'base64'))).toEqual(bytes);
  });

  it('a file without a type is application/octet-stream; an empty one is an empty payload', async () => {
    expect(await dataUrl(new Blob([]))).toBe('data:application/octet-stream;base64,');
  });
});
