import type { WireChannelInfo, WireGroup } from '../engine/protocol.ts';
import { FLAG_ON, QUEUE_PLACEHOLDER, ReceiveMode, TransferStatus } from '../engine/model/codes.ts';
import { FAQ_QUESTIONS } from './robot.ts';

/** A field of the user information form (the `fields` of userFormConfig, our choice). */
export interface FormField {
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
  offline: agentVariant('offline', 'Support (offline)', { transfer: TransferStatus.Offline }, {
    adminOfflineMode: FLAG_ON,
    adminOfflineMsg: 'All agents are offline right now. Leave us a message and we will get back to you by email.',
  }),
  closed: agentVariant('closed', 'Support (closed)', { transfer: TransferStatus.OutsideHours }, {
    unWorkingMode: FLAG_ON,
    unWorkingMsg: 'We are outside our working hours (Mon–Fri 9:00–18:00). Please leave a message.',
  }),
  groups: agentVariant('groups', 'Support by team', { groups: GROUPS }, { groupMode: FLAG_ON, groupConfig: GROUPS }),
  'single-group': agentVariant('single-group', 'Technical support', { groups: SINGLE_GROUP }, {
    groupMode: FLAG_ON,
    groupConfig: JSON.stringify(SINGLE_GROUP),
  }),
  'no-groups': agentVariant('no-groups', 'Support by team', { groups: [] }, { groupMode: FLAG_ON, groupConfig: [] }),
  timeouts: agentVariant('timeouts', 'Support with timeouts', { agentReplies: false }, {
    adminTimeoutMode: FLAG_ON,
    adminTimeoutTime: 1,
    adminTimeoutMsg: 'The agent has not answered for a while; they may be busy with another visitor.',
    userTimeoutMode: FLAG_ON,
    userTimeoutTime: 1,
    userTimeoutMsg: 'Are you still there? The conversation will end soon without a reply.',
  }),
  form: agentVariant('form', 'Support (please introduce yourself)', { form: FORM }, {
    userFormMode: FLAG_ON,
    userFormConfig: JSON.stringify({ formModal: true, fields: FORM }),
  }),
};

/** The preset of a channel id, if there is one. */
export function findPreset(channelId: string): Preset | undefined {
  return Object.hasOwn(PRESETS, channelId) ? PRESETS[channelId] : undefined;
}
