import { Link, useSearchParams } from 'react-router-dom';
import { checkAccountNumber } from '../account-number';
import { ChatLink } from '../../../ui/chat';

/**
 * /AddAccountAuthenticationFlow: how the provider confirms that an account being added belongs to the person
 * adding it. The spec shows neither the screens nor the calls of this step, so nothing is submitted here.
 */
export function Component() {
  const [params] = useSearchParams();
  const check = checkAccountNumber(params.get('accountNumber') ?? '');
  const accountNumber = check.ok ? check.accountNumber : null;
  return (
    <div className="page">
      <h1>Add Account</h1>
      <section className="panel" aria-labelledby="add-auth-title">
        <h2 id="add-auth-title">Confirming the account is yours</h2>
        {accountNumber ? <p>Account to add: {accountNumber}</p> : null}
        <p>
          Before an account is linked to your profile, the provider confirms that it is yours with an
          authorization code, which can be sent to the email address on the account.
        </p>
        <ul className="link-list">
          <li>
            <Link to="/login/retrieveAuthCode">Find your authorization code</Link>
          </li>
          <li>
            <ChatLink>Chat with us to link the account</ChatLink>
          </li>
          <li>
            <Link to="/AddAnAccountNumber">Enter a different account number</Link>
          </li>
        </ul>
      </section>
    </div>
  );
}
