import { afterEach, describe, expect, it, vi } from 'vitest';
import { decodeChannelInfo } from '../../engine/model/channel';
import { notifyParent } from '../../ui/widget/browserPorts';

const CHANNEL = decodeChannelInfo({ tenantId: 't1', titleDesc: 'Shop' });

/** Makes this window a frame whose parent records what it is posted. */
function framed(referrer: string) {
  const postMessage = vi.fn();
  vi.spyOn(window, 'parent', 'get').mockReturnValue({ postMessage } as unknown as Window);
  vi.spyOn(document, 'referrer', 'get').mockReturnValue(referrer);
  return postMessage;
}

describe('notifyParent (SPEC §2 embedded new-message notice)', () => {
  afterEach(() => vi.restoreAllMocks());

  it('posts the notice to the embedding page’s origin only, never to any origin', () => {
    const postMessage = framed('https://shop.example/products/42?x=1');
    notifyParent(CHANNEL);
    expect(postMessage).toHaveBeenCalledWith({ source: 'visitor-chat', newMessage: true, channel: CHANNEL }, 'https://shop.example');
  });

  it('posts nothing, with a log line, when the embedding page’s origin cannot be told', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const postMessage = framed('');
    notifyParent(CHANNEL);
    expect(postMessage).not.toHaveBeenCalled();
    expect(warn).toHaveBeenCalledTimes(1);
  });

  it('a page that is not framed posts nothing', () => {
    const postMessage = vi.spyOn(window, 'postMessage');
    notifyParent(CHANNEL);
    expect(postMessage).not.toHaveBeenCalled();
  });
});
