// @vitest-environment happy-dom
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type { AccountFacts } from '../../facts';
import type { Profile } from '../../generated/types';
import type { OrchRoute } from '../../../test/features/harness';
import {
  alertNamed,
  baseProfile,
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
    const dialog = await screen.findByRole('dialog', { name: 'Confirm your service address' });
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
    await user.click(await screen.findByRole('button', { name: 'Confirm address' }));
    const dialog = await screen.findByRole('dialog', { name: 'Modem replacement' });
    await within(dialog).findByText(
      'We are unable to retrieve the necessary detail to complete the modem replacement. Please chat with an agent.',
    );
    expect(within(dialog).getByRole('button', { name: 'Chat with an agent' })).toBeInTheDocument();
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
    expect(await screen.findByRole('dialog', { name: 'Modem replacement' })).toHaveTextContent(
      'We are unable to retrieve the necessary detail to complete the modem replacement.',
    );
    expect(orch.calls).toHaveLength(0);
  });

  it('Decline asks for a confirmation, then the declined answer hides the offer', async () => {
    const user = userEvent.setup();
    const { store, orch } = await replacementHome(answer('OK', 'Declined'));
    await renderHome(store);
    await user.click(screen.getByRole('button', { name: 'Decline' }));
    const dialog = await screen.findByRole('dialog', { name: 'Decline modem replacement' });
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
    await user.click(await screen.findByRole('button', { name: 'Yes, decline' }));
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
    await user.click(await screen.findByRole('button', { name: 'No, keep the offer' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(orch.calls).toHaveLength(0);
  });
});
