import { useCallback, useEffect, useRef, useState, type ClipboardEvent } from 'react';
import { MsgType, fileMsgType } from '@visitor-chat/chat-engine';
import { previewOf, revokePreview, useSendFile, type FileError } from './useSendFile';

/** A pasted image waiting for the visitor's confirmation (SPEC §5: 'Send photo', send or cancel). */
export interface PendingImage {
  /** A preview to show in the confirmation; undefined where object URLs are unavailable. */
  previewUrl: string | undefined;
  fileName: string;
  /** Sends the image (as a file message) and closes the confirmation. */
  send(): void;
  /** Drops the image and closes the confirmation. */
  cancel(): void;
}

/** The name a pasted image is sent under: its own when it reads as an image (SPEC §5), else image.<subtype>. */
function imageName(file: File): string {
  if (file.name && fileMsgType(file.name) === MsgType.Image) return file.name;
  const subtype = file.type.split('/')[1]?.split('+')[0] ?? 'png';
  return `image.${subtype}`;
}

/** What usePasteImage returns: the paste handler, the image on offer, and the last refusal. */
export interface UsePasteImageResult {
  /** Props of the element pasted into (the composer). */
  getPasteProps: () => { onPaste: (e: ClipboardEvent<HTMLElement>) => void };
  /** The pasted image waiting for the visitor's confirmation; null when none. */
  pending: PendingImage | null;
  /** Offers a file for confirmation, as a paste of it would. */
  offer: (file: File) => void;
  error: FileError | null;
  dismissError: () => void;
}

/**
 * Pasted clipboard images (SPEC §5): `getPasteProps()` goes on the text field; pasting an image
 * offers it as `pending` for confirmation instead of inserting anything. Text pastes as usual.
 */
export function usePasteImage(): UsePasteImageResult {
  const { sendFile, error, dismissError } = useSendFile();
  const [pending, setPending] = useState<{ file: File; fileName: string; previewUrl: string | undefined } | null>(null);
  // The preview of the image on offer, released when it is replaced, cancelled or unmounted.
  const offered = useRef<string | undefined>(undefined);
  useEffect(() => () => revokePreview(offered.current), []);

  const offer = useCallback((file: File) => {
    revokePreview(offered.current);
    const fileName = imageName(file);
    const previewUrl = previewOf(file, fileName, true);
    offered.current = previewUrl;
    setPending({ file, fileName, previewUrl });
  }, []);

  const getPasteProps = () => ({
    onPaste: (e: ClipboardEvent<HTMLElement>) => {
      const file = Array.from(e.clipboardData.files).find((f) => f.type.startsWith('image/'));
      if (!file) return;
      e.preventDefault();
      offer(file);
    },
  });

  const confirm: PendingImage | null = pending && {
    previewUrl: pending.previewUrl,
    fileName: pending.fileName,
    send: () => {
      // The sent message keeps showing the preview, so it is no longer ours to release.
      offered.current = undefined;
      setPending(null);
      sendFile(pending.file, pending.fileName, { previewUrl: pending.previewUrl });
    },
    cancel: () => {
      revokePreview(offered.current);
      offered.current = undefined;
      setPending(null);
    },
  };

  return { getPasteProps, pending: confirm, offer, error, dismissError };
}
