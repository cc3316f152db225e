import { Link } from 'react-router-dom';
import { config } from '../../config';
import { ExternalLink } from '../../ui/ExternalLink';
import { ChatLink } from '../../ui/chat';

export function SupportSection() {
  return (
    <section className="panel" aria-labelledby="home-support-title">
      <h2 id="home-support-title">Support</h2>
      <ul className="link-list">
        <li>
          <Link to="/support">Visit Support</Link>
        </li>
        <li>
          <ChatLink>Chat with us</ChatLink>
        </li>
        <li>
          <ExternalLink href={config.provider.supportUrl}>Help articles</ExternalLink>
        </li>
      </ul>
    </section>
  );
}
