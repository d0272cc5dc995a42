import type { SliceCommands, SliceResults } from './registry';
import type { ChannelInfo } from '../model/channel';
import type { MessagePreview } from '../model/preview';

/** What the UI asks of the engine (its commands); effects hear them, some also change the state. Each feature registers its own (core/registry.ts). */
export type Command = SliceCommands;

/** What effects report (results of calls, events and timers); each changes the state. Each feature registers its own (core/registry.ts). */
export type Result = SliceResults;

/** Everything that is reduced into the state and heard by effects. */
export type Intent = Command | Result;

/** The forms whose submission the UI confirms or reports as failed (SPEC §8). */
export type SubmittedForm = 'userForm' | 'evaluation' | 'leaveMessage';

/** Side effects the engine asks the UI layer to perform (it has no DOM of its own). */
export type EngineEvent =
  /** SPEC §7: a new agent message while the page is hidden; the UI shows the title notice for 1 s. */
  | { type: 'newMessageWhileHidden' }
  /** SPEC §2: embedded (from=iframe) — post a new-message flag and the channel info to the parent; one per new agent or robot message, with its preview. */
  | { type: 'notifyParent'; channel: ChannelInfo; message: MessagePreview }
  /** SPEC §8: a form or evaluation submission failed; the UI shows the 'submission failed' toast. */
  | { type: 'submissionFailed'; form: SubmittedForm }
  /** A leave-message was delivered; the UI shows a success toast. */
  | { type: 'submissionSucceeded'; form: 'leaveMessage' }
  /**
   * docs/protocol.md "Outbox": a message not yet sent could not be stored (storage full or blocked):
   * a reload would lose it. Once per engine; the UI tells the visitor.
   */
  | { type: 'outboxNotKept' };

/** An effect's request to the UI: passed to `events$` in order with the intents, never reduced. */
export interface Notify {
  type: 'notify';
  event: EngineEvent;
}

/** What an effect emits: intents to reduce, and requests to the UI. */
export type EffectOutput = Intent | Notify;
