/** Public API of the framework-free chat engine. */
export { createChatEngine, type ChatEngine, type ChatEngineOptions, type SendFileExtra, type SendFileResult } from './engine';
export { fileMsgType, extensionOf, type FileMsgType } from './model/fileType';
export type { ChatState, ChatError, ChatSession, EngineEvent, Intent, LeaveMessageReason, SubmittedForm } from './state';
export { createVisitorApi, type VisitorApi, type HttpOptions, type EventBatch } from './transport/visitorApi';
export { ApiError, NetworkError, TimeoutError, MalformedResponseError, TransportError } from './transport/errors';
export { parseQuery, type ChatQuery } from './model/query';
export type { ChatMessage, FileUpload, MessageRating, Notice, NoticeId, Position } from './model/message';
export type { ChannelInfo, AgentGroup, FormField, UserFormConfig } from './model/channel';
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
  type FieldError,
  type FieldKind,
  type FormErrors,
  type FormValues,
} from './model/validation';
export * from './model/codes';
export * as constants from './constants';
export { memoryStorage, consoleLogger, alwaysVisible, type StoragePort, type Logger, type VisibilityPort } from './ports';
export type * from './protocol';
/** Whether the visitor may ask for a human now (requestHuman would start a transfer). */
export { canTransfer as canRequestHuman } from './effects/transfer';
