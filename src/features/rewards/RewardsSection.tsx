import { jumpOut } from '../../config';
import { ExternalLink } from '../../ui/ExternalLink';

/**
 * Rewards: whether the section shows is a rule (accountType I, CX or H and company owner 1). Referral opens
 * only for company owner 1, which the section's rule already requires, so the referral link comes with it.
 * Its label mentions rewards up to $100.
 */
export function RewardsSection() {
  return (
    <section className="panel" aria-labelledby="rewards-title">
      <h2 id="rewards-title">Rewards</h2>
      <p>Earn rewards for being a customer.</p>
      <ul className="link-list">
        <li>
          <ExternalLink href={jumpOut('rewards')}>See your rewards</ExternalLink>
        </li>
        <li>
          <ExternalLink href={jumpOut('referral')}>Refer a friend and earn rewards up to $100</ExternalLink>
        </li>
      </ul>
    </section>
  );
}
