import { Link, useSearchParams } from 'react-router-dom';
import { checkAccountNumber } from '../account-number';
import { LinkedAccounts } from '../linked-accounts';
import { ChatLink } from '../../../ui/chat';

/**
 * /AddAnAccountStep3: the confirmation step of adding an account. No call that links an account is shown in
 * the spec, so this page confirms nothing it cannot know: it shows the accounts actually on the profile and
 * says how a new one gets there.
 */
export function Component() {
  const [params] = useSearchParams();
  const check = checkAccountNumber(params.get('accountNumber') ?? '');
  return (
    <div className="page">
      <h1>Add Account: Confirm</h1>
      <section className="panel" aria-labelledby="add-confirm-title">
        <h2 id="add-confirm-title">Where your request stands</h2>
        {check.ok ? (
          <p>
            Account {check.accountNumber} shows in the list below once the provider has linked it to your
            profile.
          </p>
        ) : (
          <p>An account shows in the list below once the provider has linked it to your profile.</p>
        )}
        <LinkedAccounts />
        <ul className="link-list">
          <li>
            <ChatLink>Chat with us about linking an account</ChatLink>
          </li>
          <li>
            <Link to="/AddAnAccountNumber">Add another account number</Link>
          </li>
          <li>
            <Link to="/home">Back to Home</Link>
          </li>
        </ul>
      </section>
    </div>
  );
}
