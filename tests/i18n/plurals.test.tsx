import { plural } from '@lingui/core/macro';
import { afterAll, describe, expect, it } from 'vitest';
import { activateLanguage, i18n } from '../../ui/i18n/i18n';

/** The back-to-bottom button's count, as the message list words it (ui/widget/components/MessageList.tsx). */
const newMessages = (unread: number) => plural(unread, { one: '# new message', other: '# new messages' });
const plain = (text: string) => text.replace(/[\u202f\u00a0]/g, ' ');

afterAll(() => activateLanguage('en'));

describe('plurals in the visitor’s language (CLDR categories, the language’s digits)', () => {
  it('Spanish has a `many` form for a million', async () => {
    await activateLanguage('es');
    expect(newMessages(1)).toBe('1 mensaje nuevo');
    expect(newMessages(3)).toBe('3 mensajes nuevos');
    expect(plain(newMessages(1_000_000))).toBe('1.000.000 de mensajes nuevos');
  });

  it('Italian and Portuguese too', async () => {
    await activateLanguage('it');
    expect(plain(newMessages(2_000_000))).toBe('2.000.000 di nuovi messaggi');
    await activateLanguage('pt');
    expect(plain(newMessages(1_000_000))).toBe('1.000.000 de novas mensagens');
  });

  it('Persian counts in Persian digits', async () => {
    await activateLanguage('fa');
    expect(newMessages(12)).toBe('۱۲ پیام جدید');
  });

  it('Russian picks one, few and many', async () => {
    await activateLanguage('ru');
    expect([1, 3, 5].map(newMessages)).toEqual(['1 новое сообщение', '3 новых сообщения', '5 новых сообщений']);
    expect(i18n.locale).toBe('ru');
  });
});
