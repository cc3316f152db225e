import { observer } from 'mobx-react-lite';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { useStores } from '../../../stores/context';
import { formatDate } from '../../../ui/format';
import { constantOf } from '../../../stores/decided';
import { formatPhone, isPhoneOf, normalizePhone } from '../contact-number';
import { AddressText, ProfileUnavailable } from '../profile';
import { TextField } from '../../../ui/TextField';
import { LongText } from '../../../ui/LongText';
import { ChatLink } from '../../../ui/chat';
import { Form } from '../../../ui/Form';

/** The query flag that opens this page with the contact number field focused (shell spec §2). */
export const FOCUS_CONTACT_NUMBER = 'focusContactNumber';

/**
 * /settings/accountInfo: who holds the account, its addresses and its contact numbers. The contact number
 * field takes focus when the page is opened with ?focusContactNumber=true (the contact alerts link here).
 * The spec shows no call that saves a contact number, so a valid number is not 'saved': the page says
 * plainly that an agent makes the change.
 */
export const Component = observer(function AccountInfo() {
  const store = useStores();
  const p = store.profile.data;
  const [params] = useSearchParams();
  const focusContact = params.get(FOCUS_CONTACT_NUMBER) === 'true';
  const input = useRef<HTMLInputElement>(null);
  const fieldId = useId();
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [checked, setChecked] = useState<string | null>(null);

  useEffect(() => {
    if (focusContact) input.current?.focus();
  }, [focusContact, p]);

  if (!p) {
    return (
      <section className="panel" aria-labelledby="account-info-title">
        <h2 id="account-info-title">Account Info</h2>
        <ProfileUnavailable />
      </section>
    );
  }

  const name = [p.firstName, p.lastName].filter(Boolean).join(' ');
  const altNumbers = (p.altTelephoneNumbers ?? []).filter((n) => n.telephoneNumber);

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const digits = constantOf(store, 'phoneDigits');
    if (!isPhoneOf(value, digits)) {
      setChecked(null);
      setError(`Enter a ${digits}-digit phone number.`);
      input.current?.focus();
      return;
    }
    setError(null);
    setChecked(normalizePhone(value));
  };

  return (
    <section className="panel" aria-labelledby="account-info-title">
      <h2 id="account-info-title">Account Info</h2>
      <dl className="definition-list">
        <dt>Name</dt>
        <dd>{name || 'Not on file'}</dd>
        <dt>Account number</dt>
        <dd>{p.currentlyManagedAccount}</dd>
        {p.accountTypeDescription ? (
          <>
            <dt>Account type</dt>
            <dd>{p.accountTypeDescription}</dd>
          </>
        ) : null}
        <dt>Service address</dt>
        <dd>
          <AddressText address={p.serviceAddress} />
        </dd>
        <dt>Mailing address</dt>
        <dd>
          <AddressText address={p.billingAddress} />
        </dd>
        <dt>Phone number on the account</dt>
        <dd>{p.wtn ? formatPhone(p.wtn) : 'Not on file'}</dd>
      </dl>
      <p>
        <Link to="/EditMailingAddress">Edit mailing address</Link>
      </p>

      <h3>Contact numbers</h3>
      {altNumbers.length === 0 ? (
        <p>There is no contact number on your account.</p>
      ) : (
        <table className="history-table">
          <caption>Contact numbers on your account</caption>
          <thead>
            <tr>
              <th scope="col">Number</th>
              <th scope="col">Expires on</th>
            </tr>
          </thead>
          <tbody>
            {altNumbers.map((n, i) => (
              <tr key={`${i}:${n.telephoneNumber}`}>
                <td>
                  <LongText text={formatPhone(n.telephoneNumber)} />
                </td>
                <td>{formatDate(n.altTnExpirationDate)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}

      <Form onSubmit={onSubmit} noValidate aria-labelledby={`${fieldId}-legend`}>
        <h3 id={`${fieldId}-legend`}>Add or update a contact number</h3>
        <TextField
          id={fieldId}
          label="Contact number"
          error={error}
          inputRef={input}
          type="tel"
          inputMode="numeric"
          autoComplete="tel-national"
          value={value}
          onChange={(e) => {
            setValue(e.target.value);
            setChecked(null);
          }}
        />
        <button type="submit" className="btn">
          Continue
        </button>
      </Form>
      {checked ? (
        <p role="status">
          Contact numbers are changed by our agents, not online. <ChatLink>Chat with us</ChatLink> and give
          them {formatPhone(checked)} as your new contact number.
        </p>
      ) : null}
    </section>
  );
});
