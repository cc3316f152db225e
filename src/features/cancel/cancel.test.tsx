// @vitest-environment happy-dom
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { BillingAction, HomeDecisions } from '../../engine';
import { fixedDecisions, renderAt } from '../../../test/features/harness';
import { makeHomeStore, renderHome, sections } from '../../../test/features/home/home-harness';
import { Component as CancelServices } from './routes/cancel-services';

afterEach(cleanup);

function offer(...actions: BillingAction[]): HomeDecisions['billingActions'] {
  return { ...fixedDecisions.billingActions, ...Object.fromEntries(actions.map((a) => [a, true])) };
}

describe('cancel service (home spec 2.7; shell spec 5)', () => {
  it('on the home the button shows for Blue Marble accounts with the DISCONNECT flow, otherwise a chat link', async () => {
    const { store } = await makeHomeStore({
      decide: () => ({ sections: sections(['cancel-service', 'button']) }),
    });
    await renderHome(store);
    expect(screen.getByRole('link', { name: 'Cancel Service' })).toHaveAttribute('href', '/Cancel-Services');
    cleanup();
    const { store: chat } = await makeHomeStore({
      decide: () => ({ sections: sections(['cancel-service', 'chat']) }),
    });
    await renderHome(chat);
    expect(screen.queryByRole('link', { name: 'Cancel Service' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Chat with us' })).toBeInTheDocument();
  });

  it('/Cancel-Services is gated by canBeCancelled', async () => {
    const { store } = await makeHomeStore({
      decide: () => ({ billingActions: offer('cancel-services-page') }),
    });
    renderAt(store, '/Cancel-Services', <CancelServices />);
    expect(screen.getByRole('heading', { name: 'How to cancel' })).toBeInTheDocument();
    cleanup();
    const { store: closed } = await makeHomeStore({});
    renderAt(closed, '/Cancel-Services', <CancelServices />);
    expect(screen.getByRole('heading', { name: 'Not available online' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'How to cancel' })).not.toBeInTheDocument();
  });
});
