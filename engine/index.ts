/**
 * The framework-free chat engine: state, commands and events over a visitor chat API, with the
 * rules every layer asks (SPEC §4) as named predicates.
 *
 * @module @visitor-chat/chat-engine
 */
export { createChatEngine, type ChatEngine, type ChatEngineOptions } from './engine';
export type { SendFileExtra, SendFileResult } from './features/delivery/compose';
export type { ChatState } from './core/state';
export type { Command, EngineEvent, Intent, Result, SubmittedForm } from './core/intents';
export type { ChatError, ChatSession } from './features/bootstrap/slice';
export type { LeaveMessageReason } from './features/forms/slice';
export type { RobotTips } from './features/tips/slice';

// The rules every layer asks (SPEC §4): the reducer, the effects, the hooks and the widget call these.
export {
  canChooseQuickReply,
  canEnd,
  canRequestHuman,
  currentAgent,
  type CurrentAgent,
  isQueued,
  queuePosition,
  transfersToHuman,
} from './features/conversation/predicates';
export { canLoadOlder } from './features/history/predicates';
export { canRetry, canSendText, isUnconfirmed, isUploading, outlivesPage } from './features/delivery/predicates';
export { canRetryStart, forgotSession, unreachable } from './features/bootstrap/predicates';
export {
  answerRunning,
  answerThinking,
  asksRobot,
  nobodyReads,
  canRateReply,
  canRetryAnswer,
  isTypedAnswer,
  quickReplies,
  showsRating,
  showsThinking,
  thoughtSeconds,
} from './features/robot/predicates';
export type { AnswerFailure, AnswerPhase, RobotAnswer } from './features/robot/answer';
export { typeOut, typedLength, type TypewriterOptions } from './features/robot/typewriter';
export { canShowFaq, hasFaq, isFaqMessage } from './features/faq/predicates';
export { canEvaluate, evaluationShown } from './features/evaluation/predicates';
export {
  canOpenLeaveMessage,
  contactRequired,
  leaveMessageEditable,
  noAgentCanAnswer,
  offersLeaveMessage,
  userFormRequired,
} from './features/forms/predicates';
export { shownTips, tipsAsked } from './features/tips/predicates';
export { titleTypingDue } from './features/signals/predicates';

export { fileMsgType, extensionOf, type FileMsgType } from './model/fileType';
export {
  createVisitorApi,
  type VisitorApi,
  type HttpOptions,
  type EventBatch,
  type EventStreamRequest,
  type PushFrame,
  type RobotAnswerMetadata,
  type RobotFrame,
  type RobotSource,
  type UploadRequest,
  type UploadFrame,
} from './transport/visitorApi';
export { ApiError, NetworkError, TimeoutError, MalformedResponseError, TransportError } from './transport/errors';
export { parseQuery, type ChatQuery } from './model/query';
export type { ChatMessage, FileUpload, MessageRating, Position } from './model/message';
export {
  CardCode,
  CardError,
  cardFallback,
  cardToWire,
  cardUrl,
  decodeCardContent,
  MAX_CAROUSEL_ITEMS,
  MAX_TREE_DEPTH,
  MAX_TREE_NODES,
  type Card,
  type CardContent,
  type CarouselCard,
  type CarouselItem,
  type CustomCard,
  type FileCard,
  type GoodsCard,
  type TreeCard,
  type TreeNode,
} from './model/card';
export { cardFallbackText, isCardMessage, type OutgoingCard } from './model/cardText';
export { messageText } from './model/preview';
export { LONG_TEXT_CHARS, isLongText, longTextPrefix, textPieces } from './model/longText';
export type { Notice, NoticeId } from './model/notice';
export type { QuickReply } from './model/quickReply';
export { avatarOf } from './model/avatar';
export type { ChannelInfo, AgentGroup, FormField, UserFormConfig } from './model/channel';
export { decodeCardModules, MAX_CARD_MODULES, type CardModule } from './model/cardModules';
export { DEFAULT_USER_FORM } from './model/channel';
export {
  LEAVE_MESSAGE_FIELDS,
  cleanValues,
  fieldKind,
  isEmail,
  isPhone,
  prefill,
  validateField,
  validateForm,
  validateLeaveMessage,
  CONTACT_FIELDS,
  type FieldError,
  type FieldKind,
  type FormErrors,
  type FormValues,
} from './model/validation';
export * from './model/codes';
/** The protocol's and the engine's numbers and names (SPEC §9) and the timings of SPEC §4/§7. */
export * as constants from './constants';
export {
  memoryStorage,
  consoleLogger,
  alwaysVisible,
  noConnectivityEvents,
  loneTab,
  type StoragePort,
  type TabsPort,
  type Logger,
  type VisibilityPort,
  type ConnectivityPort,
} from './ports';
export type * from './protocol';
