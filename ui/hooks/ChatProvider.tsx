import { createContext, useContext, useEffect, useState, type ReactElement, type ReactNode } from 'react';
import { createChatEngine, type ChatEngine, type ChatEngineOptions } from '@visitor-chat/chat-engine';

const EngineContext = createContext<ChatEngine | null>(null);

/** The props of {@link ChatProvider}: an engine of yours, or the options of the one it makes. */
export interface ChatProviderProps {
  /**
   * An engine of yours. It stays yours: the provider starts it if nobody has (`start()`) and never
   * disposes it — unless it was started by `engine.mount()`, then it ends after its last mount.
   */
  engine?: ChatEngine | undefined;
  /** Options of the engine the provider makes when `engine` is not given (read once); that engine is the provider's. */
  options?: ChatEngineOptions | undefined;
  children?: ReactNode | undefined;
}

/**
 * One engine for its subtree, held with `engine.mount()` while mounted (TanStack Query's
 * QueryClientProvider is the model): an engine the provider made starts with its mount and is
 * disposed after its unmount; StrictMode's remount in the same task keeps it.
 */
export function ChatProvider({ engine: given, options, children }: ChatProviderProps): ReactElement {
  // The initializer may run twice under StrictMode; an engine that is never started costs nothing.
  const [{ engine, yours }] = useState(() => (given ? { engine: given, yours: true } : { engine: createChatEngine(options), yours: false }));
  useEffect(() => {
    // Yours: started as you would start it, so that the provider's unmount does not end it (nothing if it runs already).
    if (yours) engine.start();
    return engine.mount();
  }, [engine, yours]);
  return <EngineContext.Provider value={engine}>{children}</EngineContext.Provider>;
}

/** The engine of the nearest ChatProvider. */
export function useChatEngine(): ChatEngine {
  const engine = useContext(EngineContext);
  if (!engine) throw new Error('useChatEngine: wrap the component in <ChatProvider>');
  return engine;
}
