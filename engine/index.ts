/** Public API of the framework-free chat engine. */
export { createChatEngine, type ChatEngine, type ChatEngineOptions } from './engine';
export type { ChatState, ChatError, ChatSession, EngineEvent, Intent } from './state';
export { createVisitorApi, type VisitorApi, type HttpOptions, type EventBatch } from './transport/visitorApi';
export { ApiError, NetworkError, TimeoutError, MalformedResponseError, TransportError } from './transport/errors';
export { parseQuery, type ChatQuery } from './model/query';
export type { ChatMessage, Notice, NoticeId, Position } from './model/message';
export type { ChannelInfo, AgentGroup, FormField, UserFormConfig } from './model/channel';
export * from './model/codes';
export * as constants from './constants';
export { memoryStorage, consoleLogger, alwaysVisible, type StoragePort, type Logger, type VisibilityPort } from './ports';
export type * from './protocol';
/** Whether the visitor may ask for a human now (requestHuman would start a transfer). */
export { canTransfer as canRequestHuman } from './effects/transfer';
