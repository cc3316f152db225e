import { observer } from 'mobx-react-lite';
import { Link } from 'react-router-dom';
import { config, jumpOut } from '../../../config';
import { useStores } from '../../../stores/context';
import { ExternalLink } from '../../../ui/ExternalLink';
import { ChatLink } from '../../../ui/chat';

/**
 * /Cancel-Services: what cancelling involves and who does it. The page is gated by the cancel-eligibility
 * flag canBeCancelled (shell spec §5), decided by rules/billing-actions.json ('cancel-services-page'); an
 * account it does not allow is told so and offered the chat.
 */
export const Component = observer(function CancelServices() {
  const store = useStores();
  const p = store.profile.data;
  const decided = store.decisions.current;
  if (decided && !decided.billingActions['cancel-services-page']) {
    return (
      <div className="page">
        <h1>Cancel Services</h1>
        <section className="panel" aria-labelledby="cancel-closed-title">
          <h2 id="cancel-closed-title">Not available online</h2>
          <p>Cancelling services online is not available for this account.</p>
          <p>
            <ChatLink className="btn">Chat with us to cancel</ChatLink> <Link to="/home">Back to Home</Link>
          </p>
        </section>
      </div>
    );
  }
  return (
    <div className="page">
      <h1>Cancel Services</h1>
      <section className="panel" aria-labelledby="cancel-how-title">
        <h2 id="cancel-how-title">How to cancel</h2>
        <p>
          An agent cancels your service with you: they confirm which services end, the date service stops, the
          equipment to return and what your final bill will include.
        </p>
        <p>
          <ChatLink className="btn">Chat with us to cancel</ChatLink>
        </p>
        {p ? (
          <dl className="definition-list">
            <dt>Account number</dt>
            <dd>{p.currentlyManagedAccount}</dd>
            {p.wtn ? (
              <>
                <dt>Phone number on the account</dt>
                <dd>{p.wtn}</dd>
              </>
            ) : null}
          </dl>
        ) : null}
      </section>
      <section className="panel" aria-labelledby="cancel-before-title">
        <h2 id="cancel-before-title">Before you cancel</h2>
        <ul className="link-list">
          <li>
            <Link to="/billing">Check your balance and bills</Link>
          </li>
          <li>
            <ExternalLink href={jumpOut('modemReturnHelp')}>How to return your modem</ExternalLink>
          </li>
          <li>
            <ExternalLink href={config.provider.supportUrl}>Help articles</ExternalLink>
          </li>
        </ul>
      </section>
    </div>
  );
});
