import type { Cases } from '../../core/cases';

/** SPEC §2 FAQ message: the visitor brings the channel's FAQ back (canShowFaq). */
export type FaqCommand = { type: 'faqRequested' };

/** The FAQ message is added as any message is (messageAdded); the feature keeps no state. */
export const faqCases = {} satisfies Cases;
