import { config, jumpOut } from '../../../config';
import { ExternalLink } from '../../../ui/ExternalLink';
import { ChatLink } from '../../../ui/chat';

/**
 * /regulatoryPdf: the regulatory notice. The spec shows neither its content nor where the document comes
 * from, so the page points to the provider's published legal notices instead of inventing one.
 */
export function Component() {
  return (
    <div className="page">
      <h1>Regulatory Notice</h1>
      <section className="panel" aria-labelledby="regulatory-where-title">
        <h2 id="regulatory-where-title">Where to read it</h2>
        <p>
          A copy of the regulatory notice cannot be opened from the portal yet. The provider&apos;s legal
          notices are on its website, and our agents can answer questions about a notice you received.
        </p>
        <ul className="link-list">
          <li>
            <ExternalLink href={config.provider.legalUrl}>Legal notices</ExternalLink>
          </li>
          <li>
            <ExternalLink href={jumpOut('billingHelp')}>Billing help</ExternalLink>
          </li>
          <li>
            <ChatLink>Chat with us</ChatLink>
          </li>
        </ul>
      </section>
    </div>
  );
}
