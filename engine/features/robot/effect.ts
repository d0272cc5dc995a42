import type { Effect } from '../../core/effect';
import { answers } from './ask';

/**
 * Robot mode (SPEC §4 Receive mode 0; the welcome is ./welcome.ts): each visitor message is followed
 * by a robot answer, streamed or whole (./ask.ts: a failed ask is never a stuck bubble).
 */
export const robot: Effect = (ctx) => answers(ctx);
