import { FROM_IFRAME } from './codes';

/** The chat's start parameters from the URL query (SPEC §2). */
export interface ChatQuery {
  /** channelid, or siteid as fallback. */
  channelId?: string;
  pid?: string;
  params?: string;
  userName?: string;
  email?: string;
  phone?: string;
  groupId?: string;
  adminId?: string;
  /**
   * from=iframe: embedded in a parent page that gets new-message notices. Optional in a query you
   * write yourself: left out, the chat is not embedded (parseQuery always sets it).
   */
  embedded?: boolean;
}

/** Reads SPEC §2's query parameters; names are matched lower-cased, empty values count as absent. */
export function parseQuery(search: string): ChatQuery {
  const raw = new URLSearchParams(search);
  const params = new Map<string, string>();
  for (const [name, value] of raw) {
    const key = name.toLowerCase();
    // The first non-empty value of a name wins, whatever its case.
    if (value.trim() !== '' && !params.has(key)) params.set(key, value.trim());
  }
  return {
    channelId: params.get('channelid') ?? params.get('siteid'),
    pid: params.get('pid'),
    params: params.get('params'),
    userName: params.get('username'),
    email: params.get('email'),
    phone: params.get('phone'),
    groupId: params.get('groupid'),
    adminId: params.get('adminid'),
    embedded: params.get('from') === FROM_IFRAME,
  };
}
