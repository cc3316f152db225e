import { observer } from 'mobx-react-lite';
import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { jumpOutManageAutoPayUrl } from '../../api/calls/jump-out';
import type { BillingPanelState } from '../../engine/decisions';
import type { Profile } from '../../generated/types';
import { useStores } from '../../stores/context';
import { formatDate, formatMoney } from '../../ui/format';
import { isPrepaid, shownDueDate } from './billing-data';
import { BILLING_HOME_TEXT as T } from './home-texts';
import { PayBill } from './PayBill';
import { PaymentPlanButton } from './PaymentPlanButton';
import { SCHEDULED_HEADING_ID, ScheduledPayments } from './ScheduledPayments';
import { VacationRestore } from './VacationNotice';
import { ViewBill } from './ViewBill';
import './billing.css';
import { ChatLink } from '../../ui/chat';

interface Notice {
  tone: 'info' | 'warning' | 'error';
  title: string;
  body?: string;
  extra?: ReactNode;
}

/** The notice each state of rules/billing-panel.json shows (home spec §2.8's texts). */
function noticeOf(state: BillingPanelState): Notice | null {
  switch (state) {
    case 'closed':
      return { tone: 'info', title: T.closed, body: T.closedBody };
    case 'final':
      return { tone: 'info', title: T.closed, body: T.finalBody };
    case 'suspended-postpaid':
      return { tone: 'error', title: T.suspendedPostpaid, body: T.suspendedPostpaidBody };
    case 'suspended-prepaid':
      return { tone: 'error', title: T.suspendedPrepaid };
    case 'vacation-suspended':
      return { tone: 'warning', title: T.vacation, extra: <VacationRestore /> };
    case 'payment-plan':
      return { tone: 'info', title: T.paymentPlan };
    case 'autopay':
      return { tone: 'info', title: T.autoPayOn };
    case 'standard':
      return null;
  }
}

/**
 * The billing panel (home section 17 'billing info', and the top of /billing): ACCOUNT BALANCE for postpaid,
 * NEXT PAYMENT for prepaid, with 2 decimals; the due date shown is the bill due date plus one day. Its state
 * (rules/billing-panel.json) picks the notice; what it offers and says (Pay, View Bill, the payment plan, the
 * AutoPay notes, Cancel Service) is rules/billing-actions.json's. View Bill only on /home, detected from the
 * page path (home spec §2.7). A missing amount reads 'Current amount is not available. Please try again later.
 * Already tried again?' with the chat link.
 */
export const BillingPanel = observer(function BillingPanel({ profile: p }: { profile: Profile | null }) {
  const store = useStores();
  const { pathname } = useLocation();
  const decided = store.decisions.current;
  const offers = decided?.billingActions;
  const state = decided?.billingPanel.state ?? 'standard';
  const prepaid = p ? isPrepaid(p) : false;
  const notice = p ? noticeOf(state) : null;
  const amount = p ? (prepaid ? p.nextPaymentAmount : p.currentAmountDue) : undefined;
  const onHome = pathname === '/home';
  return (
    <section className="panel billing-panel" aria-labelledby="billing-panel-title">
      <h2 id="billing-panel-title">{prepaid ? T.nextPaymentHeading : T.accountBalanceHeading}</h2>
      {notice ? (
        <div className={`billing-notice billing-notice--${notice.tone}`}>
          <h3>{notice.title}</h3>
          {notice.body ? <p>{notice.body}</p> : null}
          {notice.extra}
        </div>
      ) : null}
      {p === null || amount === undefined ? (
        <p role="alert">
          {T.currentAmountUnavailable} <ChatLink>{T.chatWithUs}</ChatLink>
        </p>
      ) : (
        <Amounts profile={p} prepaid={prepaid} amount={amount} final={state === 'final'} />
      )}
      {p && offers?.['autopay-reminder'] ? (
        <p className="billing-note">
          {T.autoPayReminder(formatMoney(p.currentAmountDue), formatDate(p.nextBillProcessedDate))}
        </p>
      ) : null}
      {offers?.['autopay-nothing-due'] ? <p className="billing-note">{T.autoPayNothingDue}</p> : null}
      {offers?.['payment-plan-prompt'] ? (
        <div className="billing-notice billing-notice--warning">
          <h3>{T.paymentPlanPromptHeading}</h3>
          <p>{T.paymentPlanPrompt}</p>
        </div>
      ) : null}
      {p ? (
        <div className="billing-actions">
          {offers?.['pay-bill'] ? <PayBill /> : null}
          {onHome ? <ViewBill noBillsYet={offers?.['no-bills-yet'] === true} /> : null}
          {offers?.['set-up-payment-plan'] ? <PaymentPlanButton label={T.setUpPaymentPlan} /> : null}
          {offers?.['view-payment-plan'] ? <PaymentPlanButton label={T.viewPaymentPlan} /> : null}
          <Link className="btn btn--secondary" to="/paymentHistory">
            {T.viewPaymentHistory}
          </Link>
          {/* A full-page jump-out through Orch (it answers with a redirect), so a plain link. */}
          <a className="btn btn--secondary" href={jumpOutManageAutoPayUrl()}>
            {T.manageAutoPay}
          </a>
          {/* Home spec §2.7: 'Cancel Service (to /Cancel-Services) is rendered but hidden'. */}
          {offers?.['cancel-service-link'] ? (
            <Link to="/Cancel-Services" hidden>
              {T.cancelService}
            </Link>
          ) : null}
        </div>
      ) : null}
      {p ? (
        <>
          <h3 id={SCHEDULED_HEADING_ID} tabIndex={-1}>
            {T.scheduledPayments}
          </h3>
          <ScheduledPayments payments={p.scheduledPayments ?? []} />
        </>
      ) : null}
    </section>
  );
});

function Amounts({
  profile: p,
  prepaid,
  amount,
  final,
}: {
  profile: Profile;
  prepaid: boolean;
  amount: number;
  final: boolean;
}) {
  const due = prepaid
    ? p.nextBillProcessedDate
      ? formatDate(p.nextBillProcessedDate)
      : null
    : shownDueDate(p.billDueDate);
  return (
    <dl className="definition-list">
      <dt>{prepaid ? 'Amount' : final ? T.finalBill : T.amountDue}</dt>
      <dd className="billing-panel__amount">{formatMoney(amount)}</dd>
      {due ? (
        <>
          <dt>{prepaid ? T.paymentDate : T.dueDate}</dt>
          <dd>{due}</dd>
        </>
      ) : null}
    </dl>
  );
}
