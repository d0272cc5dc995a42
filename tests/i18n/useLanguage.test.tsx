import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { chooseLanguage, languageChosen, storedLanguage } from '../../ui/i18n/languageStore';
import { useLanguage } from '../../ui/i18n/useLanguage';

afterEach(() => {
  vi.restoreAllMocks();
  localStorage.clear();
});

describe('the visitor’s language (SPEC §2 chat-lan)', () => {
  it('English until one is chosen; a choice is kept in chat-lan and heard by every useLanguage of the page', () => {
    expect(storedLanguage()).toBe('en');
    expect(languageChosen()).toBe(false);
    const { result } = renderHook(() => useLanguage());
    act(() => chooseLanguage('de'));
    expect(result.current[0]).toBe('de');
    expect(localStorage.getItem('chat-lan')).toBe('de');
    expect(languageChosen()).toBe(true);
  });

  it('where storage is blocked (a third-party frame), a choice still holds for the page', () => {
    vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new DOMException('blocked', 'SecurityError');
    });
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('blocked', 'SecurityError');
    });
    const { result } = renderHook(() => useLanguage());
    act(() => chooseLanguage('ar'));
    expect(result.current[0]).toBe('ar');
    expect(languageChosen()).toBe(true);
  });
});
