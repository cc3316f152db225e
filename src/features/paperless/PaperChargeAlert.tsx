import { observer } from 'mobx-react-lite';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { MESSAGES, shownMessages } from '../../../machines/messages';
import { emailMatchesPattern } from '../../facts';
import { useStores } from '../../stores/context';
import { constantOf } from '../../stores/decided';
import { useFlow } from '../../stores/use-flow';
import { Alert } from '../../ui/Alert';
import { formatMoney } from '../../ui/format';
import { TextField } from '../../ui/TextField';
import { paperlessInputOf } from './paperless-input';
import { ConfirmEmailDialog, PaperlessBusy } from './PaperlessDialogs';
import { PAPERLESS_TEXT as T } from './texts';
import './paperless.css';
import { Form } from '../../ui/Form';
import { useFocusHome } from '../../ui/focus';

/**
 * The paper-charge alert (rules decide when: 9-character Blue Marble account of owner 1, RES or SMB, paper
 * billing, not on January 1, fee applies): the paper bill fee and a required, valid email field that turns
 * paperless billing on through the paperless flow (machines/paperless.machine.ts, its `inline` form): the
 * provider's validation, 'Confirm Email' after the same address more than emailRetryLimit times, then the
 * update call for the account kind. Once paperless is on the profile reloads and the rules drop the alert.
 */
export const PaperChargeAlert = observer(function PaperChargeAlert() {
  const store = useStores();
  const fieldId = useId();
  const input = useRef<HTMLInputElement>(null);
  const logic = () => import('./flows').then((flows) => flows.providePaperless(store));
  const [snapshot, send] = useFlow('paperless', logic, paperlessInputOf(store, true));
  // The required/format message shows once the customer tried to submit; the provider's answer is the machine's.
  const [tried, setTried] = useState(false);
  const fee = formatMoney(constantOf(store, 'paperBillFee'));
  const { email, emailValid } = snapshot.context;
  const editing = snapshot.matches('editing');
  const notValidated = shownMessages(snapshot).find((m) => m.id === MESSAGES.emailNotValidated.id);
  const formatError = !email.trim() ? T.emailRequired : emailValid ? null : T.emailInvalid;
  const error = (tried ? formatError : null) ?? notValidated?.text ?? null;

  // Paperless on: the rules drop this alert once the profile has reloaded, and its button with it, so the
  // focus goes on to the home first.
  const focusHome = useFocusHome();
  const on = snapshot.matches('on');
  useEffect(() => {
    if (on) focusHome();
  }, [on, focusHome]);

  // Each refused try moves focus to the field once its message is rendered, so the field is read with it.
  const [refused, setRefused] = useState(0);
  useEffect(() => {
    if (refused) input.current?.focus();
  }, [refused]);

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (!editing) return;
    setTried(true);
    if (formatError) {
      setRefused((n) => n + 1);
      return;
    }
    send({ type: 'PAPERLESS.SUBMIT' });
  };

  return (
    <Alert tone="info" heading={T.paperChargeHeading}>
      <p>{T.paperChargeBody(fee)}</p>
      <Form className="home-inline-form" onSubmit={onSubmit} noValidate>
        <TextField
          id={fieldId}
          label={T.emailLabel}
          error={error}
          inputRef={input}
          type="email"
          autoComplete="email"
          required
          aria-required="true"
          readOnly={!editing}
          value={email}
          onChange={(e) =>
            send({ type: 'EMAIL.CHANGE', email: e.target.value, valid: emailMatchesPattern(e.target.value) })
          }
        />
        <button type="submit" className="btn" aria-disabled={!editing || undefined}>
          {T.paperChargeSubmit}
        </button>
        <PaperlessBusy snapshot={snapshot} />
      </Form>
      <ConfirmEmailDialog snapshot={snapshot} send={send} />
    </Alert>
  );
});
