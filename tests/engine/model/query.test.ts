import { describe, expect, it } from 'vitest';
import { parseQuery } from '#engine/model/query';

describe('parseQuery (SPEC §2 query parameters)', () => {
  it('SPEC §2: reads every parameter, names lower-cased', () => {
    expect(parseQuery('?ChannelID=c1&PID=p&Params=x&UserName=Ann&EMAIL=a@b.co&Phone=13800000000&GroupId=g&AdminID=a&From=iframe')).toEqual({
      channelId: 'c1',
      pid: 'p',
      params: 'x',
      userName: 'Ann',
      email: 'a@b.co',
      phone: '13800000000',
      groupId: 'g',
      adminId: 'a',
      embedded: true,
    });
  });

  it('SPEC §2: siteid is the fallback of channelid; channelid wins when both are given', () => {
    expect(parseQuery('siteid=s1').channelId).toBe('s1');
    expect(parseQuery('?SiteID=s1&channelid=c1').channelId).toBe('c1');
  });

  it('SPEC §2: empty values count as absent, and only from=iframe means embedded', () => {
    const q = parseQuery('?channelid=&siteid=s1&pid=%20&from=parent');
    expect(q.channelId).toBe('s1');
    expect(q.pid).toBeUndefined();
    expect(q.embedded).toBe(false);
    expect(parseQuery('')).toEqual({ embedded: false });
  });
});
