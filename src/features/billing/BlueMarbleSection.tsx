import { observer } from 'mobx-react-lite';
import { billingEntityOf, territoryDisplayOf } from '../../facts/derive';
import { useStores } from '../../stores/context';
import { LongText } from '../../ui/LongText';
import { BILLING_HOME_TEXT as T } from './home-texts';

/** How the services answer's flows read (home spec §3, ecFlowsAvailable). */
const FLOW_WORDS: Readonly<Record<string, string>> = {
  CONNECTED_VOICE_ADD: 'Add Connected Voice',
  CHANGE_MODEM: 'Change your modem',
  CHANGE_DUE_DATE: 'Change the due date of an order',
  MOVE: 'Move your service',
  UPGRADE: 'Upgrade your internet',
  PENDING_ORDER_CANCEL: 'Cancel a pending order',
  DISCONNECT: 'Cancel your service',
  VACATION_SERVICE_START: 'Start vacation service',
  VACATION_SERVICE_END: 'End vacation service',
  PERSONAL_TECH_PRO: 'Add Personal Tech Pro',
  CYBER_SHIELD: 'Add Cyber Shield',
};

/** valueAddedServices and specialConsiderations in words. */
const SERVICE_WORDS: Readonly<Record<string, string>> = {
  PERSONAL_TECH_PRO: 'Personal Tech Pro',
  CYBER_SHIELD: 'Cyber Shield',
  EBBP: 'Emergency Broadband Benefit',
  CONNECTED_VOICE: 'Connected Voice',
  STANDALONE_CONNECTED_VOICE: 'Connected Voice (standalone)',
  ACP_DISCOUNT: 'Affordable Connectivity Program discount',
  LIFELINE_DISCOUNT: 'Lifeline discount',
  SIMPLY_UNLIMITED_PHONE: 'Simply Unlimited phone',
  VACATION_SUSPEND: 'Vacation suspend',
};

const words = (list: readonly string[] | undefined, table: Readonly<Record<string, string>>): string[] => [
  ...new Set((list ?? []).map((v) => table[v.trim().toUpperCase()] ?? v)),
];

/**
 * Home section 23, the Blue Marble (newer billing system) section, shown for Blue Marble accounts (rules):
 * what the account's data supports, namely its billing entity and territory, and from the services answer what
 * can be done online, the add-ons and the special considerations on the account. The spec names the section
 * without its content.
 */
export const BlueMarbleSection = observer(function BlueMarbleSection() {
  const store = useStores();
  const p = store.profile.data;
  if (!p) return null;
  const dio = store.accountData.data.services?.dioProductEligibility;
  const flows = words(dio?.ecFlowsAvailable, FLOW_WORDS);
  const services = words(dio?.valueAddedServices, SERVICE_WORDS);
  const considerations = words(dio?.specialConsiderations, SERVICE_WORDS);
  return (
    <section className="panel" aria-labelledby="blue-marble-title">
      <h2 id="blue-marble-title">{T.blueMarbleHeading}</h2>
      <dl className="definition-list">
        <dt>Account number</dt>
        <dd>
          <LongText text={p.currentlyManagedAccount} />
        </dd>
        <dt>Billing system</dt>
        <dd>{billingEntityOf(p.currentlyManagedAccount, p.c2e, p.territory) ?? '—'}</dd>
        {p.territory ? (
          <>
            <dt>Territory</dt>
            <dd>{territoryDisplayOf(p.territory)}</dd>
          </>
        ) : null}
        {services.length > 0 ? (
          <>
            <dt>Add-ons</dt>
            <dd>{services.join(', ')}</dd>
          </>
        ) : null}
        {considerations.length > 0 ? (
          <>
            <dt>On your account</dt>
            <dd>{considerations.join(', ')}</dd>
          </>
        ) : null}
      </dl>
      {flows.length > 0 ? (
        <>
          <h3>What you can do online</h3>
          <ul className="checklist">
            {flows.map((f) => (
              <li key={f}>{f}</li>
            ))}
          </ul>
        </>
      ) : (
        <p>Online changes to your services are not available right now. Our agents can help by chat.</p>
      )}
    </section>
  );
});
