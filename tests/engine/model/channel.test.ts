import { describe, expect, it, vi } from 'vitest';
import { decodeCardModules, MAX_CARD_MODULES } from '#engine/model/cardModules';
import { DEFAULT_USER_FORM, decodeChannelInfo } from '#engine/model/channel';
import { ReceiveMode } from '#engine/model/codes';
import { DecodeError } from '#engine/model/decode';

describe('decodeChannelInfo (SPEC §3 Channel info)', () => {
  it('SPEC §3: flags 1, "1" and true are on; 0, "0", false and absent are off', () => {
    for (const on of [1, '1', true]) expect(decodeChannelInfo({ tenantId: 't', evaluateMode: on }).evaluate).toBe(true);
    for (const off of [0, '0', false, undefined, 2]) expect(decodeChannelInfo({ tenantId: 't', evaluateMode: off }).evaluate).toBe(false);
    expect(decodeChannelInfo({ tenantId: 't', msgToTransferFlag: '1' }).msgToTransfer).toBe(true);
  });

  it('SPEC §3: a text gated by a mode flag counts only when the flag is on', () => {
    expect(decodeChannelInfo({ tenantId: 't', robotWelcomeMode: '1', robotWelcomeMsg: 'Hi' }).robotWelcome).toBe('Hi');
    expect(decodeChannelInfo({ tenantId: 't', robotWelcomeMode: 0, robotWelcomeMsg: 'Hi' }).robotWelcome).toBeNull();
  });

  it('SPEC §4 Receive mode: 0 (or "0") is robot first; any other value is treated as 3', () => {
    expect(decodeChannelInfo({ tenantId: 't', receiveMode: 0 }).receiveMode).toBe(ReceiveMode.RobotFirst);
    expect(decodeChannelInfo({ tenantId: 't', receiveMode: '0' }).receiveMode).toBe(ReceiveMode.RobotFirst);
    for (const mode of [1, 2, 3, 7, '5']) expect(decodeChannelInfo({ tenantId: 't', receiveMode: mode }).receiveMode).toBe(ReceiveMode.Agent);
  });

  it('SPEC §3 groupConfig: a group is named by groupName, else name, else its id; an entry without groupId is dropped with a log line', () => {
    const log = vi.fn<(msg: string) => void>();
    const info = decodeChannelInfo(
      {
        tenantId: 't',
        groupMode: 1,
        groupConfig: JSON.stringify([
          { groupId: 'g1', groupName: 'Sales', name: 'ignored' },
          { groupId: 'g2', name: 'Support' },
          { groupId: 3 },
          { name: 'orphan' },
        ]),
      },
      log,
    );
    expect(info.groups).toEqual([
      { id: 'g1', name: 'Sales' },
      { id: 'g2', name: 'Support' },
      { id: '3', name: '3' },
    ]);
    expect(log).toHaveBeenCalledWith(expect.stringMatching(/groupConfig\[3\]: no groupId/));
    expect(decodeChannelInfo({ tenantId: 't', groupMode: 0, groupConfig: '[{"groupId":"g1"}]' }).groups).toBeNull();
  });

  it('SPEC §3 userFormConfig: bad JSON gives the default form with a log line; formModal decides modal or inline', () => {
    const log = vi.fn<(msg: string) => void>();
    expect(decodeChannelInfo({ tenantId: 't', userFormMode: 1, userFormConfig: '{not json' }, log).userForm).toEqual(DEFAULT_USER_FORM);
    expect(log).toHaveBeenCalledWith(expect.stringMatching(/userFormConfig/));
    expect(decodeChannelInfo({ tenantId: 't', userFormMode: 1, userFormConfig: '{"formModal":0}' }).userForm).toEqual({
      modal: false,
      fields: DEFAULT_USER_FORM.fields,
    });
    expect(decodeChannelInfo({ tenantId: 't', userFormMode: 1, userFormConfig: '{"formModal":"1"}' }).userForm?.modal).toBe(true);
    expect(decodeChannelInfo({ tenantId: 't', userFormMode: 0, userFormConfig: '{"formModal":1}' }).userForm).toBeNull();
  });

  it('SPEC §3: a channel without tenantId, or not an object, is rejected', () => {
    expect(() => decodeChannelInfo({ titleDesc: 'x' })).toThrow(DecodeError);
    expect(() => decodeChannelInfo(null)).toThrow(DecodeError);
  });

  it('cardModules (extension, docs/protocol.md "Card modules"), kept as sent and read by decodeCardModules: a map of code to URL or a list of {code, url}, as JSON text or the value; bad entries dropped with a log line', () => {
    const log = vi.fn<(msg: string) => void>();
    const expected = [
      { code: 'order-status', url: 'https://cards.example/order-status.js' },
      { code: 'poll', url: '/cards/poll.js' },
    ];
    expect(decodeCardModules(decodeChannelInfo({ tenantId: 't' }).cardModules)).toEqual([]);
    const map = { 'order-status': 'https://cards.example/order-status.js', poll: '/cards/poll.js' };
    expect(decodeCardModules(decodeChannelInfo({ tenantId: 't', cardModules: map }).cardModules)).toEqual(expected);
    expect(decodeCardModules(JSON.stringify(expected))).toEqual(expected);
    const bad = decodeCardModules(
      decodeChannelInfo({
        tenantId: 't',
        cardModules: [
          { code: 'a', url: 'javascript:alert(1)' },
          { code: 'b', url: '//evil.test/x.js' },
          { code: 'c', url: 'data:text/javascript,alert(1)' },
          { url: 'https://cards.example/x.js' },
          'x',
          { code: ' ok ', url: 'https://cards.example/ok.js' },
        ],
      }).cardModules,
      log,
    );
    expect(bad).toEqual([{ code: 'ok', url: 'https://cards.example/ok.js' }]);
    expect(log).toHaveBeenCalledTimes(5);
    expect(decodeCardModules('not json', log)).toEqual([]);
    const many = Object.fromEntries(Array.from({ length: 30 }, (_, i) => [`c${i}`, `/cards/${i}.js`]));
    expect(decodeCardModules(many)).toHaveLength(MAX_CARD_MODULES);
  });
});
