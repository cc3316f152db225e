import type { ToastMessage } from '../../machines/messages';

/** Ours (the spec has no copy for it): the chat could not be opened. Error toast, 4 s. */
export const CHAT_UNAVAILABLE: ToastMessage = {
  display: 'toast',
  id: 'chatUnavailable',
  text: 'Chat is not available right now. Please try again in a moment, or visit our support site.',
  durationMs: 4000,
  tone: 'error',
};

/** The one global chat function behind every 'Chat with us' (src/stores/chat.ts does the work). */
export interface ChatFunction {
  open(topic?: string): Promise<void>;
}

/**
 * The chat function as the root store holds it: the widget loader (src/stores/chat.ts) is loaded on the first
 * 'Chat with us', not with the page. A loader that cannot be loaded is the same toast and issue-log record as a
 * widget that cannot, and the next click tries again.
 */
export function lazyChat(
  load: () => Promise<ChatFunction>,
  failed: (toast: ToastMessage, message: string) => void,
): ChatFunction {
  let chat: Promise<ChatFunction> | null = null;
  return {
    async open(topic) {
      chat ??= load();
      let loaded: ChatFunction;
      try {
        loaded = await chat;
      } catch (e) {
        chat = null;
        failed(CHAT_UNAVAILABLE, e instanceof Error ? e.message : String(e));
        return;
      }
      await loaded.open(topic);
    },
  };
}
