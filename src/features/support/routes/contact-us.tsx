import { observer } from 'mobx-react-lite';
import { Link } from 'react-router-dom';
import { config } from '../../../config';
import { useStores } from '../../../stores/context';
import { ExternalLink } from '../../../ui/ExternalLink';
import { ChatLink } from '../../../ui/chat';

/**
 * /contactus: how to reach the provider, and the account details an agent will ask for. The spec shows no
 * phone numbers or hours, so none are printed: the chat and the provider's support site are the ways in.
 */
export const Component = observer(function ContactUs() {
  const store = useStores();
  const p = store.profile.data;
  const name = [p?.firstName, p?.lastName].filter(Boolean).join(' ');
  return (
    <div className="page">
      <h1>Contact Us</h1>
      <section className="panel" aria-labelledby="contact-ways-title">
        <h2 id="contact-ways-title">Ways to reach us</h2>
        <ul className="link-list">
          <li>
            <ChatLink className="btn">Chat with us</ChatLink>
          </li>
          <li>
            <ExternalLink href={config.provider.supportUrl}>{config.provider.name} support site</ExternalLink>
          </li>
          <li>
            <ExternalLink href={config.provider.feedbackUrl}>Send us feedback</ExternalLink>
          </li>
        </ul>
      </section>
      {p ? (
        <section className="panel" aria-labelledby="contact-ready-title">
          <h2 id="contact-ready-title">Have these ready</h2>
          <dl className="definition-list">
            {name ? (
              <>
                <dt>Account holder</dt>
                <dd>{name}</dd>
              </>
            ) : null}
            <dt>Account number</dt>
            <dd>{p.currentlyManagedAccount}</dd>
            {p.wtn ? (
              <>
                <dt>Phone number on the account</dt>
                <dd>{p.wtn}</dd>
              </>
            ) : null}
          </dl>
        </section>
      ) : null}
      <p>
        <Link to="/support">Support topics and your order history</Link>
      </p>
    </div>
  );
});
