import { observer } from 'mobx-react-lite';
import { useId, useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { encodeParam } from '../../../api/url';
import { useStores } from '../../../stores/context';
import { checkAccountNumber } from '../account-number';
import { LinkedAccounts } from '../linked-accounts';
import { TextField } from '../../../ui/TextField';
import { ChatLink } from '../../../ui/chat';
import { Form } from '../../../ui/Form';

/**
 * /AddAnAccountNumber: the account selector's Add Account, and where a profile with no account yet lands
 * (status '223'). The form checks the number's shape; the spec shows no call that links an account, so a
 * valid number is not 'added': the page says that linking is done with the provider, and how.
 */
export const Component = observer(function AddAnAccountNumber() {
  const store = useStores();
  const fieldId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [accepted, setAccepted] = useState<string | null>(null);

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const check = checkAccountNumber(value);
    if (!check.ok) {
      setAccepted(null);
      setError(check.message);
      input.current?.focus();
      return;
    }
    setError(null);
    setAccepted(check.accountNumber);
  };

  return (
    <div className="page">
      <h1>Add an Account Number</h1>
      {store.profile.status === '223' ? (
        <p>
          Your profile has no account linked to it yet. Add the account number from your bill to get started.
        </p>
      ) : null}
      <section className="panel" aria-labelledby="add-account-form-title">
        <h2 id="add-account-form-title">Account to add</h2>
        <Form onSubmit={onSubmit} noValidate>
          <TextField
            id={fieldId}
            label="Account number"
            error={error}
            hint="It is on your bill: 9, 11 or 13 characters, or PPB followed by digits."
            inputRef={input}
            type="text"
            autoComplete="off"
            spellCheck={false}
            value={value}
            onChange={(e) => {
              setValue(e.target.value);
              setAccepted(null);
            }}
          />
          <button type="submit" className="btn">
            Continue
          </button>
        </Form>
        {accepted ? (
          <div role="status">
            <p>
              Account {accepted} is not linked yet. Linking an account to your profile is done with the
              provider, who first confirms that the account is yours: <ChatLink>chat with us</ChatLink> and
              give them this account number.
            </p>
            <p>
              <Link to={`/AddAccountAuthenticationFlow?accountNumber=${encodeParam(accepted)}`}>
                How we confirm an account is yours
              </Link>
            </p>
          </div>
        ) : null}
      </section>
      <section className="panel" aria-labelledby="linked-accounts-title">
        <h2 id="linked-accounts-title">Accounts on your profile</h2>
        <LinkedAccounts />
      </section>
    </div>
  );
});
