import type { Handles } from '../../core/cases';

/** SPEC §2 FAQ message: the visitor brings the channel's FAQ back (canShowFaq). */
export type FaqCommand =
  | { type: 'faqRequested' }
  /** A topic of a tree card (a help centre, docs/protocol.md "Cards") chosen: its content shows as the robot's (topicMessage). */
  | { type: 'topicChosen'; title: string; content: string };

/** The FAQ message and a chosen topic are added as any message is (messageAdded); the feature keeps no state. */
export const faqCases: Handles<never> = {};
