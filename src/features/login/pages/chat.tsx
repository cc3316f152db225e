import { useEffect } from 'react';
import { config } from '../../../config';
import { ExternalLink } from '../../../ui/ExternalLink';
import { SignInLink } from '../parts';

/**
 * The third-party chat vendor's floating launcher. Its script injects this container on any page, at any
 * time after load; on the chat page it would offer a second, competing conversation, so the page removes it
 * for as long as it is shown (shell spec §2: 'The chat route continually removes a third-party chat widget
 * element (every 100 ms)'). The id is the vendor's embed container; change it here if the vendor changes.
 */
export const CHAT_WIDGET_SELECTOR = '#chat-widget-container';

/** Shell spec §9: 'Chat widget cleanup interval: 100 ms.' */
export const CHAT_WIDGET_CLEANUP_MS = 100;

/**
 * /login/chat: where every 'Chat with us' link leads. The spec starts chat through a global chat function whose
 * vendor it does not name, so no conversation is embedded here: the page says so and points to the support site.
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
          Live chat is not connected in this version of the portal. Until it is, the {config.provider.name}{' '}
          support site has help articles and other ways to reach an agent.
        </p>
        <ul className="link-list">
          <li>
            <ExternalLink href={config.provider.supportUrl}>{config.provider.name} support</ExternalLink>
          </li>
          <li>
            <SignInLink>Sign in to your account</SignInLink>
          </li>
        </ul>
      </section>
    </div>
  );
}
