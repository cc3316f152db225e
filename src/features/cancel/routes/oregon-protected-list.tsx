import { observer } from 'mobx-react-lite';
import { config } from '../../../config';
import { useStores } from '../../../stores/context';
import { ExternalLink } from '../../../ui/ExternalLink';
import { addressLine } from '../address';
import { ChatLink } from '../../../ui/chat';

/**
 * /OregonProtectedList: an informational page. The spec shows no content and no call for it, so it states
 * only what the portal knows (the account and its service address) and sends questions to an agent; it
 * makes no eligibility statement.
 */
export const Component = observer(function OregonProtectedList() {
  const store = useStores();
  const p = store.profile.data;
  return (
    <div className="page">
      <h1>Oregon Protected List</h1>
      <section className="panel" aria-labelledby="oregon-about-title">
        <h2 id="oregon-about-title">About this list</h2>
        <p>
          Questions about the Oregon Protected List, such as whether your account is on it and what that means
          for your service, are answered by our agents.
        </p>
        <p>
          <ChatLink className="btn">Chat with us</ChatLink>
        </p>
        <p>
          <ExternalLink href={config.provider.supportUrl}>Help articles</ExternalLink>
        </p>
      </section>
      {p ? (
        <section className="panel" aria-labelledby="oregon-account-title">
          <h2 id="oregon-account-title">Your account</h2>
          <dl className="definition-list">
            <dt>Account number</dt>
            <dd>{p.currentlyManagedAccount}</dd>
            <dt>Service address</dt>
            <dd>{addressLine(p.serviceAddress) ?? 'Not on file'}</dd>
          </dl>
        </section>
      ) : null}
    </div>
  );
});
