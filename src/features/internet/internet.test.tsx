// @vitest-environment happy-dom
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type { HomeDecisions } from '../../engine';
import type { MyServices } from '../../generated/types';
import {
  makeHomeStore,
  ok,
  renderHome,
  sections,
  toastTexts,
} from '../../../test/features/home/home-harness';

afterEach(cleanup);

const services = (owned: number, available = owned): MyServices => ({
  statusInfo: { status: 'SUCCESS' },
  dioProductEligibility: { hasHsi: true, ownedHsiSpeedInKbps: owned, availableHsiSpeedInKbps: available },
});

function cardHome(data: MyServices, decided: Partial<HomeDecisions> = {}) {
  return makeHomeStore({
    data: { services: data },
    routes: { '/Orch/dssh/ecom/createJumpOutToken': () => ok({ data: { token: 'JT-9' } }) },
    decide: () => ({ sections: sections('greeting', 'internet-wifi'), ...decided }),
  });
}

const card = () => screen.getByRole('region', { name: 'Internet' });

describe('internet plan card (home spec 2.6, 4 speed display)', () => {
  it("shows kbps divided by 1000: 1000 Mbps or more as '1 Gig', else 'N Mbps'", async () => {
    const gig = await cardHome(services(1_000_000));
    await renderHome(gig.store);
    expect(card()).toHaveTextContent('1 Gig');
    cleanup();
    const plain = await cardHome(services(200_000));
    await renderHome(plain.store);
    expect(card()).toHaveTextContent('200 Mbps');
    expect(within(card()).queryByText('*NA - Not available at this time.')).not.toBeInTheDocument();
  });

  it("'*NA - Not available at this time.' when the speed is 0", async () => {
    const { store } = await cardHome(services(0));
    await renderHome(store);
    expect(card()).toHaveTextContent('NA');
    expect(within(card()).getByText('*NA - Not available at this time.')).toBeInTheDocument();
  });

  it('none hides the offer; link shows Upgrade Now; chat shows a chat link (as rules/upgrade-offer.json decides)', async () => {
    const none = await cardHome(services(200_000, 940_000));
    await renderHome(none.store);
    expect(within(card()).queryByText('Get faster internet')).not.toBeInTheDocument();
    cleanup();
    const chat = await cardHome(services(200_000, 940_000), {
      upgradeOffer: { offer: 'chat' },
      upgradeOfferText: { text: 'available-speed' },
    });
    await renderHome(chat.store);
    expect(within(card()).getByRole('button', { name: 'Chat with us to upgrade' })).toBeInTheDocument();
    expect(card()).toHaveTextContent('Speeds up to 940 Mbps are available at your address.');
    cleanup();
    const link = await cardHome(services(200_000, 940_000), {
      upgradeOffer: { offer: 'link' },
      modemUpgrade: { offer: 'chat' },
    });
    await renderHome(link.store);
    expect(within(card()).getByRole('button', { name: 'Upgrade Now' })).toBeInTheDocument();
    expect(within(card()).getByRole('button', { name: 'Chat for modem upgrade' })).toBeInTheDocument();
  });

  it("the offer's line is the one rules/upgrade-offer-text.json decided, whatever the speeds", async () => {
    // The rules name the available speed: the card shows the address's speed.
    const named = await cardHome(services(200_000, 940_000), {
      upgradeOffer: { offer: 'link' },
      upgradeOfferText: { text: 'available-speed' },
    });
    await renderHome(named.store);
    expect(card()).toHaveTextContent('Speeds up to 940 Mbps are available at your address.');
    expect(within(card()).queryByText('A faster plan is available at your address.')).not.toBeInTheDocument();
    cleanup();
    // Same speeds, the rules say generic: the component does not compare the speeds itself.
    const generic = await cardHome(services(200_000, 940_000), {
      upgradeOffer: { offer: 'link' },
      upgradeOfferText: { text: 'generic' },
    });
    await renderHome(generic.store);
    expect(within(card()).getByText('A faster plan is available at your address.')).toBeInTheDocument();
    expect(card()).not.toHaveTextContent('Speeds up to');
    cleanup();
    // The rules name the speed but the address's speed is unknown: the generic line, never 'up to null'.
    const unknown = await cardHome(
      {
        statusInfo: { status: 'SUCCESS' },
        dioProductEligibility: { hasHsi: true, ownedHsiSpeedInKbps: 200_000 },
      },
      { upgradeOffer: { offer: 'chat' }, upgradeOfferText: { text: 'available-speed' } },
    );
    await renderHome(unknown.store);
    expect(within(card()).getByText('A faster plan is available at your address.')).toBeInTheDocument();
  });

  it("Upgrade Now on the generic path opens the provider's shop with the jump token requested for the login", async () => {
    const user = userEvent.setup();
    const { store, orch, assigned } = await cardHome(services(200_000, 940_000), {
      upgradeOffer: { offer: 'link' },
    });
    await renderHome(store);
    await user.click(within(card()).getByRole('button', { name: 'Upgrade Now' }));
    await waitFor(() => expect(assigned).toEqual(['https://shop.provider.example/upgrade?token=JT-9']));
    expect(orch.calls[0]?.body).toEqual({
      list: { attribList: [{ name: 'profileId', value: store.session.profileId }] },
    });
    expect(toastTexts(store)).toEqual([]);
  });
});
