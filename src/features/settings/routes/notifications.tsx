import { observer } from 'mobx-react-lite';
import { useEffect, useId, useRef, useState, type ComponentType, type FormEvent } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useStores } from '../../../stores/context';
import { isValidEmail } from '../email';
import { ProfileUnavailable } from '../profile';
import { TextField } from '../../../ui/TextField';
import { ChatLink } from '../../../ui/chat';
import { Form } from '../../../ui/Form';

/** The query flag the email alerts link with (home spec 2.8: /settings/notifications?focusEmailid=true). */
export const FOCUS_EMAIL = 'focusEmailid';

export const EMAIL_FORMAT_ERROR = 'Enter an email address in the format name@example.com.';

/**
 * /settings/notifications: where account and bill messages go, and an email field that takes focus when
 * the page is opened with ?focusEmailid=true. The field checks the spec's email pattern; the spec shows no
 * call that saves the account email, so a valid address is not 'saved': the page says an agent makes the
 * change. Paperless billing on and off is the paperless feature's flow, handed in by the app layer.
 */
export const NotificationsPage = observer(function Notifications({
  paperless: Paperless,
}: {
  /** Paperless on and off (the paperless feature's, handed in by the app layer). */
  paperless?: ComponentType;
}) {
  const store = useStores();
  const p = store.profile.data;
  const [params] = useSearchParams();
  const focusEmail = params.get(FOCUS_EMAIL) === 'true';
  const input = useRef<HTMLInputElement>(null);
  const fieldId = useId();
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [accepted, setAccepted] = useState<string | null>(null);

  useEffect(() => {
    if (focusEmail) input.current?.focus();
  }, [focusEmail, p]);

  if (!p) {
    return (
      <section className="panel" aria-labelledby="notifications-title">
        <h2 id="notifications-title">Notifications</h2>
        <ProfileUnavailable />
      </section>
    );
  }

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (!isValidEmail(value)) {
      setAccepted(null);
      setError(EMAIL_FORMAT_ERROR);
      input.current?.focus();
      return;
    }
    setError(null);
    setAccepted(value.trim());
  };

  return (
    <section className="panel" aria-labelledby="notifications-title">
      <h2 id="notifications-title">Notifications</h2>
      <dl className="definition-list">
        <dt>Account email</dt>
        <dd>{p.emailAddress || 'No official account email address on record.'}</dd>
        <dt>Bill email</dt>
        <dd>{p.billingEmailAddress || 'Not on file'}</dd>
      </dl>
      {Paperless ? (
        <Paperless />
      ) : (
        <p>
          Paperless billing:{' '}
          {p.paperlessBilling ? 'On: your bill comes by email' : 'Off: your bill comes by mail'}
        </p>
      )}

      <Form onSubmit={onSubmit} noValidate aria-labelledby={`${fieldId}-title`}>
        <h3 id={`${fieldId}-title`}>Update your account email</h3>
        <TextField
          id={fieldId}
          label="Email address"
          error={error}
          inputRef={input}
          type="email"
          autoComplete="email"
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
        <p role="status">
          The account email is changed by our agents, not online. <ChatLink>Chat with us</ChatLink> and give
          them {accepted} as your new email address.
        </p>
      ) : null}
    </section>
  );
});
