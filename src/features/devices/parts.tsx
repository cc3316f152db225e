import { observer } from 'mobx-react-lite';
import type { ReactNode } from 'react';
import { accountCall } from '../../stores/account-call';
import { useStores } from '../../stores/context';
import { jumpOut } from '../../config';
import { ExternalLink } from '../../ui/ExternalLink';
import { DEVICE_TEXTS, wifiPanelVariant } from './adapt';
import { ChatLink } from '../../ui/chat';

/** Own modem: no details, only a troubleshoot link (home spec 2.9). Offline: the spec's text. */
export function ModemNotice({ view }: { view: 'own-modem' | 'offline' }) {
  return view === 'own-modem' ? (
    <>
      <p>{DEVICE_TEXTS.ownModem}</p>
      <p>
        <ExternalLink href={jumpOut('troubleshooter')}>Troubleshoot your service</ExternalLink>
      </p>
    </>
  ) : (
    <>
      <p role="alert">{DEVICE_TEXTS.offline}</p>
      <p>
        <ExternalLink href={jumpOut('modemRestartHelp')}>How to restart your modem</ExternalLink>
      </p>
    </>
  );
}

/** The modem call failed (token or modem info): no spec text, so a plain one with the chat. */
export function ModemUnavailable() {
  return (
    <p role="alert">
      We are unable to reach your modem&apos;s information right now. Please try again later. Already tried
      again? <ChatLink>Chat with us</ChatLink>
    </p>
  );
}

export { ProfileUnavailable } from '../../ui/AccountError';

/**
 * The modem pages' common frame: while the modem info loads, a status line; then what rules/wifi-panel.json
 * decided (own or third-party modem, offline, the call failed) or, when the details can be shown, `children`.
 * `offlineShowsChildren` lets /ModemDetails show the modem itself while it is offline.
 */
export const ModemState = observer(function ModemState({
  loading,
  children,
  offlineShowsChildren = false,
}: {
  loading: string;
  children: ReactNode;
  offlineShowsChildren?: boolean;
}) {
  const store = useStores();
  const modem = accountCall(store, 'modemInfo');
  const variant = wifiPanelVariant(store);
  if (modem.status === 'skipped') return <p>{MODEM_SKIPPED}</p>;
  if (modem.status === 'loading' || variant === 'loading') return <p role="status">{loading}</p>;
  if (variant === 'unavailable') return <ModemUnavailable />;
  if (variant === 'own-modem' || variant === 'third-party') return <ModemNotice view="own-modem" />;
  if (variant === 'offline' && !offlineShowsChildren) return <ModemNotice view="offline" />;
  return <>{children}</>;
});

/** The modem calls did not run: the account has no internet service (or the adapt call toggle is off). */
const MODEM_SKIPPED = 'There is no modem information for this account.';
