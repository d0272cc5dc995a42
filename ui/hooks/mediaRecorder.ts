/** The browser's side of the voice recorder (useVoiceRecorder): the microphone and a MediaRecorder. */

/** A started recording, as the hook drives it (a MediaRecorder in the browser). */
export interface RecorderHandle {
  /** The recording's MIME type once known ('' when the platform does not say). */
  readonly mimeType: string;
  /** Starts recording; chunks arrive at `onData`. */
  start(): void;
  /** Stops recording; the last chunk arrives, then `onStop`. */
  stop(): void;
}

/** What the recorder tells the hook: each chunk of audio, and that it stopped. */
export interface RecorderHandlers {
  /** A chunk of the recording's audio. */
  onData(chunk: Blob): void;
  /** The recording stopped: every chunk has arrived. */
  onStop(): void;
}

/** Formats tried in order: ogg and mp4 audio are types SPEC §5 or players know; webm is Chrome's. */
const PREFERRED_TYPES = ['audio/ogg;codecs=opus', 'audio/mp4', 'audio/webm;codecs=opus', 'audio/webm'];
const EXTENSIONS: Readonly<Record<string, string>> = { 'audio/ogg': 'ogg', 'audio/mp4': 'm4a', 'audio/webm': 'webm', 'audio/wav': 'wav', 'audio/mpeg': 'mp3' };

/** A MediaRecorder of `stream` in the first preferred format the browser supports. */
export function mediaRecorder(stream: MediaStream, { onData, onStop }: RecorderHandlers): RecorderHandle {
  const mimeType = PREFERRED_TYPES.find((t) => MediaRecorder.isTypeSupported(t));
  const recorder = new MediaRecorder(stream, mimeType ? { mimeType } : undefined);
  recorder.addEventListener('dataavailable', (e) => onData(e.data));
  recorder.addEventListener('stop', onStop);
  return {
    get mimeType() {
      return recorder.mimeType || mimeType || '';
    },
    start: () => recorder.start(),
    stop: () => {
      if (recorder.state !== 'inactive') recorder.stop();
    },
  };
}

/** The browser's microphone, where it has one. */
export function browserMicrophone(): ((constraints: MediaStreamConstraints) => Promise<MediaStream>) | undefined {
  const devices = typeof navigator === 'undefined' ? undefined : navigator.mediaDevices;
  return devices && typeof devices.getUserMedia === 'function' ? (c) => devices.getUserMedia(c) : undefined;
}

/** The file extension of a recording's MIME type (webm when the type is unknown). */
export function audioExtension(type: string): string {
  return EXTENSIONS[type.split(';')[0] ?? ''] ?? 'webm';
}

/** Stops the microphone. */
export const stopTracks = (stream: MediaStream | undefined): void => stream?.getTracks().forEach((t) => t.stop());
