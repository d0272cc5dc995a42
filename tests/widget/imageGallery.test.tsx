import { fireEvent, screen } from '@testing-library/react';
import { of } from 'rxjs';
import { describe, expect, it, vi } from 'vitest';
import { MsgType, SenderType, type ChatEngine } from '@visitor-chat/chat-engine';
import type { WireMessage } from '#engine/protocol';
import { MessageContent } from '../../ui/widget/components/MessageContent';
import { hookApi, testEngine } from '../hooks/strictMode';
import { renderUi } from './renderUi';

/** A conversation with three images (and a text between them), from the history. */
const picture = (i: number, fields: Partial<WireMessage> = {}): WireMessage => ({
  id: `p${i}`,
  senderType: SenderType.Agent,
  senderName: 'Ann',
  msgType: MsgType.Image,
  msgContent: '',
  fileUrl: `/files/photo-${i}.png`,
  msgTime: 1_700_000_000_000 + i * 1_000,
  ...fields,
});
const HISTORY: WireMessage[] = [
  picture(1),
  { id: 't1', senderType: SenderType.Visitor, msgType: MsgType.Text, msgContent: 'Nice', msgTime: 1_700_000_001_500 },
  picture(2, { msgContent: 'The back of the box' }),
  picture(3, { senderType: SenderType.Visitor, senderName: undefined }),
];

async function openAt(id: string, locale = 'en'): Promise<{ engine: ChatEngine; viewer: HTMLElement }> {
  const { engine } = testEngine({ api: hookApi({ getHistoryMsg: () => of(HISTORY) }) });
  const { rerender } = renderUi(<p />, { engine, locale });
  const message = await vi.waitFor(() => {
    const found = engine.getSnapshot().messages.find((m) => m.id === id);
    if (!found) throw new Error(`no message ${id} yet`);
    return found;
  });
  rerender(<MessageContent message={message} />);
  fireEvent.click(screen.getByRole('button', { name: 'Open image full size' }));
  return { engine, viewer: await screen.findByRole('dialog') };
}

const shownSrc = (viewer: HTMLElement) => viewer.querySelector('img')?.getAttribute('src');

describe('the image viewer is a gallery of the conversation’s images (issue 26)', () => {
  it('opens at the image tapped, "n of m"; Previous and Next (disabled at the ends) step through the images, each named by its alt text', async () => {
    const { viewer } = await openAt('p2');
    expect(shownSrc(viewer)).toBe('/files/photo-2.png');
    expect(viewer.getAttribute('aria-label')).toBe('The back of the box');
    expect(screen.getByText('2 of 3')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(shownSrc(viewer)).toBe('/files/photo-3.png');
    expect(viewer.getAttribute('aria-label')).toBe('Image');
    expect(screen.getByText('3 of 3')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Next' }).hasAttribute('disabled')).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Previous' }));
    fireEvent.click(screen.getByRole('button', { name: 'Previous' }));
    expect(shownSrc(viewer)).toBe('/files/photo-1.png');
    expect(viewer.getAttribute('aria-label')).toBe('Image sent by Ann');
    expect(screen.getByRole('button', { name: 'Previous' }).hasAttribute('disabled')).toBe(true);
  });

  it('the arrow keys step (the way the line runs), and a swipe of SPEC §9’s 20 px does; a shorter move does not', async () => {
    const { viewer } = await openAt('p1');
    fireEvent.keyDown(viewer, { key: 'ArrowRight' });
    expect(shownSrc(viewer)).toBe('/files/photo-2.png');
    fireEvent.keyDown(viewer, { key: 'ArrowLeft' });
    expect(shownSrc(viewer)).toBe('/files/photo-1.png');
    fireEvent.pointerDown(viewer, { clientX: 200 });
    fireEvent.pointerUp(viewer, { clientX: 181 });
    expect(shownSrc(viewer)).toBe('/files/photo-1.png');
    fireEvent.pointerDown(viewer, { clientX: 200 });
    fireEvent.pointerUp(viewer, { clientX: 180 });
    expect(shownSrc(viewer)).toBe('/files/photo-2.png');
    fireEvent.pointerDown(viewer, { clientX: 100 });
    fireEvent.pointerUp(viewer, { clientX: 160 });
    expect(shownSrc(viewer)).toBe('/files/photo-1.png');
  });

  it('in a right-to-left language the arrows turn: ArrowLeft goes on', async () => {
    const { viewer } = await openAt('p1', 'ar-EG');
    fireEvent.keyDown(viewer, { key: 'ArrowLeft' });
    expect(shownSrc(viewer)).toBe('/files/photo-2.png');
  });
});
