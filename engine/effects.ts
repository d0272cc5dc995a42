import type { Effect } from './core/effect';
import { agentEvents } from './features/agentEvents/effect';
import { bootstrap } from './features/bootstrap/effect';
import { close } from './features/conversation/close';
import { countdowns } from './features/countdowns/effect';
import { delivery, resend } from './features/delivery/effect';
import { evaluation } from './features/evaluation/effect';
import { faq } from './features/faq/effect';
import { handoff } from './features/conversation/handoff';
import { history, offlineMessages, sessionMessages } from './features/history/effect';
import { leaveMessage } from './features/forms/leaveMessage';
import { outbox } from './features/delivery/outbox';
import { pageNotices } from './features/notices/pageNotices';
import { receipts } from './features/signals/receipts';
import { recovery } from './features/bootstrap/recovery';
import { robot } from './features/robot/effect';
import { systemQueue } from './features/notices/systemQueue';
import { tips } from './features/tips/effect';
import { titleTyping } from './features/signals/titleTyping';
import { transfer } from './features/conversation/transfer';
import { typing } from './features/signals/typing';
import { userForm } from './features/forms/userForm';
import { visibility } from './features/signals/visibility';
import { welcome } from './features/robot/welcome';

/** Every effect of every feature; they hear only intents and states, so their order does not matter. */
export const EFFECTS: readonly Effect[] = [
  bootstrap,
  recovery,
  history,
  sessionMessages,
  offlineMessages,
  delivery,
  resend,
  outbox,
  robot,
  welcome,
  faq,
  transfer,
  handoff,
  close,
  agentEvents,
  countdowns,
  receipts,
  typing,
  titleTyping,
  tips,
  visibility,
  systemQueue,
  pageNotices,
  evaluation,
  userForm,
  leaveMessage,
];
