import { useCallback, useState } from 'react';
import { MsgType, fileMsgType, type ChatState, type SendFileExtra } from '@visitor-chat/chat-engine';
import { useChatEngine } from './ChatProvider';
import { useChatSelector } from './useChatSelector';

/** Why a file was not sent: over the engine's size limit (SPEC §4 Sending; limit in bytes). */
export interface FileError {
  code: 'tooLarge';
  fileName: string;
  size: number;
  limit: number;
}

/** A preview URL of a file the widget can show at once (images, video, audio); undefined elsewhere. */
export function previewOf(file: Blob, fileName: string, force = false): string | undefined {
  const shown = force || fileMsgType(fileName) !== MsgType.File;
  return shown && typeof URL.createObjectURL === 'function' ? URL.createObjectURL(file) : undefined;
}

/** Releases a preview URL that no message shows. */
export function revokePreview(url: string | undefined): void {
  if (url && typeof URL.revokeObjectURL === 'function') URL.revokeObjectURL(url);
}

const conversationOf = (s: ChatState): number => s.conversationChanges;

/** What useSendFile returns: sending a file, and the last refusal. */
export interface UseSendFileResult {
  /** Sends a file (with a local preview): true when it went, false when refused (then `error` says why). */
  sendFile: (file: Blob, fileName: string, extra?: SendFileExtra) => boolean;
  /** The last refusal, until the next success, `dismissError()` or the end of its conversation. */
  error: FileError | null;
  dismissError: () => void;
}

/**
 * Sends files through the engine (SPEC §4 Sending, §5) with a local preview, and keeps the last
 * refusal (a file over the size limit) as `error` until the next success, `dismissError()`, or the
 * end of the conversation it was refused in (or the start of another: ChatState.conversationChanges).
 */
export function useSendFile(): UseSendFileResult {
  const engine = useChatEngine();
  const [refusal, setRefusal] = useState<{ error: FileError; conversation: number } | null>(null);
  const setError = useCallback((error: FileError | null) => setRefusal(error && { error, conversation: conversationOf(engine.getSnapshot()) }), [engine]);
  const conversation = useChatSelector(conversationOf);
  const error = refusal?.conversation === conversation ? refusal.error : null;
  const sendFile = useCallback(
    (file: Blob, fileName: string, extra: SendFileExtra = {}): boolean => {
      const previewUrl = extra.previewUrl ?? previewOf(file, fileName, extra.audioDuration !== undefined);
      const result = engine.sendFile(file, fileName, { ...extra, previewUrl });
      if ('id' in result) {
        setError(null);
        return true;
      }
      revokePreview(previewUrl);
      if (result.error === 'tooLarge') setError({ code: 'tooLarge', fileName, size: result.size, limit: result.limit });
      return false;
    },
    [engine, setError],
  );
  const dismissError = useCallback(() => setError(null), [setError]);
  return { sendFile, error, dismissError };
}
