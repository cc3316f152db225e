import { observer } from 'mobx-react-lite';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { jumpOutManageAutoPayUrl } from '../../../api/calls/jump-out';
import { getPaymentPlanToken } from '../../../api/calls/payment-plan-token';
import { tokenJumpTarget } from '../../../api/redirect';
import { config, jumpOut } from '../../../config';
import type { Profile } from '../../../generated/types';
import { useStores } from '../../../stores/context';
import { ExternalLink } from '../../../ui/ExternalLink';
import { formatDate, formatMoney } from '../../../ui/format';
import { isPrepaid, newestFirst, paymentMethodText, shownDueDate } from '../billing-data';
import { PreviousBills } from '../previous-bills';
import { BILLING_TEXTS } from '../texts';
import { ProfileUnavailable } from '../unavailable';
import { LongText } from '../../../ui/LongText';
import { ChatLink } from '../../../ui/chat';

/** /billing: the balance or next payment, AutoPay and paperless, scheduled payments and previous bills. */
export const Component = observer(function BillingPage() {
  const store = useStores();
  const p = store.profile.data;
  return (
    <div className="page">
      <h1>Billing</h1>
      {p ? <BillingContent profile={p} /> : <ProfileUnavailable />}
    </div>
  );
});

const BillingContent = observer(function BillingContent({ profile: p }: { profile: Profile }) {
  const prepaid = isPrepaid(p);
  const method = paymentMethodText(p);
  return (
    <>
      <section className="panel" aria-labelledby="balance-title">
        {prepaid ? (
          <>
            <h2 id="balance-title">NEXT PAYMENT</h2>
            {p.nextPaymentAmount === undefined ? (
              <CurrentAmountUnavailable />
            ) : (
              <dl className="definition-list">
                <dt>Amount</dt>
                <dd>{formatMoney(p.nextPaymentAmount)}</dd>
                {p.nextBillProcessedDate ? (
                  <>
                    <dt>Payment date</dt>
                    <dd>{formatDate(p.nextBillProcessedDate)}</dd>
                  </>
                ) : null}
              </dl>
            )}
          </>
        ) : (
          <>
            <h2 id="balance-title">ACCOUNT BALANCE</h2>
            {p.currentAmountDue === undefined ? (
              <CurrentAmountUnavailable />
            ) : (
              <dl className="definition-list">
                <dt>Amount due</dt>
                <dd>{formatMoney(p.currentAmountDue)}</dd>
                {p.billDueDate ? (
                  <>
                    <dt>Due date</dt>
                    <dd>{shownDueDate(p.billDueDate)}</dd>
                  </>
                ) : null}
              </dl>
            )}
          </>
        )}
        <dl className="definition-list">
          <dt>AutoPay</dt>
          <dd>{p.autoPay ? 'On' : 'Off'}</dd>
          {method ? (
            <>
              <dt>Payment method</dt>
              <dd>{method}</dd>
            </>
          ) : null}
          <dt>Paperless billing</dt>
          <dd>{p.paperlessBilling ? 'On' : 'Off'}</dd>
        </dl>
        <PaymentPlanActions profile={p} />
        <ul className="link-list">
          <li>
            <Link to="/paymentHistory">View Payment History</Link>
          </li>
          <li>
            {/* A full-page jump-out through Orch (it answers with a redirect), so a plain link. */}
            <a href={jumpOutManageAutoPayUrl()}>Manage AutoPay</a>
          </li>
          <li>
            <Link to="/settings/notifications">Paperless billing and bill email</Link>
          </li>
          <li>
            <ExternalLink href={jumpOut('billingHelp')}>Billing help</ExternalLink>
          </li>
        </ul>
      </section>

      <section className="panel" aria-labelledby="scheduled-title">
        <h2 id="scheduled-title">Scheduled payments</h2>
        <ScheduledPayments profile={p} />
      </section>

      <section className="panel" aria-labelledby="bills-title">
        <h2 id="bills-title">Previous bills</h2>
        <PreviousBills profile={p} page="billing" />
      </section>
    </>
  );
});

/** Home spec §4 inline text, with its chat link. */
function CurrentAmountUnavailable() {
  return (
    <p role="alert">
      {BILLING_TEXTS.currentAmountUnavailable} <ChatLink>Chat with us</ChatLink>
    </p>
  );
}

function ScheduledPayments({ profile: p }: { profile: Profile }) {
  const payments = p.scheduledPayments ?? [];
  if (payments.length === 0) return <p>You have no scheduled payments.</p>;
  return (
    <table className="history-table">
      <caption>Scheduled payments</caption>
      <thead>
        <tr>
          <th scope="col">Date</th>
          <th scope="col">Amount</th>
          <th scope="col">Paid with</th>
          <th scope="col">Confirmation number</th>
        </tr>
      </thead>
      <tbody>
        {newestFirst(payments, (s) => s.paymentDate).map((s, i) => (
          <tr key={`${i}:${s.paymentId ?? s.confirmationNumber ?? s.paymentDate}`}>
            <td>{formatDate(s.paymentDate)}</td>
            <td>{formatMoney(s.paymentAmount)}</td>
            <td>
              <LongText text={[s.paymentMethod, s.maskedPaymentAccountID].filter(Boolean).join(' ') || '—'} />
            </td>
            <td>
              <LongText text={s.confirmationNumber ?? '—'} />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/**
 * Set up / View Payment plan: shown only when rules/billing-actions.json offers them (the spec's conditions on
 * amount due, arrangement and prepaid live there). Either asks Orch for a payment-plan token (statusCode 1 plus
 * token) and goes to the payment-plan site with it; without a token, the spec's token-failure toast (4 s).
 */
const PaymentPlanActions = observer(function PaymentPlanActions({ profile: p }: { profile: Profile }) {
  const store = useStores();
  const [busy, setBusy] = useState(false);
  const actions = store.decisions.current?.billingActions;
  const offers = [
    actions?.['set-up-payment-plan'] ? 'Set up Payment plan' : null,
    actions?.['view-payment-plan'] ? 'View Payment plan' : null,
  ].filter((label): label is string => label !== null);
  if (offers.length === 0) return null;

  const open = async () => {
    setBusy(true);
    const r = await getPaymentPlanToken(store.orch, { accountNumber: p.currentlyManagedAccount });
    setBusy(false);
    // The token goes into the configured address and the result is checked like any redirect (never off
    // the allowlist, whatever the token holds); a refused address is a token failure.
    const target =
      r.ok && r.data.statusCode === 1
        ? tokenJumpTarget(jumpOut('paymentPlan'), r.data.token, {
            origin: store.env.origin,
            allowlist: config.redirectAllowlist,
          })
        : null;
    if (target) {
      store.env.assign(target);
      return;
    }
    store.logIssue(
      store.page,
      'paymentPlanToken',
      !r.ok
        ? r.message
        : r.data.statusCode === 1
          ? 'token refused for the redirect'
          : `statusCode ${r.data.statusCode}`,
    );
    store.ui.showToast({ text: BILLING_TEXTS.tokenFailed, tone: 'error', durationMs: 4000 });
  };

  return (
    <p className="alert__actions">
      {offers.map((label) => (
        <button
          key={label}
          type="button"
          className="btn btn--secondary"
          disabled={busy}
          onClick={() => void open()}
        >
          {label}
        </button>
      ))}
    </p>
  );
});
