import { useCallback, useEffect, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { audioExtension, browserMicrophone, mediaRecorder, stopTracks, type RecorderHandle, type RecorderHandlers } from './mediaRecorder';
import { useSendFile } from './useSendFile';

/** Voice recorder: cancel when dragged up more than this (SPEC §4, §9). */
const RECORDER_CANCEL_PX = 80;
/** Voice recorder: shorter recordings are dropped, so a tap does not send an empty clip (our choice). */
const RECORDER_MIN_MS = 1_000;

/** SPEC §4 Voice recorder states. */
export type RecorderState = 'initial' | 'recording' | 'willCancel';

/**
 * Why nothing was recorded: the microphone was refused, the browser cannot record, recording
 * failed, or the press was too short to be a message.
 */
export type RecorderError = 'permissionDenied' | 'unsupported' | 'failed' | 'tooShort';

/** The options of {@link useVoiceRecorder}: the browser's parts, replaceable (tests, other platforms). */
export interface VoiceRecorderOptions {
  /** The microphone (navigator.mediaDevices.getUserMedia by default). */
  getUserMedia?: ((constraints: MediaStreamConstraints) => Promise<MediaStream>) | undefined;
  /** Makes a recorder of a stream (MediaRecorder by default). */
  createRecorder?: ((stream: MediaStream, handlers: RecorderHandlers) => RecorderHandle) | undefined;
  /** Clock in ms, for the duration (Date.now by default). */
  now?: (() => number) | undefined;
}

/** One press of the record button, from pointer down to release. */
interface Take {
  startY: number | null;
  chunks: Blob[];
  stream?: MediaStream;
  recorder?: RecorderHandle;
  startedAt?: number;
  durationMs?: number;
  /** Released (or cancelled) by the visitor; a stream that arrives later is dropped. */
  over: boolean;
  cancelled: boolean;
}

/** What useVoiceRecorder returns: the recorder's state, its last error, and the hold-to-talk button's props. */
export interface UseVoiceRecorderResult {
  state: RecorderState;
  /** When recording started (the `now` clock, ms); null when not recording. */
  startedAt: number | null;
  error: RecorderError | null;
  dismissError: () => void;
  /** Drops the recording under way. */
  cancel: () => void;
  /** Props of the hold-to-talk button. */
  getRecorderProps: () => {
    onPointerDown: (e: PointerEvent<HTMLElement>) => void;
    onPointerMove: (e: PointerEvent<HTMLElement>) => void;
    onPointerUp: (e: PointerEvent<HTMLElement>) => void;
    onPointerCancel: () => void;
    onContextMenu: (e: { preventDefault(): void }) => void;
    onKeyDown: (e: KeyboardEvent<HTMLElement>) => void;
    onKeyUp: (e: KeyboardEvent<HTMLElement>) => void;
  };
}

/**
 * Hold to talk (SPEC §4 Voice recorder): pointer down starts recording; dragging up more than
 * RECORDER_CANCEL_PX turns it to willCancel; release sends the audio with its duration, or cancels
 * when above. Keyboard: hold Space or Enter, Escape cancels. `getRecorderProps()` goes on the button.
 */
export function useVoiceRecorder(options: VoiceRecorderOptions = {}): UseVoiceRecorderResult {
  const { sendFile } = useSendFile();
  const [state, setState] = useState<RecorderState>('initial');
  const [error, setError] = useState<RecorderError | null>(null);
  const [startedAt, setStartedAt] = useState<number | null>(null);
  const take = useRef<Take | null>(null);
  const opts = useRef(options);
  opts.current = options;

  const finish = useCallback(
    (t: Take) => {
      stopTracks(t.stream);
      if (t.cancelled) return;
      const duration = t.durationMs ?? 0;
      if (duration < RECORDER_MIN_MS) {
        setError('tooShort');
        return;
      }
      const type = t.recorder?.mimeType || t.chunks[0]?.type || 'audio/webm';
      const extension = audioExtension(type);
      sendFile(new Blob(t.chunks, { type }), `voice-${t.startedAt ?? 0}.${extension}`, { audioDuration: Math.round(duration / 1000) });
    },
    [sendFile],
  );

  const start = useCallback(
    (startY: number | null) => {
      if (take.current) return;
      const getUserMedia = opts.current.getUserMedia ?? browserMicrophone();
      const createRecorder = opts.current.createRecorder ?? (typeof MediaRecorder === 'function' ? mediaRecorder : undefined);
      const now = opts.current.now ?? Date.now;
      if (!getUserMedia || !createRecorder) {
        setError('unsupported');
        return;
      }
      const t: Take = { startY, chunks: [], over: false, cancelled: false };
      take.current = t;
      setError(null);
      setState('recording');
      getUserMedia({ audio: true }).then(
        (stream) => {
          t.stream = stream;
          // Released while the permission prompt was up: nothing was recorded.
          if (t.over) {
            stopTracks(stream);
            return;
          }
          try {
            t.recorder = createRecorder(stream, { onData: (chunk) => t.chunks.push(chunk), onStop: () => finish(t) });
            t.recorder.start();
            t.startedAt = now();
            setStartedAt(t.startedAt);
          } catch {
            stopTracks(stream);
            take.current = null;
            setState('initial');
            setError('failed');
          }
        },
        (e: unknown) => {
          if (take.current === t) take.current = null;
          setState('initial');
          const name = e instanceof Error || e instanceof DOMException ? e.name : '';
          setError(name === 'NotAllowedError' || name === 'SecurityError' ? 'permissionDenied' : name === 'NotFoundError' ? 'unsupported' : 'failed');
        },
      );
    },
    [finish],
  );

  /** Ends the press: sends unless `cancel` or the pointer is above the cancel line. */
  const end = useCallback((cancel: boolean) => {
    const t = take.current;
    if (!t) return;
    take.current = null;
    t.over = true;
    t.cancelled = cancel;
    setState('initial');
    setStartedAt(null);
    if (t.recorder && t.startedAt !== undefined) {
      t.durationMs = (opts.current.now ?? Date.now)() - t.startedAt;
      t.recorder.stop();
    }
  }, []);

  const move = useCallback((y: number) => {
    const t = take.current;
    if (!t || t.startY === null) return;
    setState(t.startY - y > RECORDER_CANCEL_PX ? 'willCancel' : 'recording');
  }, []);

  // Leaving the page mid-recording cancels it and frees the microphone.
  useEffect(
    () => () => {
      const t = take.current;
      if (!t) return;
      take.current = null;
      t.over = true;
      t.cancelled = true;
      t.recorder?.stop();
      stopTracks(t.stream);
    },
    [],
  );

  const getRecorderProps = () => ({
    onPointerDown: (e: PointerEvent<HTMLElement>) => {
      if (e.button !== 0) return;
      // Keeps the moves and the release on this element when the finger slides off it.
      e.currentTarget.setPointerCapture?.(e.pointerId);
      start(e.clientY);
    },
    onPointerMove: (e: PointerEvent<HTMLElement>) => move(e.clientY),
    onPointerUp: (e: PointerEvent<HTMLElement>) => {
      const t = take.current;
      end(t !== null && t.startY !== null && t.startY - e.clientY > RECORDER_CANCEL_PX);
    },
    onPointerCancel: () => end(true),
    // A long press would otherwise open the context menu (or select text) on touch screens.
    onContextMenu: (e: { preventDefault(): void }) => e.preventDefault(),
    onKeyDown: (e: KeyboardEvent<HTMLElement>) => {
      if (e.key === 'Escape') {
        // A recording cancelled takes the Escape: it goes no further (the host's panel stays open).
        if (take.current) e.stopPropagation();
        end(true);
      } else if ((e.key === ' ' || e.key === 'Enter') && !e.repeat) {
        e.preventDefault();
        start(null);
      }
    },
    onKeyUp: (e: KeyboardEvent<HTMLElement>) => {
      if (e.key === ' ' || e.key === 'Enter') end(false);
    },
  });

  return {
    state,
    /** When the microphone started recording (the `now` clock, ms); null before that and when not recording. */
    startedAt,
    error,
    dismissError: useCallback(() => setError(null), []),
    /** Cancels a recording in progress. */
    cancel: useCallback(() => end(true), [end]),
    getRecorderProps,
  };
}
