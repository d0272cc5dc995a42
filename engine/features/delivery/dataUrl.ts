/** Bytes turned into text at a time: String.fromCharCode takes them as arguments, and engines cap those. */
const CHUNK = 0x8000;

/**
 * A file as a `data:` URL (base64), what SPEC §7 uploadBase64 carries as `imgData`. Built from the
 * file's bytes with `btoa`, which browsers and Node share — the engine needs no FileReader.
 */
export async function dataUrl(file: Blob): Promise<string> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  let binary = '';
  for (let i = 0; i < bytes.length; i += CHUNK) binary += String.fromCharCode(...bytes.subarray(i, i + CHUNK));
  return `data:${file.type || 'application/octet-stream'};base64,${btoa(binary)}`;
}
