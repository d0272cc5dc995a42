import { describe, expect, it } from 'vitest';
import { MsgType } from '#engine/model/codes';
import { extensionOf, fileMsgType } from '#engine/model/fileType';

describe('SPEC §5 file type from extension', () => {
  it.each([
    ['photo.JPEG', MsgType.Image],
    ['a.gif', MsgType.Image],
    ['a.jpg', MsgType.Image],
    ['a.png', MsgType.Image],
    ['a.bmp', MsgType.Image],
    ['a.pic', MsgType.Image],
    ['logo.svg', MsgType.Image],
    ['clip.mp4', MsgType.Video],
    ['a.avi', MsgType.Video],
    ['a.MOV', MsgType.Video],
    ['a.rmvb', MsgType.Video],
    ['a.rm', MsgType.Video],
    ['a.flv', MsgType.Video],
    ['a.3gp', MsgType.Video],
    ['song.mp3', MsgType.Audio],
    ['a.wav', MsgType.Audio],
    ['a.ogg', MsgType.Audio],
    ['report.pdf', MsgType.File],
    ['archive.tar.gz', MsgType.File],
    ['README', MsgType.File],
    ['.png', MsgType.File],
    ['image.webp', MsgType.File],
  ])('%s is sent as msgType %s', (name, type) => {
    expect(fileMsgType(name)).toBe(type);
  });

  it('reads the extension of a URL path, ignoring query and fragment', () => {
    expect(extensionOf('/files/x.Mp4?download=1#t')).toBe('mp4');
    expect(extensionOf('https://h.example/dir.v2/file')).toBe('');
  });
});
