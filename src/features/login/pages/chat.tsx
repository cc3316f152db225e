import { useEffect } from 'react';
import { Link } from 'react-router-dom';
import { config } from '../../../config';
import { ExternalLink } from '../../../ui/ExternalLink';
import { SignInLink } from '../parts';

/**
 * The third-party chat vendor's floating widget. Its script injects this container on any page, at any time
 * after load; on the chat page it would offer a second, competing conversation, so the page removes it for as
 * long as it is shown (shell spec §2: 'The chat route continually removes a third-party chat widget element
 * (every 100 ms)'). The selector is configuration (config/portal.json chat.widgetSelector), like the vendor.
 */
export const CHAT_WIDGET_SELECTOR = config.chat.widgetSelector;

/** Shell spec §9: 'Chat widget cleanup interval: 100 ms.' */
export const CHAT_WIDGET_CLEANUP_MS = 100;

/**
 * /login/chat: the chat route of the provider's app, which hosts its own conversation here; the website's floating
 * widget is kept away. In a browser every 'Chat with us' opens the widget through the one global chat function
 * instead (src/stores/chat.ts), so this page says where the chat is and points to the support site.
 */
export function ChatPage() {
  useEffect(() => {
    const removeWidget = () => {
      document.querySelectorAll(CHAT_WIDGET_SELECTOR).forEach((el) => el.remove());
    };
    removeWidget();
    // Polling, not a MutationObserver: the spec fixes the 100 ms sweep, and it also catches a widget re-attached
    // by the vendor's script between mutations we would otherwise have to filter.
    const timer = window.setInterval(removeWidget, CHAT_WIDGET_CLEANUP_MS);
    return () => window.clearInterval(timer);
  }, []);

  return (
    <div className="page">
      <section className="panel" aria-labelledby="chat-title">
        <h1 id="chat-title">Chat with us</h1>
        <p>
          Our agents answer questions about your account, bills, services, orders and repair appointments.
        </p>
        <p>
          In the {config.provider.name} app, your conversation with an agent opens on this page. In a browser,
          choose Chat with us on any page of the portal and the chat window opens there.
        </p>
        <p>The support site also has help articles and other ways to reach an agent.</p>
        <ul className="link-list">
          <li>
            <ExternalLink href={config.provider.supportUrl}>{config.provider.name} support</ExternalLink>
          </li>
          <li>
            <SignInLink>Sign in to your account</SignInLink>
          </li>
          <li>
            <Link to="/login">Sign-in help</Link>
          </li>
        </ul>
      </section>
    </div>
  );
}
