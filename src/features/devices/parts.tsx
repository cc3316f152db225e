import { Link } from 'react-router-dom';
import { jumpOut } from '../../config';
import { ExternalLink } from '../../ui/ExternalLink';
import { DEVICE_TEXTS, type ModemView } from './adapt';

/** Own modem: no details, only a troubleshoot link (home spec 2.9). Offline: the spec's text. */
export function ModemNotice({ view }: { view: Exclude<ModemView, 'online'> }) {
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
      again? <Link to="/login/chat">Chat with us</Link>
    </p>
  );
}

export { ProfileUnavailable } from '../../ui/AccountError';
