import { useId, useRef, type FormEvent } from 'react';
import type { SnapshotFrom } from 'xstate';
import { fillText, MESSAGES, shownMessages } from '../../../machines/messages';
import type { PaperlessEvent, PaperlessMachine } from '../../../machines/paperless.machine';
import { emailMatchesPattern } from '../../facts';
import { ConfirmActions, Dialog } from '../../ui/Dialog';
import { TextField } from '../../ui/TextField';
import { PAPERLESS_TEXT as T } from './texts';

type Snapshot = SnapshotFrom<PaperlessMachine>;
type Send = (event: PaperlessEvent) => void;

/** The digits of what was typed (a number typed as 303-555-0100 counts as its 10 digits). */
const digits = (value: string): string => value.replace(/\D/g, '');

/** The busy line while the address is checked or the change saved. */
export function PaperlessBusy({ snapshot }: { snapshot: Snapshot }) {
  const checking = snapshot.matches('validating');
  const saving = snapshot.matches('turningOn') || snapshot.matches('turningOff');
  if (!checking && !saving) return null;
  return (
    <p role="status" className="paperless-busy">
      {checking ? T.checking : T.saving}
    </p>
  );
}

/**
 * The paperless dialog (home spec §2.5): 'EMAIL Only' (code email) or 'EMAIL and SMS' (code emailSms), the
 * email field, a phone field for SMS, and 'Turn On', enabled only when the machine would accept the form (a
 * valid address; for SMS a phone of exactly phoneDigits characters). The inline 'We were unable to validate
 * ...' is the email field's error.
 */
export function PaperlessDialog({ snapshot, send }: { snapshot: Snapshot; send: Send }) {
  const id = useId();
  const email = useRef<HTMLInputElement>(null);
  const c = snapshot.context;
  const editing = snapshot.matches('editing');
  const open =
    editing ||
    snapshot.matches('validating') ||
    snapshot.matches('turningOn') ||
    snapshot.matches('confirmEmail');
  const canSubmit = editing && snapshot.can({ type: 'PAPERLESS.SUBMIT' });
  const inline = shownMessages(snapshot).find((m) => m.id === MESSAGES.emailNotValidated.id);
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (canSubmit) send({ type: 'PAPERLESS.SUBMIT' });
  };
  const close = () => {
    if (editing) send({ type: 'DIALOG.CLOSE' });
  };
  return (
    <>
      <Dialog
        open={open}
        title={T.dialogTitle}
        onClose={close}
        actions={
          <>
            <button type="button" className="btn btn--secondary" disabled={!editing} onClick={close}>
              {T.cancel}
            </button>
            <button type="submit" form={`${id}-form`} className="btn" disabled={!canSubmit}>
              {T.turnOn}
            </button>
          </>
        }
      >
        <form id={`${id}-form`} onSubmit={onSubmit} noValidate>
          <fieldset className="paperless-options" disabled={!editing}>
            <legend>{T.billReady}</legend>
            {(['email', 'emailSms'] as const).map((option) => (
              <label key={option} className="paperless-option">
                <input
                  type="radio"
                  name={`${id}-option`}
                  value={option}
                  checked={c.option === option}
                  onChange={() => send({ type: 'OPTION.SELECT', option })}
                />{' '}
                {option === 'email' ? T.emailOnly : T.emailAndSms}
              </label>
            ))}
          </fieldset>
          <TextField
            label={T.emailLabel}
            type="email"
            autoComplete="email"
            required
            aria-required="true"
            inputRef={email}
            value={c.email}
            readOnly={!editing}
            error={inline?.text ?? null}
            onChange={(e) =>
              send({
                type: 'EMAIL.CHANGE',
                email: e.target.value,
                valid: emailMatchesPattern(e.target.value),
              })
            }
          />
          {c.option === 'emailSms' ? (
            <TextField
              label={T.phoneLabel}
              type="tel"
              inputMode="numeric"
              autoComplete="tel-national"
              required
              aria-required="true"
              hint={T.phoneHint(c.phoneDigits)}
              value={c.phone}
              readOnly={!editing}
              onChange={(e) => send({ type: 'PHONE.CHANGE', phone: digits(e.target.value) })}
            />
          ) : null}
          <PaperlessBusy snapshot={snapshot} />
        </form>
      </Dialog>
      <ConfirmEmailDialog snapshot={snapshot} send={send} />
    </>
  );
}

/**
 * 'Confirm Email' (home spec §2.5, shell spec §8): 'We were unable to validate the email address provided. Is
 * this email address … correct?' with the address, Yes (goes on anyway) and No (back to the form).
 */
export function ConfirmEmailDialog({ snapshot, send }: { snapshot: Snapshot; send: Send }) {
  const message = shownMessages(snapshot).find((m) => m.id === MESSAGES.confirmEmail.id);
  const open = message !== undefined;
  return (
    <Dialog
      open={open}
      title={message?.title ?? MESSAGES.confirmEmail.title}
      onClose={() => send({ type: 'EMAIL.REJECT' })}
      actions={
        <>
          <button type="button" className="btn btn--secondary" onClick={() => send({ type: 'EMAIL.REJECT' })}>
            {T.no}
          </button>
          <button type="button" className="btn" onClick={() => send({ type: 'EMAIL.CONFIRM' })}>
            {T.yes}
          </button>
        </>
      }
    >
      <p>{fillText(message?.text ?? MESSAGES.confirmEmail.text, { email: snapshot.context.email.trim() })}</p>
    </Dialog>
  );
}

/** Turning paperless off: a confirm step, then the update call (home spec §4 'back to off after turn-off'). */
export function TurnOffDialog({ snapshot, send }: { snapshot: Snapshot; send: Send }) {
  const busy = snapshot.matches('turningOff');
  const open = snapshot.matches('confirmingOff') || busy;
  const keep = () => {
    if (!busy) send({ type: 'DIALOG.CLOSE' });
  };
  return (
    <Dialog
      open={open}
      title={T.turnOffTitle}
      onClose={keep}
      actions={
        <ConfirmActions
          busy={busy}
          keepLabel={T.keepPaperless}
          confirmLabel={T.turnOff}
          onKeep={keep}
          onConfirm={() => send({ type: 'TURN_OFF.CONFIRM' })}
        />
      }
    >
      <p>{T.turnOffBody}</p>
      <PaperlessBusy snapshot={snapshot} />
    </Dialog>
  );
}
