// @vitest-environment happy-dom
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type { AccountFacts } from '../../facts';
import type { OrchRoute } from '../../../test/features/harness';
import {
  alertNamed,
  failed,
  makeHomeStore,
  ok,
  renderHome,
  sections,
  toastTexts,
} from '../../../test/features/home/home-harness';

afterEach(cleanup);

const OFFER_ANSWER = '/Orch/dssh/offers/setAccptRejectMdmRplcmt';
const answer =
  (status: string, offerStatus?: string): OrchRoute =>
  () =>
    ok({ response: { status, message: 'answer', ...(offerStatus ? { offerStatus } : {}) } });

function creditHome(route: OrchRoute, beacons: unknown[] = []) {
  return makeHomeStore({
    env: { beacon: (_url, body) => void beacons.push(JSON.parse(body) as unknown) },
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

  it("a rollout's live effect hears the accepted offer as completed, the declined one not (issue 32)", async () => {
    const user = userEvent.setup();
    const accepted: unknown[] = [];
    const first = await creditHome(answer('OK', 'Accepted'), accepted);
    first.store.servedHome();
    const { unmount } = await renderHome(first.store);
    await user.click(screen.getByRole('button', { name: 'Accept' }));
    const report = (action: string) => ({
      accountNumber: '310111222',
      section: 'outage-credit-alert',
      action,
    });
    await waitFor(() => expect(accepted).toEqual([report('tapped'), report('completed')]));
    unmount();

    const declined: unknown[] = [];
    const second = await creditHome(answer('OK', 'Declined'), declined);
    second.store.servedHome();
    await renderHome(second.store);
    await user.click(screen.getByRole('button', { name: 'Decline' }));
    const dialog = screen.getByRole('dialog', { name: 'Decline your credit' });
    await within(dialog).findByText('Your out of service credit has been declined');
    await user.click(within(dialog).getByRole('button', { name: 'OK' }));
    await waitFor(() =>
      expect(screen.queryByRole('region', { name: 'Out of service credit' })).not.toBeInTheDocument(),
    );
    expect(declined.filter((b) => (b as { action?: string }).action === 'completed')).toEqual([]);
    expect(declined).toContainEqual(report('tapped'));
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
    expect(within(dialog).getByRole('button', { name: 'Chat with an agent' })).toBeInTheDocument();
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
