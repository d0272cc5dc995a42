import type { WireChannelInfo, WireGroup, WireMessage } from '../engine/protocol.ts';
import { FLAG_ON, MsgType, QUEUE_PLACEHOLDER, ReceiveMode, SenderType, TransferStatus } from '../engine/model/codes.ts';
import { SHOWCASE_CARD_MODULES } from './cardModules.ts';
import { HELP_TOPICS, RECOMMENDATIONS, SHOWCASE_CARDS } from './cards.ts';
import { FAQ_QUESTIONS } from './robot.ts';
import { sampleUrl } from './samples.ts';

/** A field of the user information form (the `fields` of userFormConfig, our choice). */
interface FormField {
  name: string;
  label: string;
  required: boolean;
}

/** A demo channel: what channelInfo returns plus how the simulated back office behaves. */
export interface Preset {
  channel: WireChannelInfo;
  /** The status transferAgent answers. */
  transfer: TransferStatus;
  /** Whether the simulated agent answers visitor messages by itself. */
  agentReplies: boolean;
  /** The agent groups, when the channel has group mode on. */
  groups?: WireGroup[];
  /** The user information form, when the channel has form mode on. */
  form?: FormField[];
  /** History a new visitor of the channel starts with, oldest first. */
  seed?: () => SeedMessage[];
  /** Size of the first history page whatever the request asks (the bench's 10,000 at once). */
  firstPage?: number;
}

/** A seeded history message: its fields, and how long before the visitor's first visit it was written. */
type SeedMessage = Omit<WireMessage, 'id' | 'userId' | 'msgTime'> & { agoMs: number };

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;

/** The `showcase` history: one message of every kind the widget shows (SPEC §3), yesterday and today. */
function showcaseHistory(): SeedMessage[] {
  const visitor = { senderType: SenderType.Visitor };
  const agent = { senderType: SenderType.Agent, senderName: 'Alice' };
  const robot = { senderType: SenderType.Robot, senderName: 'Robo' };
  const system = { senderType: SenderType.System, msgType: MsgType.SystemText };
  return [
    { ...system, agoMs: 26 * HOUR_MS, msgContent: 'Welcome to the showcase: every kind of message the widget shows.' },
    { ...visitor, agoMs: 26 * HOUR_MS - MINUTE_MS, msgType: MsgType.Text, msgContent: 'Hi! Do you have a size guide for the hiking boots?' },
    {
      ...agent,
      agoMs: 26 * HOUR_MS - 2 * MINUTE_MS,
      msgType: MsgType.Text,
      msgContent: 'Sure! The sizes are on https://example.com/sizes and here is the guide as a file:',
    },
    {
      ...agent,
      agoMs: 26 * HOUR_MS - 2 * MINUTE_MS + 1_000,
      msgType: MsgType.File,
      msgContent: 'size-guide.txt',
      fileName: 'size-guide.txt',
      fileSize: 1_536,
      fileUrl: sampleUrl('showcase-size-guide.txt'),
    },
    { ...visitor, agoMs: 2 * HOUR_MS, msgType: MsgType.Image, msgContent: '', fileName: 'mountains.svg', fileUrl: sampleUrl('showcase-photo.svg') },
    {
      ...agent,
      agoMs: 2 * HOUR_MS - MINUTE_MS,
      msgType: MsgType.Audio,
      msgContent: '',
      fileName: 'voice.wav',
      audioDuration: 2,
      fileUrl: sampleUrl('showcase-voice.wav'),
    },
    { ...agent, agoMs: 2 * HOUR_MS - 2 * MINUTE_MS, msgType: MsgType.Video, msgContent: '', fileName: 'clip.webm', fileUrl: sampleUrl('showcase-clip.webm') },
    { ...system, agoMs: HOUR_MS, msgContent: 'Alice left the conversation.' },
    {
      ...robot,
      agoMs: 30 * MINUTE_MS,
      msgType: MsgType.AutoTip,
      msgContent: 'Tip: ask about shipping, returns or payment, or type “human” to reach an agent.',
    },
    { ...visitor, agoMs: 29 * MINUTE_MS, msgType: MsgType.Text, msgContent: 'How long does shipping take?' },
    {
      ...robot,
      agoMs: 29 * MINUTE_MS - 3_000,
      msgType: MsgType.Answer,
      msgContent: 'Standard shipping takes 3–5 business days, express 1–2. You get a tracking link by email as soon as your order ships.',
    },
    { ...visitor, agoMs: 20 * MINUTE_MS, msgType: MsgType.Text, msgContent: 'What else can you do?' },
    { ...robot, agoMs: 20 * MINUTE_MS - 2_000, msgType: MsgType.Faq, msgContent: `These are the questions I can help with: ${FAQ_QUESTIONS.join(' · ')}` },
    { ...visitor, agoMs: 10 * MINUTE_MS, msgType: MsgType.LeaveMessage, msgContent: 'Please call me back tomorrow about order #1042.' },
    // Every card kind (docs/protocol.md "Cards"); msgContent as JSON text, the chosen reading.
    { ...visitor, agoMs: 9 * MINUTE_MS, msgType: MsgType.Text, msgContent: 'Can you recommend some gear for a hike?' },
    { ...robot, agoMs: 9 * MINUTE_MS - 2_000, msgType: MsgType.Card, msgContent: JSON.stringify(RECOMMENDATIONS) },
    { ...agent, agoMs: 8 * MINUTE_MS, msgType: MsgType.Card, msgContent: JSON.stringify(SHOWCASE_CARDS.goods) },
    { ...agent, agoMs: 8 * MINUTE_MS - 1_000, msgType: MsgType.Card, msgContent: JSON.stringify(SHOWCASE_CARDS.file) },
    { ...agent, agoMs: 7 * MINUTE_MS, msgType: MsgType.Card, msgContent: JSON.stringify(SHOWCASE_CARDS.custom) },
    { ...visitor, agoMs: 6 * MINUTE_MS, msgType: MsgType.Text, msgContent: 'Show me the help topics' },
    { ...robot, agoMs: 6 * MINUTE_MS - 2_000, msgType: MsgType.Card, msgContent: JSON.stringify(HELP_TOPICS) },
  ];
}

/** Messages of the `bench` history, and of the short one of `bench100`. */
const BENCH_SIZE = 10_000;
const BENCH_SHORT_SIZE = 100;
const BENCH_TEXTS = [
  'Hello, is my order on its way?',
  'Yes, it left our warehouse this morning and should arrive within two business days.',
  'Great, thanks!',
  'You are welcome. Is there anything else I can help you with today? Our support team is here Monday to Friday.',
];

/** A bench history: `size` alternating visitor and agent texts a minute apart, the newest ending in `(#size)`. */
function benchHistory(size: number): SeedMessage[] {
  return Array.from({ length: size }, (_, i) => ({
    senderType: i % 2 === 0 ? SenderType.Visitor : SenderType.Agent,
    senderName: i % 2 === 0 ? undefined : 'Alice',
    msgType: MsgType.Text,
    msgContent: `${BENCH_TEXTS[i % BENCH_TEXTS.length] ?? ''} (#${i + 1})`,
    agoMs: (size - i) * MINUTE_MS,
  }));
}

/** Texts and flags every channel with human agents shares. */
const AGENT_CHANNEL: Omit<WireChannelInfo, 'tenantId'> = {
  receiveMode: ReceiveMode.Agent,
  userQueueMode: FLAG_ON,
  userQueueMsg: `You are number ${QUEUE_PLACEHOLDER} in the queue. An agent will be with you shortly.`,
  userOverMsg: 'You ended the conversation. Thank you for chatting with us!',
  adminCloseMode: FLAG_ON,
  adminCloseMsg: 'The agent has closed the conversation. Thank you for chatting with us!',
  evaluateMode: FLAG_ON,
};

/** A bench channel (`npm run bench`): robot first, its whole history of `size` messages in the first page. */
function benchPreset(tenantId: string, size: number): Preset {
  return {
    channel: {
      ...AGENT_CHANNEL,
      tenantId,
      titleDesc: `Benchmark (${size.toLocaleString('en')} messages)`,
      receiveMode: ReceiveMode.RobotFirst,
      robotName: 'Robo',
    },
    transfer: TransferStatus.Success,
    agentReplies: true,
    seed: () => benchHistory(size),
    firstPage: size,
  };
}

const AGENT: Preset = { channel: { ...AGENT_CHANNEL, tenantId: 'agent', titleDesc: 'Live support' }, transfer: TransferStatus.Success, agentReplies: true };

const GROUPS: WireGroup[] = [
  { groupId: 'sales', groupName: 'Sales' },
  { groupId: 'support', groupName: 'Technical support' },
  { groupId: 'billing', groupName: 'Billing' },
];

/** `name` instead of groupName, as a JSON string: the other shapes the wire allows. */
const SINGLE_GROUP: WireGroup[] = [{ groupId: 'support', name: 'Technical support' }];

const FORM: FormField[] = [
  { name: 'name', label: 'Name', required: true },
  { name: 'phone', label: 'Phone', required: false },
  { name: 'email', label: 'Email', required: false },
];

/** Builds an agent-side preset from `agent` with its own tenant, title and overrides. */
function agentVariant(id: string, titleDesc: string, overrides: Partial<Omit<Preset, 'channel'>>, channel: Partial<WireChannelInfo> = {}): Preset {
  return { ...AGENT, ...overrides, channel: { ...AGENT.channel, tenantId: id, titleDesc, ...channel } };
}

/** The demo channels by channel id; each its own tenant so visitor ids never mix across them. */
export const PRESETS: Readonly<Record<string, Preset>> = {
  demo: {
    channel: {
      ...AGENT_CHANNEL,
      tenantId: 'demo',
      titleDesc: 'Demo shop support',
      receiveMode: ReceiveMode.RobotFirst,
      robotName: 'Robo',
      robotWelcomeMode: FLAG_ON,
      robotWelcomeMsg: "Hi! I'm Robo, the demo shop's assistant. Ask me anything or pick a question below.",
      autoTip: 'Tip: ask about shipping, returns or payment.',
      faqMode: FLAG_ON,
      faqConfig: JSON.stringify(FAQ_QUESTIONS.map((question) => ({ question }))),
    },
    transfer: TransferStatus.Success,
    agentReplies: true,
  },
  agent: AGENT,
  queue: agentVariant('queue', 'Busy support', { transfer: TransferStatus.Queued }),
  offline: agentVariant(
    'offline',
    'Support (offline)',
    { transfer: TransferStatus.Offline },
    {
      adminOfflineMode: FLAG_ON,
      adminOfflineMsg: 'All agents are offline right now. Leave us a message and we will get back to you by email.',
    },
  ),
  closed: agentVariant(
    'closed',
    'Support (closed)',
    { transfer: TransferStatus.OutsideHours },
    {
      unWorkingMode: FLAG_ON,
      unWorkingMsg: 'We are outside our working hours (Mon–Fri 9:00–18:00). Please leave a message.',
    },
  ),
  groups: agentVariant('groups', 'Support by team', { groups: GROUPS }, { groupMode: FLAG_ON, groupConfig: GROUPS }),
  'single-group': agentVariant(
    'single-group',
    'Technical support',
    { groups: SINGLE_GROUP },
    {
      groupMode: FLAG_ON,
      groupConfig: JSON.stringify(SINGLE_GROUP),
    },
  ),
  'no-groups': agentVariant('no-groups', 'Support by team', { groups: [] }, { groupMode: FLAG_ON, groupConfig: [] }),
  timeouts: agentVariant(
    'timeouts',
    'Support with timeouts',
    { agentReplies: false },
    {
      adminTimeoutMode: FLAG_ON,
      adminTimeoutTime: 1,
      adminTimeoutMsg: 'The agent has not answered for a while; they may be busy with another visitor.',
      userTimeoutMode: FLAG_ON,
      userTimeoutTime: 1,
      userTimeoutMsg: 'Are you still there? The conversation will end soon without a reply.',
    },
  ),
  form: agentVariant(
    'form',
    'Support (please introduce yourself)',
    { form: FORM },
    {
      userFormMode: FLAG_ON,
      userFormConfig: JSON.stringify({ formModal: true, fields: FORM }),
    },
  ),
  'form-inline': agentVariant(
    'form-inline',
    'Support (please introduce yourself)',
    { form: FORM },
    {
      userFormMode: FLAG_ON,
      userFormConfig: JSON.stringify({ formModal: false, fields: FORM }),
    },
  ),
  showcase: {
    channel: {
      ...AGENT_CHANNEL,
      tenantId: 'showcase',
      titleDesc: 'Showcase: every message kind',
      receiveMode: ReceiveMode.RobotFirst,
      robotName: 'Robo',
      faqMode: FLAG_ON,
      faqConfig: JSON.stringify(FAQ_QUESTIONS.map((question) => ({ question }))),
      cardModules: JSON.stringify(SHOWCASE_CARD_MODULES),
    },
    transfer: TransferStatus.Success,
    agentReplies: true,
    seed: showcaseHistory,
  },
  bench: benchPreset('bench', BENCH_SIZE),
  // The short transcript of the bench's list table (what most visitors open), of the same kind.
  bench100: benchPreset('bench100', BENCH_SHORT_SIZE),
};

/** The preset of a channel id, if there is one. */
export function findPreset(channelId: string): Preset | undefined {
  return Object.hasOwn(PRESETS, channelId) ? PRESETS[channelId] : undefined;
}
