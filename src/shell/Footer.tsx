import { observer } from 'mobx-react-lite';
import { config } from '../config';
import { useStores } from '../stores/context';
import { ExternalLink } from '../ui/ExternalLink';

/**
 * Legal and about links (the second provider's for its customers, as the rules decide), the copyright
 * line with the current year from the injected clock, and Feedback.
 */
export const Footer = observer(function Footer() {
  const store = useStores();
  const second = store.decisions.brand === 'second-provider';
  const links = second ? config.secondProvider : config.provider;
  const year = store.env.now().getFullYear();
  return (
    <footer className="footer">
      <ul className="footer__links">
        <li>
          <ExternalLink href={links.legalUrl}>Legal</ExternalLink>
        </li>
        <li>
          <ExternalLink href={links.privacyUrl}>Privacy Policy</ExternalLink>
        </li>
        <li>
          <ExternalLink href={links.aboutUrl}>About {links.name}</ExternalLink>
        </li>
        <li>
          <ExternalLink href={config.provider.feedbackUrl}>Feedback</ExternalLink>
        </li>
      </ul>
      <p className="footer__copyright">
        © {year} {links.name}. All rights reserved.
      </p>
    </footer>
  );
});

/** Spec: customers whose account owner is the second provider see that their provider is now that provider. */
export const SecondProviderBanner = observer(function SecondProviderBanner() {
  const store = useStores();
  if (store.decisions.brand !== 'second-provider') return null;
  return (
    <div className="brand-banner" role="region" aria-label="Your provider">
      <p>
        {config.provider.name} is now {config.secondProvider.name}.{' '}
        <ExternalLink href={config.secondProvider.siteUrl}>Visit {config.secondProvider.name}</ExternalLink>
      </p>
    </div>
  );
});
