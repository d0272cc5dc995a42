/**
 * Every check of check-backend: the call(s) it makes, what it expects, and where that is written
 * (docs/protocol.md, whose §N is SPEC §N). In the order they run on an agent channel; on a
 * robot-first one the transfer and the agent card follow the robot.
 */
export const CATALOGUE = {
  'channel-info': { call: 'channelInfo', title: 'the channel info decodes', specRef: '§3 Channel info, §7' },
  'unknown-channel': { call: 'channelInfo', title: 'an unknown channel id is refused', specRef: '§7 envelope, §8' },
  'chat-start': { call: 'chatStart', title: 'a new visitor gets a session', specRef: '§3 Chat session, §7' },
  'user-form': { call: 'submitUserForm', title: 'the user form owed in status 1 is accepted', specRef: '§4 Chat status, §7' },
  transfer: { call: 'transferAgent', title: 'a transfer to a human answers a known result', specRef: '§3, §4 Transfer, §7' },
  'admin-card': { call: 'getAdminCard', title: 'the agent card after a connection', specRef: '§3 Agent card, §4' },
  'send-msg': { call: 'sendMsg', title: 'a visitor text message is delivered', specRef: '§4 Sending, §7 sendMsg' },
  'client-msg-id': { call: 'sendMsg, getHistoryMsg', title: 'a repeated clientMsgId is stored once', specRef: 'Extensions: clientMsgId' },
  'robot-ask': { call: 'robotAsk', title: 'the robot answers a visitor text', specRef: '§4 mode 0, §7 robotAsk' },
  'robot-stream': { call: 'robotAsk', title: 'a streamed robot answer is well-formed', specRef: '§7 robotAsk, streamed' },
  poll: { call: 'getEventMsg', title: 'polling answers events the widget can apply', specRef: '§3, §4 Events, §7' },
  'poll-timing': { call: 'getEventMsg', title: 'polls are answered at once', specRef: '§7 Timing rules, §9' },
  'event-ack': { call: 'getEventMsg', title: 'events come again until acknowledged', specRef: 'Extensions: eventId' },
  push: { call: 'events (GET)', title: 'the pushed event stream opens and speaks', specRef: 'Extensions: Push' },
  'msg-complete': { call: 'msgComplete', title: 'a read receipt is accepted', specRef: '§7 msgComplete' },
  typing: { call: 'typing', title: 'a typing notice is accepted', specRef: '§7 typing' },
  'sys-msg': { call: 'sysMsg', title: 'a system message is accepted', specRef: '§7 sysMsg' },
  history: { call: 'getHistoryMsg', title: 'the newest history page shows', specRef: '§3 Message, §7 getHistoryMsg' },
  cards: { call: 'getHistoryMsg', title: 'the cards in the history decode', specRef: '§3 Message, Cards' },
  'history-paging': { call: 'getHistoryMsg', title: 'an older page holds only older messages', specRef: '§7 getHistoryMsg' },
  'evaluate-info': { call: 'getEvaluateInfo', title: 'the evaluation dialog gets its star labels', specRef: '§3 Evaluate info, §7' },
  upload: { call: 'upload', title: 'a file upload answers a usable url', specRef: '§3 File addresses, §7 upload' },
  'bad-request': { call: 'chatStart, getHistoryMsg', title: 'a bad request is refused in an envelope', specRef: '§7 envelope, §8' },
  'unknown-visitor': { call: 'getHistoryMsg, getEventMsg', title: 'an unknown userId or pollId is a lost session', specRef: 'Extensions: session recovery' },
  'chat-close': { call: 'chatClose', title: 'the visitor can end the chat', specRef: '§7 chatClose' },
  cors: { call: 'OPTIONS, POST', title: 'a page on another origin may call the API', specRef: 'Extensions: CORS' },
} as const;

/** What the catalogue says of a check: every entry names its call, its title and where it is written. */
type Entries<T extends Record<string, { call: string; title: string; specRef: string }>> = T;

/** The stable name of a check (e.g. `send-msg`), for scripts and --json. */
export type CheckId = keyof Entries<typeof CATALOGUE>;
