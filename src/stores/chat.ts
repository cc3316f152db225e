import { makeAutoObservable, runInAction } from 'mobx';
import type { ToastMessage } from '../../machines/messages';
import { ANALYTICS_EVENTS, trackEvent } from './analytics';
import { CHAT_UNAVAILABLE, type ChatFunction } from './chat-function';
import type { Env } from './env';

/** The chat vendor, as configured (config/portal.json chat). */
export interface ChatSettings {
  widgetScriptUrl: string;
  widgetGlobal: string;
  widgetSelector: string;
}

/** What the vendor's script defines under `widgetGlobal`: a way to open its conversation. */
interface ChatWidget {
  open(options: { topic?: string; page: string }): void;
}

const isChatWidget = (v: unknown): v is ChatWidget =>
  typeof v === 'object' && v !== null && typeof (v as { open?: unknown }).open === 'function';

export type ChatStatus = 'closed' | 'loading' | 'open' | 'unavailable';

/**
 * The one global chat function of the portal: every 'Chat with us' calls `open`. It loads the vendor's widget
 * script on the first use (never in the first load of a page), then asks the widget to open a conversation
 * about `topic`. A widget that cannot be loaded is a toast and an issue-log record, never a dead link. Loaded on
 * the first use (src/stores/chat-function.ts).
 */
export class ChatStore implements ChatFunction {
  status: ChatStatus = 'closed';

  constructor(
    private readonly env: Env,
    private readonly settings: ChatSettings,
    private readonly context: {
      page: () => string;
      path: () => string;
      toast: (toast: ToastMessage) => void;
      logIssue: (operation: string, message: string) => void;
    },
  ) {
    makeAutoObservable<ChatStore, 'env' | 'settings' | 'context'>(this, {
      env: false,
      settings: false,
      context: false,
    });
  }

  async open(topic?: string): Promise<void> {
    if (this.status === 'loading') return;
    this.status = 'loading';
    const page = this.context.page();
    const path = this.context.path();
    try {
      await this.env.loadScript(this.settings.widgetScriptUrl);
      const widget = this.env.globalValue(this.settings.widgetGlobal);
      if (!isChatWidget(widget)) throw new Error(`${this.settings.widgetGlobal}.open is not defined`);
      widget.open({ page, ...(topic ? { topic } : {}) });
      runInAction(() => {
        this.status = 'open';
      });
      trackEvent(this.env, ANALYTICS_EVENTS.chatOpen, { page_path: path });
    } catch (e) {
      runInAction(() => {
        this.status = 'unavailable';
      });
      trackEvent(this.env, ANALYTICS_EVENTS.chatUnavailable, { page_path: path });
      this.context.toast(CHAT_UNAVAILABLE);
      this.context.logIssue('openChat', e instanceof Error ? e.message : String(e));
    }
  }
}
