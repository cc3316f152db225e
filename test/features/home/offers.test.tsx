// @vitest-environment happy-dom
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type { AccountFacts } from '../../../src/facts';
import type { Profile } from '../../../src/generated/types';
import type { OrchRoute } from '../harness';
import {
  alertNamed,
  baseProfile,
  failed,
  makeHomeStore,
  ok,
  renderHome,
  sections,
  toastTexts,
} from './home-harness';

afterEach(cleanup);

const OFFER_ANSWER = '/Orch/dssh/offers/setAccptRejectMdmRplcmt';
const answer =
  (status: string, offerStatus?: string): OrchRoute =>
  () =>
    ok({ response: { status, message: 'answer', ...(offerStatus ? { offerStatus } : {}) } });

function creditHome(route: OrchRoute) {
  return makeHomeStore({
    data: {
      creditOffer: {
        status: 200,
        message: 'Offer available',
        offerName: 'OutOfServiceCredit',
        offerStatus: 'ELIGIBLE',
        value: 25,
      },
    },
    routes: { [OFFER_ANSWER]: route },
    decide: (f: AccountFacts) => ({
      creditOffer: { show: !f.creditOfferAnswered },
      sections: f.creditOfferAnswered ? sections('greeting') : sections('outage-credit-alert', 'greeting'),
    }),
  });
}

describe('out-of-service credit offer', () => {
  it("Accept: 'Credit will be applied to your account.' for 30 s, the profile reloads and the offer goes", async () => {
    const user = userEvent.setup();
    const { store, orch, timers, profileLoads } = await creditHome(answer('OK', 'Accepted'));
    await renderHome(store);
    expect(alertNamed('Out of service credit')).toHaveTextContent('A credit of $25.00 is available');
    await user.click(screen.getByRole('button', { name: 'Accept' }));
    await waitFor(() => expect(toastTexts(store)).toEqual(['Credit will be applied to your account.']));
    expect(timers).toEqual([30000]);
    expect(orch.calls[0]?.body).toEqual({
      accountNumber: '310111222',
      offerName: 'OutOfServiceCredit',
      answer: 'accepted',
    });
    await waitFor(() => expect(profileLoads()).toBe(2));
    await waitFor(() =>
      expect(screen.queryByRole('region', { name: 'Out of service credit' })).not.toBeInTheDocument(),
    );
  });

  it('Accept that does not become Accepted opens the Bill Credit dialog telling the user to chat', async () => {
    const user = userEvent.setup();
    const { store } = await creditHome(answer('OK'));
    await renderHome(store);
    const accept = screen.getByRole('button', { name: 'Accept' });
    await user.click(accept);
    const dialog = await screen.findByRole('dialog', { name: 'Bill Credit' });
    expect(dialog).toHaveTextContent(
      'We are unable to retrieve the necessary detail to complete the out of service credit. Please chat with an agent.',
    );
    expect(within(dialog).getByRole('link', { name: 'Chat with an agent' })).toHaveAttribute(
      'href',
      '/login/chat',
    );
    await user.click(within(dialog).getByRole('button', { name: 'OK' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(accept).toHaveFocus();
  });

  it('a failed accept call also opens the Bill Credit dialog, and is logged', async () => {
    const user = userEvent.setup();
    const { store, issues } = await creditHome(() => failed());
    await renderHome(store);
    await user.click(screen.getByRole('button', { name: 'Accept' }));
    await screen.findByRole('dialog', { name: 'Bill Credit' });
    expect(issues.map((i) => i.operation)).toEqual(['setAccptRejectMdmRplcmt']);
  });

  it("Decline: the chat dialog, then 'Your out of service credit has been declined'; closing hides the offer", async () => {
    const user = userEvent.setup();
    const { store, orch } = await creditHome(answer('OK', 'Declined'));
    await renderHome(store);
    await user.click(screen.getByRole('button', { name: 'Decline' }));
    const dialog = screen.getByRole('dialog', { name: 'Decline your credit' });
    expect(dialog).toHaveTextContent('please chat with an agent');
    const outcome = await within(dialog).findByText('Your out of service credit has been declined');
    expect(outcome).toHaveFocus();
    expect(orch.calls[0]?.body).toMatchObject({ answer: 'declined' });
    await user.click(within(dialog).getByRole('button', { name: 'OK' }));
    await waitFor(() =>
      expect(screen.queryByRole('region', { name: 'Out of service credit' })).not.toBeInTheDocument(),
    );
    expect(store.ui.flags.creditOfferAnswered).toBe(true);
    expect(screen.getByRole('heading', { level: 1, name: 'Hi, Ana!' })).toHaveFocus();
  });

  it("a decline not recorded says 'Your out of service credit has not been declined' and the offer stays", async () => {
    const user = userEvent.setup();
    const { store } = await creditHome(answer('ERROR'));
    await renderHome(store);
    await user.click(screen.getByRole('button', { name: 'Decline' }));
    const dialog = screen.getByRole('dialog', { name: 'Decline your credit' });
    await within(dialog).findByText('Your out of service credit has not been declined');
    await user.click(within(dialog).getByRole('button', { name: 'OK' }));
    expect(alertNamed('Out of service credit')).toBeInTheDocument();
    expect(store.ui.flags.creditOfferAnswered).toBe(false);
  });
});

describe('modem replacement offer', () => {
  function replacementHome(route: OrchRoute, profile: Profile = baseProfile) {
    return makeHomeStore({
      profile,
      data: { modemReplacementOffer: { eligible: true, currentModel: 'PK5001Z', offeredModel: 'C4000XG' } },
      routes: { [OFFER_ANSWER]: route },
      decide: (f: AccountFacts) => ({
        sections: f.modemReplacementAnswered
          ? sections('greeting')
          : sections('modem-replacement-offer', 'greeting'),
      }),
    });
  }

  it("Replace confirms the service address, then 'Your request for modem replacement is submitted.'; OK hides the offer", async () => {
    const user = userEvent.setup();
    const { store, orch } = await replacementHome(answer('OK', 'Accepted'));
    await renderHome(store);
    expect(alertNamed('Get a new modem')).toHaveTextContent('(PK5001Z)');
    await user.click(screen.getByRole('button', { name: 'Replace' }));
    const dialog = screen.getByRole('dialog', { name: 'Confirm your service address' });
    expect(within(dialog).getByText('12 Elm St')).toBeInTheDocument();
    expect(within(dialog).getByText('Denver, CO 80202')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Confirm address' }));
    const submitted = await within(dialog).findByText('Your request for modem replacement is submitted.');
    expect(submitted).toHaveFocus();
    expect(orch.calls[0]?.body).toEqual({
      accountNumber: '310111222',
      offerName: 'ModemReplacement',
      answer: 'accepted',
    });
    await user.click(within(dialog).getByRole('button', { name: 'OK' }));
    await waitFor(() =>
      expect(screen.queryByRole('region', { name: 'Get a new modem' })).not.toBeInTheDocument(),
    );
    expect(store.ui.flags.modemReplacementAnswered).toBe(true);
  });

  it('an answer that is not OK shows the chat-advice dialog and the offer stays', async () => {
    const user = userEvent.setup();
    const { store } = await replacementHome(answer('ERROR'));
    await renderHome(store);
    await user.click(screen.getByRole('button', { name: 'Replace' }));
    await user.click(screen.getByRole('button', { name: 'Confirm address' }));
    const dialog = screen.getByRole('dialog', { name: 'Modem replacement' });
    await within(dialog).findByText(
      'We are unable to retrieve the necessary detail to complete the modem replacement. Please chat with an agent.',
    );
    expect(within(dialog).getByRole('link', { name: 'Chat with an agent' })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'OK' }));
    expect(alertNamed('Get a new modem')).toBeInTheDocument();
  });

  it('without a service address Replace goes straight to the error dialog, with no call', async () => {
    const user = userEvent.setup();
    const { store, orch } = await replacementHome(answer('OK'), {
      ...baseProfile,
      serviceAddress: undefined,
    });
    await renderHome(store);
    await user.click(screen.getByRole('button', { name: 'Replace' }));
    expect(screen.getByRole('dialog', { name: 'Modem replacement' })).toHaveTextContent(
      'We are unable to retrieve the necessary detail to complete the modem replacement.',
    );
    expect(orch.calls).toHaveLength(0);
  });

  it('Decline asks for a confirmation, then the declined answer hides the offer', async () => {
    const user = userEvent.setup();
    const { store, orch } = await replacementHome(answer('OK', 'Declined'));
    await renderHome(store);
    await user.click(screen.getByRole('button', { name: 'Decline' }));
    const dialog = screen.getByRole('dialog', { name: 'Decline modem replacement' });
    await user.click(within(dialog).getByRole('button', { name: 'Yes, decline' }));
    await waitFor(() =>
      expect(screen.queryByRole('region', { name: 'Get a new modem' })).not.toBeInTheDocument(),
    );
    expect(orch.calls[0]?.body).toMatchObject({ answer: 'declined' });
    expect(screen.getByRole('heading', { level: 1, name: 'Hi, Ana!' })).toHaveFocus();
  });

  it("a failed decline toasts 'This functionality is currently unavailable.Please try again later' for 4 s", async () => {
    const user = userEvent.setup();
    const { store, timers, issues } = await replacementHome(() => failed());
    await renderHome(store);
    await user.click(screen.getByRole('button', { name: 'Decline' }));
    await user.click(screen.getByRole('button', { name: 'Yes, decline' }));
    await waitFor(() =>
      expect(toastTexts(store)).toEqual([
        'This functionality is currently unavailable.Please try again later',
      ]),
    );
    expect(timers).toEqual([4000]);
    expect(issues.map((i) => i.operation)).toEqual(['setAccptRejectMdmRplcmt']);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(alertNamed('Get a new modem')).toBeInTheDocument();
  });

  it('No, keep the offer closes the confirmation without a call', async () => {
    const user = userEvent.setup();
    const { store, orch } = await replacementHome(answer('OK'));
    await renderHome(store);
    await user.click(screen.getByRole('button', { name: 'Decline' }));
    await user.click(screen.getByRole('button', { name: 'No, keep the offer' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(orch.calls).toHaveLength(0);
  });
});
