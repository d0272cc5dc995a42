import type { Page } from 'playwright-core';
import { connected, dev, messages, openChat, say, unknownQuestionFaq, visitorId } from './helpers';

/** A main state of the widget, and how a visitor gets there. */
export interface MainState {
  name: string;
  open: (page: Page, baseUrl: string) => Promise<void>;
}

/** The history with every message kind (the showcase channel). */
export const SHOWCASE: MainState = {
  name: 'chat with every message kind (showcase)',
  open: async (page, baseUrl) => {
    await openChat(page, baseUrl, 'showcase');
    // Its last message (the list shows the newest; older rows are not in the DOM): the help-centre card.
    await messages(page).getByText('Show me the help topics').waitFor();
    await messages(page).getByText('Help centre').first().waitFor();
  },
};

/** The main states the accessibility and mobile checks visit. */
export const MAIN_STATES: readonly MainState[] = [
  {
    name: 'robot chat (answer, rating, quick replies, FAQ list)',
    open: async (page, baseUrl) => {
      await openChat(page, baseUrl, 'demo');
      await say(page, 'What are your opening hours?');
      await messages(page).getByText('We are open Monday to Friday').waitFor();
      await say(page, 'Do you sell unicorns?');
      await unknownQuestionFaq(page).waitFor();
    },
  },
  SHOWCASE,
  {
    name: 'agent chat',
    open: async (page, baseUrl) => {
      await openChat(page, baseUrl, 'agent');
      await connected(page);
      await say(page, 'Hello');
      await messages(page).getByText('looking into “Hello”').waitFor();
    },
  },
  {
    name: 'user form (modal) with errors',
    open: async (page, baseUrl) => {
      await openChat(page, baseUrl, 'form');
      const dialog = page.getByRole('dialog', { name: 'Before we start' });
      await dialog.getByRole('textbox', { name: /Phone/ }).fill('123');
      await dialog.getByRole('button', { name: 'Start chat' }).click();
      await dialog.getByText('This field is required.').waitFor();
    },
  },
  {
    name: 'user form (inline) with errors',
    open: async (page, baseUrl) => {
      await openChat(page, baseUrl, 'form-inline');
      const panel = page.getByRole('region', { name: 'Before we start' });
      await panel.getByRole('button', { name: 'Start chat' }).click();
      await panel.getByText('This field is required.').waitFor();
    },
  },
  {
    name: 'leave-message form',
    open: async (page, baseUrl) => {
      await openChat(page, baseUrl, 'offline');
      await page.getByRole('button', { name: 'Leave a message' }).click();
      await page.getByRole('dialog', { name: 'Leave a message' }).waitFor();
    },
  },
  {
    name: 'group picker',
    open: async (page, baseUrl) => {
      await openChat(page, baseUrl, 'groups');
      await page.getByRole('dialog', { name: 'Who would you like to talk to?' }).waitFor();
    },
  },
  {
    name: 'evaluation dialog',
    open: async (page, baseUrl) => {
      await openChat(page, baseUrl, 'agent');
      await connected(page);
      await dev(baseUrl, 'endSession', { userId: await visitorId(page, 'agent'), outType: 2 });
      await page.getByRole('dialog', { name: 'How was your conversation?' }).waitFor();
    },
  },
  {
    name: 'error page',
    open: async (page, baseUrl) => {
      await page.goto(`${baseUrl}/chat/`);
      await page.getByRole('alert').getByText('This chat is not available.').waitFor();
    },
  },
  {
    name: 'the page could not load (Try again)',
    open: async (page, baseUrl) => {
      // Under any query: a try after a failure asks for the chunk under a fresh one.
      await page.route(
        (url) => /\/assets\/IndexPage-[\w-]+\.js$/.test(url.pathname),
        (route) => route.abort('internetdisconnected'),
      );
      await page.goto(`${baseUrl}/chat/index?channelid=demo`);
      await page.getByRole('button', { name: 'Try again' }).waitFor();
    },
  },
];
