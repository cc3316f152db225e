import { observer } from 'mobx-react-lite';
import { MESSAGES, shownMessages } from '../../../machines/messages';
import { jumpOutVacationRestoreUrl } from '../../api/calls/jump-out';
import { accountNumberOf } from '../../stores/flow-effects';
import { useStores } from '../../stores/context';
import { useFlow } from '../../stores/use-flow';
import { Dialog } from '../../ui/Dialog';
import { speedFromKbps } from '../../ui/format';
import { INTERNET_TEXT as T } from './texts';
import { ChatLink } from '../../ui/chat';

/**
 * The upgrade offers of the internet plan card, as the rules decided them: the upgrade offer indicator
 * (rules/upgrade-offer.json: none, Upgrade Now, or a chat link), the modem upgrade (rules/modem-upgrade.json:
 * Upgrade Modem or Chat for modem upgrade), the offer's line (rules/upgrade-offer-text.json: the speed available
 * at the address, or the generic line) and where both lead (rules/upgrade-path.json), run by
 * machines/upgrade.machine.ts.
 */
export const UpgradeOffers = observer(function UpgradeOffers({
  availableKbps,
}: {
  availableKbps: number | null;
}) {
  const store = useStores();
  const decided = store.decisions.current;
  const offer = decided?.upgradeOffer.offer ?? 'none';
  const modem = decided?.modemUpgrade.offer ?? 'none';
  const path = decided?.upgradePath.path ?? 'generic';
  const text = decided?.upgradeOfferText.text ?? 'generic';
  if (offer === 'none' && modem === 'none') return null;
  const faster = text === 'available-speed' && availableKbps !== null ? speedFromKbps(availableKbps) : null;
  return (
    <div className="internet-card__offers">
      {offer !== 'none' ? (
        <>
          <h3>{T.offerHeading}</h3>
          <p>{faster && faster !== 'NA' ? T.offerFasterAt(faster) : T.offerGeneric}</p>
        </>
      ) : null}
      {/* Keyed by the path: a new decision starts a new flow with the new path. */}
      <UpgradeButtons key={path} path={path} offer={offer} modem={modem} />
    </div>
  );
});

const UpgradeButtons = observer(function UpgradeButtons({
  path,
  offer,
  modem,
}: {
  path: 'restore-service' | 'restore-service-chat' | 'second-provider-shop' | 'fiber-shop' | 'generic';
  offer: 'none' | 'link' | 'chat';
  modem: 'none' | 'link' | 'chat';
}) {
  const store = useStores();
  // The flow's machine and xstate load on its first event (src/stores/use-flow.ts).
  const logic = () => import('./flows').then((flows) => flows.provideUpgrade(store));
  const [snapshot, send] = useFlow('upgrade', logic, { path });
  const busy = snapshot.matches('fetchingPurl') || snapshot.matches('fetchingToken');
  const dialog = shownMessages(snapshot)[0];
  const restoreChat = snapshot.matches('restoreChatDialog');
  const close = () => send({ type: 'DIALOG.CLOSE' });
  return (
    <>
      <div className="alert__actions">
        {offer === 'link' ? (
          <button
            type="button"
            className="btn"
            aria-disabled={busy || undefined}
            onClick={() => {
              if (!busy) send({ type: 'UPGRADE.PLAN' });
            }}
          >
            {T.upgradeNow}
          </button>
        ) : offer === 'chat' ? (
          <ChatLink>{T.chatToUpgrade}</ChatLink>
        ) : null}
        {modem === 'link' ? (
          <button
            type="button"
            className="btn btn--secondary"
            aria-disabled={busy || undefined}
            onClick={() => {
              if (!busy) send({ type: 'UPGRADE.MODEM' });
            }}
          >
            {T.upgradeModem}
          </button>
        ) : modem === 'chat' ? (
          <ChatLink>{T.chatForModemUpgrade}</ChatLink>
        ) : null}
      </div>
      {busy ? (
        <p role="status" className="spinner-line">
          <span className="spinner" aria-hidden="true" /> {T.opening}
        </p>
      ) : null}
      <Dialog
        open={dialog !== undefined}
        title={dialog?.title ?? MESSAGES.restoreServiceDialog.title}
        onClose={close}
        actions={
          <>
            {restoreChat ? (
              <ChatLink className="btn">{T.chatToRestore}</ChatLink>
            ) : (
              <a className="btn" href={jumpOutVacationRestoreUrl(accountNumberOf(store))}>
                {T.restoreService}
              </a>
            )}
            <button type="button" className="btn btn--secondary" onClick={close}>
              {T.close}
            </button>
          </>
        }
      >
        <p>{dialog?.text}</p>
      </Dialog>
    </>
  );
});
