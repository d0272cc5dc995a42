/**
 * Headless React hooks over the chat engine: state, actions and prop getters, no markup. Every hook
 * reads the engine of the nearest {@link ChatProvider}.
 *
 * @module @visitor-chat/chat-react
 */
export { ChatProvider, useChatEngine, type ChatProviderProps } from './ChatProvider';
export { useChatSelector, shallowEqual } from './useChatSelector';
export { useChat, type UseChatResult } from './useChat';
export { useComposer, type ComposerInputProps, type ComposerOptions, type UseComposerResult } from './useComposer';
export { ToastProvider, useToasts, type Toast, type ToastApi, type ToastKind } from './useToasts';
export { useChatEvents } from './useChatEvents';
export { useHandoff, type UseHandoffResult } from './useHandoff';
export { useQuickReplies, type UseQuickRepliesResult } from './useQuickReplies';
export { useFaq, type UseFaqResult } from './useFaq';
export { useDeliveryStatus, type Delivery, type DeliveryStatus } from './useDeliveryStatus';
export { useMessageRating, type UseMessageRatingResult } from './useMessageRating';
export { useThinking, type UseThinkingResult } from './useThinking';
export { useRobotAnswer, type RobotAnswerView } from './useRobotAnswer';
export { useTypewriter, type TypedAnswer, type TypewriterHookOptions } from './useTypewriter';
export { useRemoteTyping, type UseRemoteTypingResult } from './useRemoteTyping';
export { useRobotTips, type RobotTipsOptions, type UseRobotTipsResult } from './useRobotTips';
export { useTitleTyping } from './useTitleTyping';
export { useQueue, type UseQueueResult } from './useQueue';
export { useCountdown, type UseCountdownResult } from './useCountdown';
export { usePullToRefresh, type PullStatus, type PullToRefreshOptions, type UsePullToRefreshResult } from './usePullToRefresh';
export { useUserForm, type UseUserFormResult } from './useUserForm';
export type { FieldElement, FieldProps, FormFieldsState } from './useFormFields';
export { useGroupChoice, type UseGroupChoiceResult } from './useGroupChoice';
export { useLeaveMessage, type UseLeaveMessageResult } from './useLeaveMessage';
export { useLeaveMessageOffer, type UseLeaveMessageOfferResult } from './useLeaveMessageOffer';
export { useEvaluation, type Star, type StarInputProps, type UseEvaluationResult } from './useEvaluation';
export { useSendFile, type FileError, type UseSendFileResult } from './useSendFile';
export { useFileUpload, type UseFileUploadResult } from './useFileUpload';
export { usePasteImage, type PendingImage, type UsePasteImageResult } from './usePasteImage';
export { useVoiceRecorder, type RecorderState, type RecorderError, type VoiceRecorderOptions, type UseVoiceRecorderResult } from './useVoiceRecorder';
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
