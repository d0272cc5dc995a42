/**
 * Headless React hooks over the chat engine: state, actions and prop getters, no markup. Every hook
 * reads the engine of the nearest {@link ChatProvider}.
 *
 * @module @visitor-chat/chat-react
 */
export { ChatProvider, useChatEngine, type ChatProviderProps } from './ChatProvider';
export { useChatSelector, shallowEqual } from './useChatSelector';
export { useChat } from './useChat';
export { useComposer, type ComposerOptions } from './useComposer';
export { ToastProvider, useToasts, type Toast, type ToastApi, type ToastKind } from './useToasts';
export { useChatEvents } from './useChatEvents';
export { useHandoff } from './useHandoff';
export { useQuickReplies } from './useQuickReplies';
export { useFaq } from './useFaq';
export { useDeliveryStatus, type Delivery, type DeliveryStatus } from './useDeliveryStatus';
export { useMessageRating } from './useMessageRating';
export { useThinking } from './useThinking';
export { useRobotAnswer, type RobotAnswerView } from './useRobotAnswer';
export { useTypewriter, type TypedAnswer, type TypewriterHookOptions } from './useTypewriter';
export { useRemoteTyping } from './useRemoteTyping';
export { useRobotTips, type RobotTipsOptions } from './useRobotTips';
export { useTitleTyping } from './useTitleTyping';
export { useQueue } from './useQueue';
export { useCountdown } from './useCountdown';
export { usePullToRefresh, type PullStatus, type PullToRefreshOptions } from './usePullToRefresh';
export { useUserForm } from './useUserForm';
export type { FieldElement, FormFieldsState } from './useFormFields';
export { useGroupChoice } from './useGroupChoice';
export { useLeaveMessage } from './useLeaveMessage';
export { useLeaveMessageOffer } from './useLeaveMessageOffer';
export { useEvaluation, type Star } from './useEvaluation';
export { useSendFile, type FileError } from './useSendFile';
export { useFileUpload } from './useFileUpload';
export { usePasteImage, type PendingImage } from './usePasteImage';
export { useVoiceRecorder, type RecorderState, type RecorderError, type VoiceRecorderOptions } from './useVoiceRecorder';
export type { RecorderHandle, RecorderHandlers } from './mediaRecorder';
export {
  CardRegistryProvider,
  useCard,
  useCardComponent,
  type CardComponent,
  type CardComponents,
  type CardProps,
  type CardRegistryProviderProps,
} from './useCardComponent';
