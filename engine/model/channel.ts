import { ReceiveMode } from './codes';
import { quickRepliesOf, type QuickReply } from './quickReply';
import { avatarUrl, flag, jsonField, object, optNumber, optString, string, type Json } from './decode';

/** An agent group a visitor can pick (SPEC §3 groupConfig). */
export interface AgentGroup {
  id: string;
  name: string;
}

/** A field of the user information form (SPEC §2, §5). */
export interface FormField {
  name: string;
  label: string;
  required: boolean;
}

/** The user information form configuration (SPEC §3 userFormConfig). */
export interface UserFormConfig {
  modal: boolean;
  fields: readonly FormField[];
}

/** Channel info with flags as booleans and JSON fields parsed (SPEC §3). */
export interface ChannelInfo {
  title: string;
  tenantId: string;
  receiveMode: ReceiveMode;
  robotName: string;
  /** The robot's picture (docs/protocol.md "Avatars"): an http(s) URL, or null (its initial shows). */
  robotAvatar: string | null;
  robotWelcome: string | null;
  autoTip: string | null;
  msgToTransfer: boolean;
  /** The FAQ as quick replies (SPEC §3 faqConfig; each may carry the quick reply's whole shape). */
  faq: readonly QuickReply[] | null;
  userForm: UserFormConfig | null;
  groups: readonly AgentGroup[] | null;
  adminOfflineMsg: string | null;
  userQueueMsg: string | null;
  unWorkingMsg: string | null;
  /** Minutes, or null when off. */
  adminTimeout: { minutes: number; msg: string } | null;
  userTimeout: { minutes: number; msg: string } | null;
  userOverMsg: string;
  adminCloseMsg: string | null;
  evaluate: boolean;
  /**
   * (extension; docs/protocol.md "Push") Where the backend pushes event batches: '' at its API's
   * own `events` path, else the stream's URL (absolute, or a path on `apiBase`); null: it offers none.
   */
  eventStream: string | null;
  /**
   * (extension; docs/protocol.md "Card modules") The card components the chat loads from URLs it
   * names, as the backend sent them: `decodeCardModules` reads them (model/cardModules.ts, loaded with
   * the cards that use them, not with the first screen).
   */
  cardModules: unknown;
}

/** The default user form when userFormConfig is missing or bad (SPEC §5 fields). */
export const DEFAULT_USER_FORM: UserFormConfig = {
  modal: true,
  fields: [
    { name: 'userName', label: 'name', required: true },
    { name: 'phone', label: 'phone', required: false },
    { name: 'email', label: 'email', required: false },
  ],
};

/** A text that only counts when its mode flag is on. */
function gated(mode: Json, text: Json, path: string): string | null {
  return flag(mode) ? (optString(text, path) ?? '') : null;
}

function timeout(mode: Json, minutes: Json, msg: Json, path: string): ChannelInfo['adminTimeout'] {
  const m = optNumber(minutes, `${path}Time`);
  if (!flag(mode) || m === undefined || m <= 0) return null;
  return { minutes: m, msg: optString(msg, `${path}Msg`) ?? '' };
}

function decodeGroups(value: Json, log: (msg: string) => void): AgentGroup[] {
  const parsed = jsonField(value);
  if (!Array.isArray(parsed)) {
    if (value !== undefined && value !== null && value !== '') log('channelInfo.groupConfig: not a list, no groups');
    return [];
  }
  return parsed.flatMap((g, i) => {
    if (typeof g !== 'object' || g === null) return [];
    const o = g as Record<string, unknown>;
    const id = optString(o.groupId, `groupConfig[${i}].groupId`);
    if (!id) {
      log(`channelInfo.groupConfig[${i}]: no groupId, dropped`);
      return [];
    }
    const name = optString(o.groupName, 'groupName') || optString(o.name, 'name') || id;
    return [{ id, name }];
  });
}

function decodeFaq(value: Json): QuickReply[] {
  const parsed = jsonField(value);
  if (!Array.isArray(parsed)) return [];
  return quickRepliesOf(parsed);
}

function decodeUserForm(value: Json, log: (msg: string) => void): UserFormConfig {
  const parsed = jsonField(value);
  if (typeof parsed !== 'object' || parsed === null) {
    log('channelInfo.userFormConfig: not JSON, using the default form');
    return DEFAULT_USER_FORM;
  }
  const o = parsed as Record<string, unknown>;
  const fields = Array.isArray(o.fields)
    ? o.fields.flatMap((f): FormField[] => {
        if (typeof f !== 'object' || f === null) return [];
        const r = f as Record<string, unknown>;
        if (typeof r.name !== 'string' || !r.name) return [];
        return [{ name: r.name, label: typeof r.label === 'string' ? r.label : r.name, required: r.required === true }];
      })
    : [];
  return { modal: flag(o.formModal), fields: fields.length ? fields : DEFAULT_USER_FORM.fields };
}

/** `eventStream` read both ways: a flag (on: the default path), or the stream's URL. */
function decodeEventStream(value: Json): string | null {
  if (flag(value)) return '';
  const url = typeof value === 'string' ? value.trim() : '';
  return url === '' || url === '0' || url.toLowerCase() === 'false' ? null : url;
}

/** Normalises channelInfo data (SPEC §3); `log` receives what was dropped. */
export function decodeChannelInfo(value: Json, log: (msg: string) => void = () => {}): ChannelInfo {
  const o = object(value, 'channelInfo');
  const mode = optNumber(o.receiveMode, 'channelInfo.receiveMode');
  return {
    title: optString(o.titleDesc, 'titleDesc') ?? '',
    tenantId: string(o.tenantId, 'channelInfo.tenantId'),
    // SPEC §4 Receive mode: 0 robot first; any other value is treated as 3.
    receiveMode: mode === ReceiveMode.RobotFirst ? ReceiveMode.RobotFirst : ReceiveMode.Agent,
    robotName: optString(o.robotName, 'robotName') ?? '',
    robotAvatar: avatarUrl(o, ['robotAvatar', 'robotHeadImg'], 'channelInfo', log) ?? null,
    robotWelcome: gated(o.robotWelcomeMode, o.robotWelcomeMsg, 'robotWelcomeMsg'),
    autoTip: optString(o.autoTip, 'autoTip') || null,
    msgToTransfer: flag(o.msgToTransferFlag),
    faq: flag(o.faqMode) ? decodeFaq(o.faqConfig) : null,
    userForm: flag(o.userFormMode) ? decodeUserForm(o.userFormConfig, log) : null,
    groups: flag(o.groupMode) ? decodeGroups(o.groupConfig, log) : null,
    adminOfflineMsg: gated(o.adminOfflineMode, o.adminOfflineMsg, 'adminOfflineMsg'),
    userQueueMsg: gated(o.userQueueMode ?? 1, o.userQueueMsg, 'userQueueMsg'),
    unWorkingMsg: gated(o.unWorkingMode, o.unWorkingMsg, 'unWorkingMsg'),
    adminTimeout: timeout(o.adminTimeoutMode, o.adminTimeoutTime, o.adminTimeoutMsg, 'adminTimeout'),
    userTimeout: timeout(o.userTimeoutMode, o.userTimeoutTime, o.userTimeoutMsg, 'userTimeout'),
    userOverMsg: optString(o.userOverMsg, 'userOverMsg') ?? '',
    adminCloseMsg: gated(o.adminCloseMode, o.adminCloseMsg, 'adminCloseMsg'),
    evaluate: flag(o.evaluateMode),
    eventStream: decodeEventStream(o.eventStream),
    cardModules: o.cardModules,
  };
}
