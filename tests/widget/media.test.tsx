import { act, fireEvent, screen, within } from '@testing-library/react';

import { beforeAll, describe, expect, it } from 'vitest';
import { MessageStatus, MsgType, SenderType, createChatEngine, memoryStorage, type ChatEngine, type ChatMessage } from '@visitor-chat/chat-engine';
import { createMessage } from '#engine/model/message';
import { Composer } from '../../ui/widget/components/Composer';
import { MessageContent } from '../../ui/widget/components/MessageContent';
import { hookApi, testEngine } from '../hooks/strictMode';
import { renderUi, settle } from './renderUi';

// Voice input and the players and file cards are lazy chunks of the widget: load their modules once,
// so that they show as soon as a render settles.
beforeAll(async () => {
  await Promise.all(['VoiceInput', 'MessageMedia'].map((name) => import(`../../ui/widget/components/${name}.tsx`)));
});

/** A file message is shown in a chat: its delivery (upload, fail) is read from the engine. */
const inChat = () => ({ engine: testEngine().engine });

const file = (name: string, size = 3, type = '') => new File([new Uint8Array(size)], name, { type });

function visitorFile(fields: Partial<ChatMessage>): ChatMessage {
  return createMessage({ id: 'f1', senderType: SenderType.Visitor, msgType: MsgType.File, msgContent: '', createdAt: 0, ...fields });
}

/** The visitor's own messages in the conversation (a robot answer follows each in robot mode). */
const visitorMessages = (engine: ChatEngine) => engine.getSnapshot().messages.filter((m) => m.senderType === SenderType.Visitor);

describe('Composer media', () => {
  it('the attach button’s picker sends the chosen file', () => {
    const { engine, fake } = testEngine();
    const { container } = renderUi(<Composer />, { engine });
    expect(screen.getByRole('button', { name: 'Attach a file' })).toBeTruthy();
    const input = container.querySelector<HTMLInputElement>('input[type=file]');
    expect(input).not.toBeNull();

    fireEvent.change(input as HTMLInputElement, { target: { files: [file('report.pdf')] } });

    // The visitor's messages: the one file (the robot's answer to it awaits under it, SPEC §4 Receive mode 0).
    expect(visitorMessages(engine).map((m) => [m.msgType, m.fileName])).toEqual([[MsgType.File, 'report.pdf']]);
    expect(fake.count('upload')).toBe(1);
  });

  it('a file over the limit shows a clear error, dismissible (the alert loads on demand, whole)', async () => {
    const engine = createChatEngine({ api: hookApi().api, query: '?channelid=demo', storage: memoryStorage(), maxFileSize: 1024 });
    const { container } = renderUi(<Composer />, { engine });
    fireEvent.change(container.querySelector('input[type=file]') as HTMLInputElement, { target: { files: [file('movie.mp4', 4096)] } });

    expect((await screen.findByRole('alert')).textContent).toBe('“movie.mp4” is too large to send. Files can be up to 1\u00a0kB.');
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByRole('alert')).toBeNull();
    engine.dispose();
  });

  it('a pasted image asks "Send photo" with Send and Cancel; Send sends it', async () => {
    const { engine } = testEngine();
    renderUi(<Composer />, { engine });
    fireEvent.paste(screen.getByRole('textbox', { name: 'Message' }), { clipboardData: { files: [file('image.png', 3, 'image/png')] } });

    // The confirmation is loaded on demand, so it appears after its chunk.
    const dialog = await screen.findByRole('dialog', { name: 'Send photo' });
    expect(dialog).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send' }));

    expect(screen.queryByRole('dialog', { name: 'Send photo' })).toBeNull();
    expect(visitorMessages(engine).map((m) => m.msgType)).toEqual([MsgType.Image]);
  });

  it('Cancel on the paste confirmation sends nothing', async () => {
    const { engine } = testEngine();
    renderUi(<Composer />, { engine });
    fireEvent.paste(screen.getByRole('textbox', { name: 'Message' }), { clipboardData: { files: [file('image.png', 3, 'image/png')] } });
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(engine.getSnapshot().messages).toEqual([]);
  });

  it('the composer toggles to voice input: a Hold to talk button, and back to the text field', async () => {
    const { engine } = testEngine();
    renderUi(<Composer />, { engine });
    fireEvent.click(screen.getByRole('button', { name: 'Switch to voice input' }));
    // In its place at once; pressable once the recorder's chunk has arrived.
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Hold to talk' }).disabled).toBe(true);
    await settle();
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Hold to talk' }).disabled).toBe(false);
    expect(screen.queryByRole('textbox')).toBeNull();
    // jsdom cannot record: pressing says so instead of failing silently.
    fireEvent.pointerDown(screen.getByRole('button', { name: 'Hold to talk' }), { button: 0, clientY: 100 });
    expect((await screen.findByRole('alert')).textContent).toBe('Voice messages are not available in this browser.');
    fireEvent.click(screen.getByRole('button', { name: 'Switch to keyboard input' }));
    expect(screen.getByRole('textbox', { name: 'Message' })).toBeTruthy();
  });
});

describe('MessageContent media', () => {
  it('a file still uploading shows its name, size and an upload bar with the percent', async () => {
    renderUi(
      <MessageContent
        message={visitorFile({ fileName: 'report.pdf', fileSize: 2048, status: MessageStatus.Pending, upload: { file: new Blob(), progress: 0.42 } })}
      />,
      inChat(),
    );
    await settle();
    expect(screen.getByText('report.pdf')).toBeTruthy();
    expect(screen.getByText('2 kB')).toBeTruthy();
    expect(screen.getByRole('progressbar', { name: 'Uploading' }).getAttribute('aria-valuenow')).toBe('42');
  });

  it('without progress events the bar is indeterminate; a sent file shows none and offers the download', async () => {
    const { rerender } = renderUi(
      <MessageContent message={visitorFile({ fileName: 'a.zip', status: MessageStatus.Pending, upload: { file: new Blob() } })} />,
      inChat(),
    );
    await settle();
    expect(screen.getByRole('progressbar').getAttribute('aria-valuenow')).toBeNull();
    rerender(<MessageContent message={visitorFile({ fileName: 'a.zip', status: MessageStatus.Sent, fileUrl: '/api/chat/visitor/files/x.zip' })} />);
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(screen.getByRole('link', { name: 'Download' }).getAttribute('href')).toBe('/api/chat/visitor/files/x.zip');
  });

  it('an image opens full size in a viewer; Escape closes it and focus returns to the image', async () => {
    renderUi(<MessageContent message={visitorFile({ msgType: MsgType.Image, fileName: 'cat.png', fileUrl: '/files/cat.png' })} />, inChat());
    const thumb = screen.getByRole('button', { name: 'Open image full size' });
    thumb.focus();
    fireEvent.click(thumb);

    // Named as an image the visitor sent, not by its file name.
    const viewer = await screen.findByRole('dialog', { name: 'Image' });
    expect(viewer.querySelector('img')?.getAttribute('src')).toBe('/files/cat.png');
    // The only image (not one of the conversation's): no gallery steps, no count.
    expect(within(viewer).queryByRole('button', { name: 'Next' })).toBeNull();
    expect(within(viewer).queryByText(/ of /)).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Close' }));
    act(() => void viewer.dispatchEvent(new Event('cancel', { cancelable: true })));

    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(thumb);
  });

  it('a file being sent shows the local preview', () => {
    renderUi(
      <MessageContent
        message={visitorFile({
          msgType: MsgType.Image,
          fileName: 'cat.png',
          localUrl: 'blob:http://x/1',
          upload: { file: new Blob() },
          status: MessageStatus.Pending,
        })}
      />,
      inChat(),
    );
    expect(screen.getByRole('img', { name: 'Image' }).getAttribute('src')).toBe('blob:http://x/1');
  });

  it('an image being sent with its preview shows the upload bar beside it (loaded on demand), gone once sent', async () => {
    const image = { msgType: MsgType.Image, fileName: 'cat.png', localUrl: 'blob:http://x/1' };
    const { rerender } = renderUi(
      <MessageContent message={visitorFile({ ...image, upload: { file: new Blob(), progress: 0.5 }, status: MessageStatus.Pending })} />,
      inChat(),
    );
    expect((await screen.findByRole('progressbar', { name: 'Uploading' })).getAttribute('aria-valuenow')).toBe('50');
    rerender(<MessageContent message={visitorFile({ ...image, status: MessageStatus.Sent, fileUrl: '/files/cat.png' })} />);
    expect(screen.queryByRole('progressbar')).toBeNull();
  });

  it('a file name that hides its extension with a right-to-left override shows its real name, left to right', async () => {
    renderUi(<MessageContent message={visitorFile({ fileName: 'invoice\u202Efdp.exe', status: MessageStatus.Sent, fileUrl: '/files/x' })} />, inChat());
    await settle();
    expect(screen.getByText('invoicefdp.exe')).toBeTruthy();
    const name = screen.getByTitle('invoicefdp.exe');
    expect(name.getAttribute('dir')).toBe('ltr');
    expect(screen.getByRole('link', { name: 'Download' }).getAttribute('download')).toBe('invoicefdp.exe');
  });

  it('bidi isolates and marks are removed from a file name too', async () => {
    renderUi(<MessageContent message={visitorFile({ fileName: 'report\u2067\u200Ffdp.exe\u2069' })} />, inChat());
    await settle();
    expect(screen.getByText('reportfdp.exe')).toBeTruthy();
  });

  it('a right-to-left file name without controls is shown as it is', async () => {
    renderUi(<MessageContent message={visitorFile({ fileName: 'فاتورة.pdf' })} />, inChat());
    await settle();
    expect(screen.getByText('فاتورة.pdf')).toBeTruthy();
  });

  it('an image or a video named with bidi controls is labelled without them', async () => {
    const { unmount } = renderUi(
      <MessageContent message={visitorFile({ msgType: MsgType.Image, fileName: 'cat\u202Egnp.exe', fileUrl: '/files/cat' })} />,
      inChat(),
    );
    await settle();
    // An image is not named by its file at all (its text, or who sent it).
    expect(screen.getByRole('img', { name: 'Image' })).toBeTruthy();
    unmount();
    const { container } = renderUi(
      <MessageContent message={visitorFile({ msgType: MsgType.Video, fileName: 'clip\u202E4pm.exe', fileUrl: '/files/clip' })} />,
      inChat(),
    );
    await settle();
    expect(container.querySelector('video')?.getAttribute('aria-label')).toBe('clip4pm.exe');
  });

  it('a name made only of bidi controls falls back like a missing name', () => {
    renderUi(<MessageContent message={visitorFile({ msgType: MsgType.Image, fileName: '\u202E\u202C', fileUrl: '/files/cat' })} />, inChat());
    expect(screen.getByRole('img', { name: 'Image' })).toBeTruthy();
  });

  it('a leave-message text is isolated (dir="auto"), so its bidi characters cannot reorder the button after it', () => {
    const { container } = renderUi(
      <MessageContent
        message={createMessage({ id: 'l1', senderType: SenderType.System, msgType: MsgType.LeaveMessage, msgContent: 'اترك رسالة\u202E', createdAt: 0 })}
      />,
      { engine: testEngine().engine },
    );
    expect(container.querySelector('.content-leave')?.getAttribute('dir')).toBe('auto');
  });

  it('a text message is isolated (dir="auto") and keeps its bidi characters', () => {
    const text = 'שלום \u202Bעולם';
    const { container } = renderUi(
      <MessageContent message={createMessage({ id: 't1', senderType: SenderType.Agent, msgType: MsgType.Text, msgContent: text, createdAt: 0 })} />,
      inChat(),
    );
    const span = container.querySelector('.content-text');
    expect(span?.getAttribute('dir')).toBe('auto');
    expect(span?.textContent).toBe(text);
  });
});

describe('MessageContent: voice and images', () => {
  it('a voice bubble shows one duration, the recorded one, next to a play button (no second player duration)', () => {
    const m = createMessage({
      id: 'a1',
      senderType: SenderType.Agent,
      senderName: 'Alice',
      msgType: MsgType.Audio,
      msgContent: '',
      fileUrl: 'https://files.example/v.webm',
      audioDuration: 2,
      createdAt: 0,
    });
    const { container } = renderUi(<MessageContent message={m} />, inChat());
    expect(screen.getByRole('button', { name: 'Voice message' }).getAttribute('aria-pressed')).toBe('false');
    // The browser's controls would draw their own "0:00 / 0:01".
    expect(container.querySelector('audio')?.hasAttribute('controls')).toBe(false);
    expect(container.textContent?.match(/\d+:\d\d/g)).toEqual(['0:02']);
  });

  it("an image's alt text is the message's text, or 'Image sent by {name}', never the file name", () => {
    const named = createMessage({
      id: 'i1',
      senderType: SenderType.Agent,
      senderName: 'Alice',
      msgType: MsgType.Image,
      msgContent: 'https://files.example/IMG_2041.png',
      fileName: 'IMG_2041.png',
      createdAt: 0,
    });
    const { unmount } = renderUi(<MessageContent message={named} />, inChat());
    expect(screen.getByRole('img').getAttribute('alt')).toBe('Image sent by Alice');
    unmount();
    const captioned = createMessage({
      id: 'i2',
      senderType: SenderType.Agent,
      senderName: 'Alice',
      msgType: MsgType.Image,
      msgContent: 'The broken part',
      fileUrl: 'https://files.example/IMG_2042.png',
      fileName: 'IMG_2042.png',
      createdAt: 0,
    });
    renderUi(<MessageContent message={captioned} />, inChat());
    expect(screen.getByRole('img').getAttribute('alt')).toBe('The broken part');
  });
});
