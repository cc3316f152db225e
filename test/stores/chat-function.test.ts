import { describe, expect, it, vi } from 'vitest';
import { CHAT_UNAVAILABLE, lazyChat } from '../../src/stores/chat-function';

describe('the one global chat function', () => {
  it('loads the widget loader on the first click only, then opens the chat about the topic', async () => {
    const open = vi.fn(() => Promise.resolve());
    const load = vi.fn(() => Promise.resolve({ open }));
    const chat = lazyChat(load, () => {});
    await chat.open('billing');
    await chat.open();
    expect(load).toHaveBeenCalledTimes(1);
    expect(open.mock.calls).toEqual([['billing'], [undefined]]);
  });

  it('a loader that cannot be loaded is a toast and an issue-log record; the next click tries again', async () => {
    const failed = vi.fn();
    const open = vi.fn(() => Promise.resolve());
    const load = vi
      .fn<() => Promise<{ open: typeof open }>>()
      .mockRejectedValueOnce(new Error('chunk failed'))
      .mockResolvedValueOnce({ open });
    const chat = lazyChat(load, failed);
    await chat.open();
    expect(failed).toHaveBeenCalledWith(CHAT_UNAVAILABLE, 'chunk failed');
    expect(open).not.toHaveBeenCalled();
    await chat.open();
    expect(open).toHaveBeenCalledTimes(1);
  });
});
