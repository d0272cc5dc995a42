import { API_PREFIX } from '../engine/constants.ts';
import { ChatStatus } from '../engine/model/codes.ts';
import { SimulatedAgent } from './agent.ts';
import { ApiError, ErrorCode, required } from './http.ts';
import { findPreset, type Preset } from './presets.ts';
import type { RobotUpstream } from './robotRelay.ts';
import { SAMPLE_FILES } from './samples.ts';
import { Store } from './store.ts';
import type { Visitor } from './visitor.ts';

/** Options of the reference server. */
export interface AppOptions {
  /** Mounts POST /api/dev/* (drive the simulated agent by hand). */
  devControls?: boolean;
  /** The clock of every time-based behaviour (ms since epoch); tests inject a fake one. */
  clock?: () => number;
  /** How long the simulated agent takes to answer. */
  agentDelayMs?: number;
  /**
   * Whether channelInfo offers push (`eventStream: 1`, docs/protocol.md "Push"); the stream answers
   * either way, for clients told to use it.
   */
  push?: boolean;
  /** The pace of the reference robot's streamed answers (docs/protocol.md robotAsk); Infinity streams without waiting (tests). */
  robotTokensPerSecond?: number;
  /** An AI SDK-compatible chat endpoint that answers robotAsk instead of the reference robot (ROBOT_URL). */
  robotUpstream?: RobotUpstream;
}

/** Prefix of the visitor API (SPEC §7), the engine's without its closing slash. */
export const API = API_PREFIX.replace(/\/$/, '');
/** Content that makes sendMsg, evaluate or submitUserForm fail on purpose, so clients can test failure paths. */
export const FAIL_MARKER = '__fail__';
/** How long the simulated agent takes to answer unless told otherwise. */
const DEFAULT_AGENT_DELAY_MS = 1_500;

/** What every part of the reference server works on: the store, the simulated agent, and how a request names a channel or a visitor. */
export interface ServerContext {
  readonly store: Store;
  readonly agent: SimulatedAgent;
  readonly options: AppOptions;
  /** The channel's preset, or a 400 (no id) or 404 (unknown). */
  presetOf(channelId: unknown, field?: string): Preset;
  /** The visitor, with what fell due run, or a 400 (no id) or 404 (unknown). */
  visitorOf(userId: unknown): Visitor;
}

/** A fresh in-memory server: its store (with the showcase channel's media), its agent and its lookups. */
export function createContext(options: AppOptions): ServerContext {
  const store = new Store(options.clock ?? Date.now);
  // The showcase channel's media, served like uploads.
  for (const [id, file] of Object.entries(SAMPLE_FILES)) store.saveFile(id, file);
  return {
    store,
    agent: new SimulatedAgent(store, options.agentDelayMs ?? DEFAULT_AGENT_DELAY_MS),
    options,
    presetOf(channelId, field = 'channelId') {
      const preset = findPreset(required(channelId, field));
      if (!preset) throw new ApiError(ErrorCode.NotFound, 'channel not found');
      return preset;
    },
    visitorOf(userId) {
      const visitor = store.find(required(userId, 'userId'));
      if (!visitor) throw new ApiError(ErrorCode.NotFound, 'visitor not found, call chatStart first');
      return visitor;
    },
  };
}

/** The chat status a visitor resumes with (SPEC §4). */
export function chatStatus(visitor: Visitor, preset: Preset): ChatStatus {
  if (visitor.conversation === 'agent') return ChatStatus.InConversation;
  if (visitor.conversation === 'queued') return ChatStatus.Queued;
  return preset.form && !visitor.formSubmitted ? ChatStatus.FormCheck : ChatStatus.NotStarted;
}
