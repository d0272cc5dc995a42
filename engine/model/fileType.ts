import { MsgType } from './codes';

/** The message kinds a file can be sent as (SPEC §3 msgType). */
export type FileMsgType = typeof MsgType.Image | typeof MsgType.Video | typeof MsgType.Audio | typeof MsgType.File;

/** SPEC §5: extensions of each file kind; anything else is a generic file. */
const BY_EXTENSION: Readonly<Record<string, FileMsgType>> = {
  jpeg: MsgType.Image,
  gif: MsgType.Image,
  jpg: MsgType.Image,
  png: MsgType.Image,
  bmp: MsgType.Image,
  pic: MsgType.Image,
  svg: MsgType.Image,
  mp4: MsgType.Video,
  avi: MsgType.Video,
  mov: MsgType.Video,
  rmvb: MsgType.Video,
  rm: MsgType.Video,
  flv: MsgType.Video,
  '3gp': MsgType.Video,
  mp3: MsgType.Audio,
  wav: MsgType.Audio,
  ogg: MsgType.Audio,
};

/** The extension of a file name or URL path, lower-cased, without the dot ('' when it has none). */
export function extensionOf(name: string): string {
  const path = name.split(/[?#]/, 1)[0] ?? '';
  const base = path.slice(path.lastIndexOf('/') + 1);
  const dot = base.lastIndexOf('.');
  return dot > 0 ? base.slice(dot + 1).toLowerCase() : '';
}

/** SPEC §5: the message type of a file from its extension (Image, Video, Audio, else File). */
export function fileMsgType(name: string): FileMsgType {
  return BY_EXTENSION[extensionOf(name)] ?? MsgType.File;
}
