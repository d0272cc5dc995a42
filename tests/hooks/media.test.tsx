import { act } from '@testing-library/react';
import type { ChangeEvent, ClipboardEvent, DragEvent, KeyboardEvent, PointerEvent } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { MsgType, SenderType, type ChatEngine } from '@visitor-chat/chat-engine';
import { useFileUpload, usePasteImage, useVoiceRecorder, type RecorderHandlers, type VoiceRecorderOptions } from '@visitor-chat/chat-react';
import { describeBoth, renderHookWithEngine } from './strictMode';

const visitorFiles = (engine: ChatEngine) =>
  engine
    .getSnapshot()
    .messages.filter((m) => m.senderType === SenderType.Visitor)
    .map((m) => ({ msgType: m.msgType, fileName: m.fileName, audioDuration: m.audioDuration }));

const file = (name: string, size = 3, type = '') => new File([new Uint8Array(size)], name, { type });
const fileList = (...files: File[]) => files as unknown as FileList;

describeBoth('useFileUpload', ({ strict }) => {
  it('files picked in the input are sent, each as the type of its extension', () => {
    const { result, engine, fake } = renderHookWithEngine(() => useFileUpload(), { strict });
    const target = { files: fileList(file('cat.png'), file('notes.pdf')), value: 'C:\\fakepath\\cat.png' };

    act(() => result.current.getInputProps().onChange({ target } as unknown as ChangeEvent<HTMLInputElement>));

    expect(visitorFiles(engine)).toEqual([
      { msgType: MsgType.Image, fileName: 'cat.png', audioDuration: undefined },
      { msgType: MsgType.File, fileName: 'notes.pdf', audioDuration: undefined },
    ]);
    expect(target.value).toBe('');
    expect(fake?.count('upload')).toBe(2);
  });

  it('a file over the limit is refused with an error and nothing is uploaded', () => {
    const { result, engine, fake } = renderHookWithEngine(() => useFileUpload(), { strict, options: { maxFileSize: 10 } });
    const target = { files: fileList(file('big.mov', 11)), value: '' };

    act(() => result.current.getInputProps().onChange({ target } as unknown as ChangeEvent<HTMLInputElement>));

    expect(result.current.error).toEqual({ code: 'tooLarge', fileName: 'big.mov', size: 11, limit: 10 });
    expect(visitorFiles(engine)).toEqual([]);
    expect(fake?.count('upload')).toBe(0);
    act(() => result.current.dismissError());
    expect(result.current.error).toBeNull();
  });

  it('files dragged over the page raise isDragging; dropping them on the zone sends them', () => {
    const { result, engine } = renderHookWithEngine(() => useFileUpload(), { strict });
    const enter = new Event('dragenter') as Event & { dataTransfer: { types: string[] } };
    enter.dataTransfer = { types: ['Files'] };
    act(() => void window.dispatchEvent(enter));
    expect(result.current.isDragging).toBe(true);

    const preventDefault = vi.fn();
    act(() =>
      result.current
        .getDropZoneProps()
        .onDrop({ preventDefault, dataTransfer: { types: ['Files'], files: fileList(file('clip.mp4')) } } as unknown as DragEvent<HTMLElement>),
    );

    expect(preventDefault).toHaveBeenCalled();
    expect(result.current.isDragging).toBe(false);
    expect(visitorFiles(engine).map((f) => f.msgType)).toEqual([MsgType.Video]);
  });
});

/** A paste event carrying `files`. */
function pasteOf(...files: File[]) {
  const preventDefault = vi.fn();
  return { event: { preventDefault, clipboardData: { files: fileList(...files) } } as unknown as ClipboardEvent<HTMLElement>, preventDefault };
}

describeBoth('usePasteImage', ({ strict }) => {
  it('a pasted image is offered for confirmation; send sends it as an image', () => {
    const { result, engine } = renderHookWithEngine(() => usePasteImage(), { strict });
    const { event, preventDefault } = pasteOf(file('', 3, 'image/png'));

    act(() => result.current.getPasteProps().onPaste(event));

    expect(preventDefault).toHaveBeenCalled();
    expect(result.current.pending?.fileName).toBe('image.png');
    expect(visitorFiles(engine)).toEqual([]);
    act(() => result.current.pending?.send());
    expect(result.current.pending).toBeNull();
    expect(visitorFiles(engine)).toEqual([{ msgType: MsgType.Image, fileName: 'image.png', audioDuration: undefined }]);
  });

  it('cancel drops the image; a text paste is left alone', () => {
    const { result, engine } = renderHookWithEngine(() => usePasteImage(), { strict });
    act(() => result.current.getPasteProps().onPaste(pasteOf(file('shot.jpg', 3, 'image/jpeg')).event));
    act(() => result.current.pending?.cancel());
    expect(result.current.pending).toBeNull();

    const text = pasteOf();
    act(() => result.current.getPasteProps().onPaste(text.event));
    expect(text.preventDefault).not.toHaveBeenCalled();
    expect(result.current.pending).toBeNull();
    expect(visitorFiles(engine)).toEqual([]);
  });
});

/** A fake microphone and MediaRecorder, and a clock the test moves. */
function fakeMedia(permission: 'granted' | 'denied' = 'granted') {
  let clock = 1_000;
  const stopTrack = vi.fn();
  const recorders: { handlers: RecorderHandlers; started: boolean; stopped: boolean }[] = [];
  const options: VoiceRecorderOptions = {
    getUserMedia: () =>
      permission === 'granted'
        ? Promise.resolve({ getTracks: () => [{ stop: stopTrack }] } as unknown as MediaStream)
        : Promise.reject(new DOMException('Permission denied', 'NotAllowedError')),
    createRecorder: (_stream, handlers) => {
      const r = { handlers, started: false, stopped: false };
      recorders.push(r);
      return {
        mimeType: 'audio/ogg;codecs=opus',
        start: () => void (r.started = true),
        stop: () => {
          r.stopped = true;
          handlers.onData(new Blob(['voice'], { type: 'audio/ogg' }));
          handlers.onStop();
        },
      };
    },
    now: () => clock,
  };
  return { options, recorders, stopTrack, advance: (ms: number) => void (clock += ms) };
}

const pointer = (clientY: number) =>
  ({ button: 0, clientY, pointerId: 1, currentTarget: { setPointerCapture: () => undefined } }) as unknown as PointerEvent<HTMLElement>;

describeBoth('useVoiceRecorder (SPEC §4 Voice recorder)', ({ strict }) => {
  it('hold, release below: sends an audio message with its duration and frees the microphone', async () => {
    const media = fakeMedia();
    const { result, engine } = renderHookWithEngine(() => useVoiceRecorder(media.options), { strict });
    expect(result.current.state).toBe('initial');

    await act(async () => result.current.getRecorderProps().onPointerDown(pointer(500)));
    expect(result.current.state).toBe('recording');
    expect(media.recorders.map((r) => r.started)).toEqual([true]);

    media.advance(3_400);
    act(() => result.current.getRecorderProps().onPointerMove(pointer(440)));
    expect(result.current.state).toBe('recording');
    act(() => result.current.getRecorderProps().onPointerUp(pointer(440)));

    expect(result.current.state).toBe('initial');
    expect(visitorFiles(engine)).toEqual([{ msgType: MsgType.Audio, fileName: 'voice-1000.ogg', audioDuration: 3 }]);
    expect(media.stopTrack).toHaveBeenCalled();
  });

  it('dragged up more than 80 px: willCancel; released there: nothing is sent', async () => {
    const media = fakeMedia();
    const { result, engine } = renderHookWithEngine(() => useVoiceRecorder(media.options), { strict });
    await act(async () => result.current.getRecorderProps().onPointerDown(pointer(500)));
    media.advance(2_000);

    act(() => result.current.getRecorderProps().onPointerMove(pointer(420)));
    expect(result.current.state).toBe('recording');
    act(() => result.current.getRecorderProps().onPointerMove(pointer(419)));
    expect(result.current.state).toBe('willCancel');
    act(() => result.current.getRecorderProps().onPointerMove(pointer(450)));
    expect(result.current.state).toBe('recording');
    act(() => result.current.getRecorderProps().onPointerMove(pointer(300)));
    act(() => result.current.getRecorderProps().onPointerUp(pointer(300)));

    expect(result.current.state).toBe('initial');
    expect(visitorFiles(engine)).toEqual([]);
    expect(media.recorders[0]?.stopped).toBe(true);
    expect(media.stopTrack).toHaveBeenCalled();
  });

  it('a tap shorter than a second sends nothing and says to hold longer', async () => {
    const media = fakeMedia();
    const { result, engine } = renderHookWithEngine(() => useVoiceRecorder(media.options), { strict });
    await act(async () => result.current.getRecorderProps().onPointerDown(pointer(500)));
    media.advance(300);
    act(() => result.current.getRecorderProps().onPointerUp(pointer(500)));
    expect(result.current.error).toBe('tooShort');
    expect(visitorFiles(engine)).toEqual([]);
  });

  it('microphone permission denied: back to initial with the permissionDenied error', async () => {
    const media = fakeMedia('denied');
    const { result } = renderHookWithEngine(() => useVoiceRecorder(media.options), { strict });
    await act(async () => result.current.getRecorderProps().onPointerDown(pointer(500)));
    expect(result.current.state).toBe('initial');
    expect(result.current.error).toBe('permissionDenied');
    expect(media.recorders).toEqual([]);
  });

  it('the keyboard records too: hold Space, release to send', async () => {
    const media = fakeMedia();
    const { result, engine } = renderHookWithEngine(() => useVoiceRecorder(media.options), { strict });
    const key = (k: string) => ({ key: k, repeat: false, preventDefault: () => undefined }) as unknown as KeyboardEvent<HTMLElement>;
    await act(async () => result.current.getRecorderProps().onKeyDown(key(' ')));
    media.advance(1_600);
    act(() => result.current.getRecorderProps().onKeyUp(key(' ')));
    expect(visitorFiles(engine)).toEqual([{ msgType: MsgType.Audio, fileName: 'voice-1000.ogg', audioDuration: 2 }]);
  });
});

describe('useVoiceRecorder without recording support', () => {
  it('says voice is unsupported when there is no microphone API', () => {
    const { result } = renderHookWithEngine(() => useVoiceRecorder({ getUserMedia: undefined, createRecorder: undefined }), { strict: false });
    act(() => result.current.getRecorderProps().onPointerDown(pointer(500)));
    // jsdom has neither navigator.mediaDevices nor MediaRecorder.
    expect(result.current.error).toBe('unsupported');
    expect(result.current.state).toBe('initial');
  });
});
