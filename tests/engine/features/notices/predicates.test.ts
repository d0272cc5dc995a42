import { describe, expect, it } from 'vitest';
import { isEmptySystemMessage } from '#engine/features/notices/predicates';
import { SenderType } from '#engine/model/codes';
import { noticeLine, systemLine, textLine } from '../../support/agentSide';

describe('notices predicates (SPEC §5 an empty system message is ignored)', () => {
  it('SPEC §5 isEmptySystemMessage: a system message with empty or blank text and no notice', () => {
    expect(isEmptySystemMessage(systemLine('s1', '', 0))).toBe(true);
    expect(isEmptySystemMessage(systemLine('s1', ' \n\t', 0))).toBe(true);
    expect(isEmptySystemMessage(systemLine('s1', 'We are closed', 0))).toBe(false);
  });

  it('an engine notice is never empty: the UI words it, whatever its fallback text', () => {
    expect(isEmptySystemMessage({ ...noticeLine('s1', 'noAgentOnline', 0), msgContent: '' })).toBe(false);
  });

  it("other senders' messages are never empty system messages, blank or not", () => {
    expect(isEmptySystemMessage(textLine('a1', ''))).toBe(false);
    expect(isEmptySystemMessage(textLine('v1', '  ', 0, SenderType.Visitor))).toBe(false);
    expect(isEmptySystemMessage(textLine('r1', '', 0, SenderType.Robot))).toBe(false);
  });
});
