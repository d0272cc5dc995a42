import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';
import { createChatEngine, type ChatEngine, type ChatEngineOptions } from '@visitor-chat/chat-engine';

const EngineContext = createContext<ChatEngine | null>(null);

export interface ChatProviderProps {
  /** An engine made by the integrator; the provider then starts it but does not dispose it (unless `disposeEngine`). */
  engine?: ChatEngine | undefined;
  /** Dispose the given `engine` on unmount too, as if the provider had made it (e.g. an engine started before the first render). */
  disposeEngine?: boolean | undefined;
  /** Options of the engine the provider makes when `engine` is not given (read once). */
  options?: ChatEngineOptions | undefined;
  children?: ReactNode | undefined;
}

/**
 * Makes one engine for its subtree, starts it on mount and disposes it on unmount. Disposal waits
 * one task so that StrictMode's unmount/remount keeps the same engine and its requests.
 */
export function ChatProvider({ engine: given, disposeEngine = false, options, children }: ChatProviderProps) {
  // The initializer may run twice under StrictMode; an engine that is never started costs nothing.
  const [engine] = useState(() => given ?? createChatEngine(options));
  useEffect(() => {
    engine.start();
    if (given && !disposeEngine) return undefined;
    let disposeTimer: ReturnType<typeof setTimeout> | undefined;
    pending.get(engine)?.();
    return () => {
      disposeTimer = setTimeout(() => {
        pending.delete(engine);
        engine.dispose();
      }, 0);
      pending.set(engine, () => clearTimeout(disposeTimer));
    };
  }, [engine, given, disposeEngine]);
  return <EngineContext.Provider value={engine}>{children}</EngineContext.Provider>;
}

/** Cancels of disposals scheduled by an unmount, so that a remount within the same task keeps its engine. */
const pending = new WeakMap<ChatEngine, () => void>();

/** The engine of the nearest ChatProvider. */
export function useChatEngine(): ChatEngine {
  const engine = useContext(EngineContext);
  if (!engine) throw new Error('useChatEngine: wrap the component in <ChatProvider>');
  return engine;
}
