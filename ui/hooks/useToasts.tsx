import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactElement, type ReactNode } from 'react';

/** Toast visible time, then removal delay (SPEC §9). */
const TOAST_DURATION_MS = 2_000;
const TOAST_REMOVE_DELAY_MS = 300;

/** SPEC §8 toast kinds. */
export type ToastKind = 'success' | 'error' | 'loading';

/** A short notice shown over the chat (sent, failed, working…), by its kind; it leaves by itself or when dismissed. */
export interface Toast {
  id: number;
  kind: ToastKind;
  text: string;
  /** True during the last 300 ms, while the UI animates it out. */
  leaving: boolean;
}

/** What useToasts gives: the toasts shown, and the functions that show and dismiss them. */
export interface ToastApi {
  toasts: readonly Toast[];
  /** Shows a toast; success and error leave after 2000 ms (+300 ms to animate out), loading stays until dismissed. */
  show: (kind: ToastKind, text: string) => number;
  dismiss: (id: number) => void;
}

const ToastContext = createContext<ToastApi | null>(null);

/** Holds the toasts of its subtree (headless: the UI decides how they look). */
export function ToastProvider({ children }: { children?: ReactNode }): ReactElement {
  const [toasts, setToasts] = useState<readonly Toast[]>([]);
  const timers = useRef(new Set<ReturnType<typeof setTimeout>>());
  const nextId = useRef(0);

  const later = useCallback((fn: () => void, ms: number) => {
    const timer = setTimeout(() => {
      timers.current.delete(timer);
      fn();
    }, ms);
    timers.current.add(timer);
  }, []);

  const dismiss = useCallback(
    (id: number) => {
      setToasts((list) => list.map((t) => (t.id === id ? { ...t, leaving: true } : t)));
      later(() => setToasts((list) => list.filter((t) => t.id !== id)), TOAST_REMOVE_DELAY_MS);
    },
    [later],
  );

  const show = useCallback(
    (kind: ToastKind, text: string) => {
      nextId.current += 1;
      const id = nextId.current;
      setToasts((list) => [...list, { id, kind, text, leaving: false }]);
      if (kind !== 'loading') later(() => dismiss(id), TOAST_DURATION_MS);
      return id;
    },
    [dismiss, later],
  );

  useEffect(() => {
    const pending = timers.current;
    return () => pending.forEach(clearTimeout);
  }, []);

  const api = useMemo(() => ({ toasts, show, dismiss }), [toasts, show, dismiss]);
  return <ToastContext.Provider value={api}>{children}</ToastContext.Provider>;
}

/** The toasts of the nearest ToastProvider and the actions to show and dismiss them. */
export function useToasts(): ToastApi {
  const api = useContext(ToastContext);
  if (!api) throw new Error('useToasts: wrap the component in <ToastProvider>');
  return api;
}
