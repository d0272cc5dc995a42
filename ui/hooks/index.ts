/** Headless React hooks over the chat engine: state, actions and prop getters, no markup. */
export { ChatProvider, useChatEngine, type ChatProviderProps } from './ChatProvider';
export { useChatSelector, shallowEqual } from './useChatSelector';
export { useChat } from './useChat';
export { useComposer, type ComposerOptions } from './useComposer';
export { ToastProvider, useToasts, type Toast, type ToastKind } from './useToasts';
export { useChatEvents } from './useChatEvents';
export { useHandoff } from './useHandoff';
