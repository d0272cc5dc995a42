import { fireEvent, render, screen, within } from '@testing-library/react';
import { setupServer } from 'msw/node';
import { useState } from 'react';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { memoryStorage, type ChatEngineOptions } from '@visitor-chat/chat-engine';
import { createApp } from '../../server/app';
import { createHandlers } from '../../server/msw';
import { ChatProvider, useChat, useComposer } from '@visitor-chat/chat-react';
import { describeBoth, inMode } from './strictMode';

/** The reference server, reached through MSW at an absolute origin; its robot streams its answers, here without pacing them. */
const server = setupServer(...createHandlers(createApp({ robotTokensPerSecond: Number.POSITIVE_INFINITY })));
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const API_BASE = 'http://widget.test';

/**
 * A second UI on the same headless hooks: a plain list, an input and a button. No widget
 * component, style or translation is used — the hooks alone are enough to chat.
 */
function TinyChat() {
  const { phase, channel, messages } = useChat();
  const { submit, getInputProps } = useComposer();
  return (
    <section aria-label={channel?.title ?? 'chat'} data-phase={phase}>
      <ul aria-label="messages">
        {messages.map((m) => (
          <li key={m.id} data-sender={m.senderType}>
            {m.awaiting ? '…' : m.msgContent}
          </li>
        ))}
      </ul>
      <input aria-label="question" {...getInputProps()} />
      <button type="button" disabled={!submit} onClick={() => submit?.()}>
        Ask
      </button>
    </section>
  );
}

function App({ strict }: { strict: boolean }) {
  const [options] = useState<ChatEngineOptions>(() => ({
    apiBase: API_BASE,
    query: '?channelid=demo',
    storage: memoryStorage(),
    log: { warn: () => undefined },
  }));
  return inMode(
    strict,
    <ChatProvider options={options}>
      <TinyChat />
    </ChatProvider>,
  );
}

describeBoth('a second UI built only on the hooks', ({ strict }) => {
  it('chats with the reference robot: the welcome, a typed question, the robot answer', async () => {
    render(<App strict={strict} />);

    const list = await screen.findByRole('list', { name: 'messages' });
    expect(await within(list).findByText(/I'm Robo/)).toBeDefined();
    expect(screen.getByRole('region', { name: 'Demo shop support' })).toBeDefined();

    const ask = screen.getByRole<HTMLButtonElement>('button', { name: 'Ask' });
    expect(ask.disabled).toBe(true);
    fireEvent.input(screen.getByLabelText('question'), { target: { value: 'How long does shipping take?' } });
    expect(ask.disabled).toBe(false);
    fireEvent.click(ask);

    expect(within(list).getByText('How long does shipping take?')).toBeDefined();
    expect(screen.getByLabelText<HTMLInputElement>('question').value).toBe('');
    expect(await within(list).findByText(/Standard shipping takes 3–5 business days/)).toBeDefined();
    // One question, one answer (and the welcome, the channel's FAQ message and its auto-tip): nothing doubled by StrictMode.
    expect(within(list).getAllByRole('listitem')).toHaveLength(5);
  });

  it('Enter in the input asks the question too', async () => {
    render(<App strict={strict} />);
    const list = await screen.findByRole('list', { name: 'messages' });
    await within(list).findByText(/I'm Robo/);

    const question = screen.getByLabelText('question');
    fireEvent.input(question, { target: { value: 'Which payment methods do you accept?' } });
    fireEvent.keyDown(question, { key: 'Enter' });

    expect(await within(list).findByText(/We accept Visa/)).toBeDefined();
  });
});
