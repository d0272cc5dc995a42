/**
 * The engine without React: start the reference server, open a chat on the `demo` channel, ask the
 * robot a question and print the conversation. Run: `node --import tsx examples/engineWithoutReact.ts`.
 */
import { filter, firstValueFrom } from 'rxjs';
import { SenderType, createChatEngine, memoryStorage, type ChatState } from '@visitor-chat/chat-engine';
import { startServer } from '../server/node.ts';

/** Opens a chat, asks `question`, and resolves with the messages once the robot has answered. */
export async function askRobot(apiBase: string, question: string): Promise<ChatState['messages']> {
  const engine = createChatEngine({ query: '?channelid=demo', apiBase, storage: memoryStorage() });
  // Answered: a robot message, no longer awaited, after the visitor's question.
  const answered = (s: ChatState) => {
    const asked = s.messages.findIndex((m) => m.senderType === SenderType.Visitor);
    return asked >= 0 && s.messages.slice(asked + 1).some((m) => m.senderType === SenderType.Robot && !m.awaiting);
  };
  try {
    engine.start();
    // Ready, and the history (with the robot's welcome) is shown: the conversation so far is on screen.
    await firstValueFrom(engine.state$.pipe(filter((s) => s.phase === 'ready' && !s.history.loading)));
    engine.sendText(question);
    const done = await firstValueFrom(engine.state$.pipe(filter(answered)));
    return done.messages;
  } finally {
    engine.dispose();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const server = await startServer({ port: 0, quiet: true });
  try {
    for (const m of await askRobot(server.url, 'How long does shipping take?')) {
      console.log(`${m.senderName ?? (m.position === 'right' ? 'You' : 'System')}: ${m.msgContent}`);
    }
  } finally {
    await server.close();
  }
}
