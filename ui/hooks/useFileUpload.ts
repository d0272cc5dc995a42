import { useCallback, useEffect, useRef, useState, type ChangeEvent, type DragEvent, type RefObject } from 'react';
import { useSendFile, type FileError } from './useSendFile';

/** Whether a drag carries files (not text or a link dragged within the page). */
const hasFiles = (e: { dataTransfer: DataTransfer | null }): boolean => Array.from(e.dataTransfer?.types ?? []).includes('Files');

/** What useFileUpload returns: a file input, a drop zone, and the last refusal. */
export interface UseFileUploadResult {
  /** Props of the (usually hidden) `<input type="file">`; any file type, several at once. */
  getInputProps: () => {
    ref: RefObject<HTMLInputElement | null>;
    type: 'file';
    multiple: boolean;
    onChange: (e: ChangeEvent<HTMLInputElement>) => void;
  };
  /** Props of the element files are dropped on. */
  getDropZoneProps: () => { onDragOver: (e: DragEvent<HTMLElement>) => void; onDrop: (e: DragEvent<HTMLElement>) => void };
  /** Opens the file picker. */
  openPicker: () => void;
  /** Sends each file as a file message. */
  sendFiles: (files: FileList | null | undefined) => void;
  /** Files are dragged over the page: show the drop zone. */
  isDragging: boolean;
  error: FileError | null;
  dismissError: () => void;
}

/**
 * Files from a picker or dropped (SPEC §4 Sending, §5): each is sent as a file message. While files
 * are dragged over the page `isDragging` is true (show a drop zone); a drop outside the zone is
 * swallowed so the browser does not navigate away to the file. `error` tells of a file too large.
 */
export function useFileUpload(): UseFileUploadResult {
  const { sendFile, error, dismissError } = useSendFile();
  const inputRef = useRef<HTMLInputElement | null>(null);
  const [isDragging, setDragging] = useState(false);

  const sendAll = useCallback(
    (files: FileList | null | undefined) => {
      for (const file of Array.from(files ?? [])) sendFile(file, file.name);
    },
    [sendFile],
  );

  useEffect(() => {
    // dragenter/dragleave fire for every child crossed; counting them tells when the drag left the page.
    let depth = 0;
    const enter = (e: globalThis.DragEvent) => {
      if (!hasFiles(e)) return;
      depth += 1;
      setDragging(true);
    };
    const leave = (e: globalThis.DragEvent) => {
      if (!hasFiles(e)) return;
      depth = Math.max(0, depth - 1);
      if (depth === 0) setDragging(false);
    };
    const over = (e: globalThis.DragEvent) => {
      if (hasFiles(e)) e.preventDefault();
    };
    const drop = (e: globalThis.DragEvent) => {
      depth = 0;
      setDragging(false);
      if (hasFiles(e)) e.preventDefault();
    };
    window.addEventListener('dragenter', enter);
    window.addEventListener('dragleave', leave);
    window.addEventListener('dragover', over);
    window.addEventListener('drop', drop);
    return () => {
      window.removeEventListener('dragenter', enter);
      window.removeEventListener('dragleave', leave);
      window.removeEventListener('dragover', over);
      window.removeEventListener('drop', drop);
    };
  }, []);

  /** Props of the (usually hidden) `<input type="file">`; any file type, several at once. */
  const getInputProps = () => ({
    ref: inputRef,
    type: 'file' as const,
    multiple: true,
    onChange: (e: ChangeEvent<HTMLInputElement>) => {
      sendAll(e.target.files);
      // Cleared, so that picking the same file again still fires a change.
      e.target.value = '';
    },
  });

  /** Props of the element files are dropped on. */
  const getDropZoneProps = () => ({
    onDragOver: (e: DragEvent<HTMLElement>) => {
      if (!hasFiles(e)) return;
      e.preventDefault();
      e.dataTransfer.dropEffect = 'copy';
    },
    onDrop: (e: DragEvent<HTMLElement>) => {
      if (!hasFiles(e)) return;
      e.preventDefault();
      setDragging(false);
      sendAll(e.dataTransfer.files);
    },
  });

  return {
    getInputProps,
    getDropZoneProps,
    /** Opens the file picker of the input wired with getInputProps(). */
    openPicker: useCallback(() => inputRef.current?.click(), []),
    /** Sends files got elsewhere (e.g. a share target). */
    sendFiles: sendAll,
    isDragging,
    error,
    dismissError,
  };
}
