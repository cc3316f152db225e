import { useFlow } from '../../stores/use-flow';
import { observer } from 'mobx-react-lite';
import { useEffect } from 'react';
import { Link } from 'react-router-dom';
import { expiredAltNumber } from '../../facts';
import { useStores } from '../../stores/context';
import { Alert } from '../../ui/Alert';
import { useFocusHome } from '../../ui/focus';
import { CONTACT_TEXT as T } from './texts';
import type { SectionProps } from '../../ui/section';

/** Account info with the contact-number field focused (the settings page reads the flag). */
export const CONTACT_NUMBER_SETTINGS = '/settings/accountInfo?focusContactNumber=true';

/** The alternate-phone alerts, in the variant the rules chose. */
export function ContactNumberAlerts({ params }: SectionProps) {
  return params?.variant === 'reverify-contact-number' ? <ReverifyContactNumber /> : <NoContactNumber />;
}

/**
 * No contact number on the account: Dismiss is remembered in local storage (altnumshow); Decline sends the
 * decline call (machines/decline-alt-number.machine.ts), whose success hides the alert.
 */
const NoContactNumber = observer(function NoContactNumber() {
  const store = useStores();
  const focusHome = useFocusHome();
  // The flow's machine and xstate load on its first event (src/stores/use-flow.ts).
  const logic = () => import('./flows').then((flows) => flows.provideDeclineAltNumber(store));
  const [snapshot, send] = useFlow('decline-alt-number', logic);
  const calling = snapshot.matches('calling');
  const hidden = snapshot.matches('hidden');

  useEffect(() => {
    if (!hidden) return;
    focusHome();
    // The rules keep a declined alert away for the rest of the session, also after the home remounts.
    store.ui.setFlag('altNumberDeclined', true);
  }, [hidden, focusHome, store]);

  // The machine's final state: the decline went through and the alert is gone.
  if (hidden) return null;
  return (
    <Alert
      tone="warning"
      heading={T.noContactHeading}
      closeLabel="Dismiss contact number alert"
      onClose={() => {
        store.dismissAltNumberAlert();
        focusHome();
      }}
      actions={
        <>
          <Link className="btn" to={CONTACT_NUMBER_SETTINGS}>
            {T.addContactNumber}
          </Link>
          <button
            type="button"
            className="btn btn--secondary"
            aria-disabled={calling || undefined}
            onClick={() => {
              if (!calling) send({ type: 'ALTNUMBER.DECLINE' });
            }}
          >
            {T.decline}
          </button>
          {calling ? <p role="status">Sending your answer…</p> : null}
        </>
      }
    >
      <p>{T.noContactBody}</p>
    </Alert>
  );
});

/** An alternate number whose expiration date is past: ask to re-verify it on account info. */
const ReverifyContactNumber = observer(function ReverifyContactNumber() {
  const store = useStores();
  // The number the rule's fact (hasExpiredAltNumber) found outdated, measured the same way.
  const outdated = expiredAltNumber(store.profile.data ?? undefined, store.env.now());
  return (
    <Alert
      tone="warning"
      heading={T.reverifyHeading}
      actions={
        <Link className="btn" to={CONTACT_NUMBER_SETTINGS}>
          {T.verifyContactNumber}
        </Link>
      }
    >
      <p>{T.reverifyBody(formatPhone(outdated?.telephoneNumber ?? ''))}</p>
    </Alert>
  );
});

/** A 10-digit number as (303) 555-0142; anything else as given. */
function formatPhone(number: string): string {
  const m = /^(\d{3})(\d{3})(\d{4})$/.exec(number);
  return m ? `(${m[1]}) ${m[2]}-${m[3]}` : number;
}
