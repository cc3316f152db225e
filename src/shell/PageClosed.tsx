import { Link } from 'react-router-dom';
import { ChatLink } from '../ui/chat';

/**
 * A signed-in page the rules close for this account (rules/page-access.json): said plainly, with the way home
 * and the chat, inside the normal shell.
 */
export function PageClosed() {
  return (
    <div className="page">
      <section className="panel" aria-labelledby="page-closed-title">
        <h1 id="page-closed-title">This page is not available for your account</h1>
        <p>You cannot manage this part of your account online. An agent can help you with it.</p>
        <ul className="link-list">
          <li>
            <Link to="/home">Back to your account home</Link>
          </li>
          <li>
            <ChatLink />
          </li>
        </ul>
      </section>
    </div>
  );
}
