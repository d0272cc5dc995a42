import { describe, expect, it } from 'vitest';
import { SenderType } from '@visitor-chat/chat-engine';
import { askRobot } from '../../examples/engineWithoutReact';
import { startServer } from '../../server/node.ts';

describe('the integrator guide’s runnable example', () => {
  it('drives the engine without React against the reference server and gets the robot’s answer', async () => {
    const server = await startServer({ port: 0, quiet: true });
    try {
      const messages = await askRobot(server.url, 'What are your opening hours?');
      expect(messages.at(-1)).toMatchObject({ senderType: SenderType.Robot, msgContent: expect.stringContaining('Monday to Friday') });
    } finally {
      await server.close();
    }
  });
});
