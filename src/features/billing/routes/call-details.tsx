import { observer } from 'mobx-react-lite';
import { Link } from 'react-router-dom';
import { jumpOut } from '../../../config';
import { useStores } from '../../../stores/context';
import { ExternalLink } from '../../../ui/ExternalLink';
import { ChatLink } from '../../../ui/chat';

/**
 * /callDetails: the calls on the phone line. The spec shows no call that returns call records, so the page
 * shows the line it is about and where to get the itemized calls, and lists no made-up calls.
 */
export const Component = observer(function CallDetails() {
  const store = useStores();
  const p = store.profile.data;
  return (
    <div className="page">
      <h1>Call Details</h1>
      <section className="panel" aria-labelledby="call-details-title">
        <h2 id="call-details-title">Your phone line</h2>
        {p?.wtn ? (
          <dl className="definition-list">
            <dt>Phone number</dt>
            <dd>{p.wtn}</dd>
            <dt>Account number</dt>
            <dd>{p.currentlyManagedAccount}</dd>
          </dl>
        ) : (
          <p>There is no phone number on this account.</p>
        )}
        <p>
          Itemized call details cannot be shown in the portal yet. Our agents can go through them with you.
        </p>
        <ul className="link-list">
          <li>
            <ChatLink>Chat with us</ChatLink>
          </li>
          <li>
            <Link to="/billing">Back to Billing</Link>
          </li>
          <li>
            <ExternalLink href={jumpOut('billingHelp')}>Billing help</ExternalLink>
          </li>
        </ul>
      </section>
    </div>
  );
});
