// @vitest-environment happy-dom
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type { AccountFacts } from '../../facts';
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

const DECLINE = '/Orch/dssh/profile/declineAltTn';

function noContactHome(route: OrchRoute = () => ok({ statusMessage: 'SUCCESS' })) {
  return makeHomeStore({
    profile: { ...baseProfile, altTelephoneNumbers: [] },
    routes: { [DECLINE]: route },
    decide: (f: AccountFacts) => ({
      sections: f.altnumshowDismissed
        ? sections('greeting')
        : sections(['alternate-phone-alerts', 'no-contact-number'], 'greeting'),
    }),
  });
}

describe('contact number alerts', () => {
  it('no contact number: Dismiss is remembered in altnumshow and the alert goes', async () => {
    const user = userEvent.setup();
    const { store } = await noContactHome();
    await renderHome(store);
    expect(alertNamed('Add a contact number')).toHaveTextContent(
      'There is no contact number on your account.',
    );
    await user.click(screen.getByRole('button', { name: 'Dismiss contact number alert' }));
    expect(store.env.storage.getItem('altnumshow')).not.toBeNull();
    await waitFor(() =>
      expect(screen.queryByRole('region', { name: 'Add a contact number' })).not.toBeInTheDocument(),
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Hi, Ana!' })).toHaveFocus();
  });

  it("no contact number: Decline calls the decline call, toasts 'Alternate number declined successfully' (3 s) and hides the alert", async () => {
    const user = userEvent.setup();
    const { store, orch, timers } = await noContactHome();
    await renderHome(store);
    await user.click(screen.getByRole('button', { name: 'Decline' }));
    await waitFor(() => expect(toastTexts(store)).toEqual(['Alternate number declined successfully']));
    expect(timers).toEqual([3000]);
    expect(orch.calls[0]?.query).toEqual({ accountNumber: '310111222' });
    expect(screen.queryByRole('region', { name: 'Add a contact number' })).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Hi, Ana!' })).toHaveFocus();
  });

  it("a failed decline toasts 'We were unable to decline alternate number. Please try again later' (3 s) and the alert stays", async () => {
    const user = userEvent.setup();
    const { store, timers, issues } = await noContactHome(() => failed());
    await renderHome(store);
    await user.click(screen.getByRole('button', { name: 'Decline' }));
    await waitFor(() =>
      expect(toastTexts(store)).toEqual([
        'We were unable to decline alternate number. Please try again later',
      ]),
    );
    expect(timers).toEqual([3000]);
    expect(issues.map((i) => i.operation)).toEqual(['declineAltTn']);
    expect(alertNamed('Add a contact number')).toBeInTheDocument();
  });

  it('a decline answered without SUCCESS is a failure too', async () => {
    const user = userEvent.setup();
    const { store } = await noContactHome(() => ok({ statusMessage: 'FAILURE' }));
    await renderHome(store);
    await user.click(screen.getByRole('button', { name: 'Decline' }));
    await waitFor(() => expect(toastTexts(store)).toHaveLength(1));
    expect(toastTexts(store)[0]).toMatch(/^We were unable to decline/);
  });

  it('the add link opens account info with the contact-number field focused', async () => {
    const { store } = await noContactHome();
    await renderHome(store);
    expect(screen.getByRole('link', { name: 'Add a contact number' })).toHaveAttribute(
      'href',
      '/settings/accountInfo?focusContactNumber=true',
    );
  });

  it('an outdated contact number asks to re-verify it on account info', async () => {
    const { store } = await makeHomeStore({
      profile: {
        ...baseProfile,
        altTelephoneNumbers: [{ telephoneNumber: '3035550142', altTnExpirationDate: '2026-02-28' }],
      },
      decide: () => ({ sections: sections(['alternate-phone-alerts', 'reverify-contact-number']) }),
    });
    await renderHome(store);
    expect(alertNamed('Is your contact number up to date?')).toHaveTextContent(
      'The contact number (303) 555-0142 on your account is out of date.',
    );
    expect(screen.getByRole('link', { name: 'Verify your contact number' })).toHaveAttribute(
      'href',
      '/settings/accountInfo?focusContactNumber=true',
    );
  });

  it('names the number the rules found outdated: not one whose expiry day is today', async () => {
    const { store } = await makeHomeStore({
      profile: {
        ...baseProfile,
        altTelephoneNumbers: [
          { telephoneNumber: '3035550100', altTnExpirationDate: '2026-03-10' },
          { telephoneNumber: '3035550142', altTnExpirationDate: '2026-03-09' },
        ],
      },
      decide: () => ({ sections: sections(['alternate-phone-alerts', 'reverify-contact-number']) }),
    });
    await renderHome(store);
    expect(alertNamed('Is your contact number up to date?')).toHaveTextContent(
      'The contact number (303) 555-0142 on your account is out of date.',
    );
  });
});

describe('email alerts', () => {
  it("'No official account email address on record.' leads to /settings/notifications?focusEmailid=true", async () => {
    const { store } = await makeHomeStore({
      profile: { ...baseProfile, emailAddress: undefined },
      decide: () => ({ sections: sections('no-email-alert') }),
    });
    await renderHome(store);
    alertNamed('No official account email address on record.');
    expect(screen.getByRole('link', { name: 'Add email address' })).toHaveAttribute(
      'href',
      '/settings/notifications?focusEmailid=true',
    );
  });

  it("'Do we have your correct email address?' leads there too and is dismissed per browser (emailvalidshow)", async () => {
    const user = userEvent.setup();
    const { store } = await makeHomeStore({
      decide: (f: AccountFacts) => ({
        sections: f.emailvalidshowDismissed
          ? sections('greeting')
          : sections('invalid-email-alert', 'greeting'),
      }),
    });
    await renderHome(store);
    expect(alertNamed('Do we have your correct email address?')).toHaveTextContent('ana@mail.example');
    expect(screen.getByRole('link', { name: 'Update email address' })).toHaveAttribute(
      'href',
      '/settings/notifications?focusEmailid=true',
    );
    await user.click(screen.getByRole('button', { name: 'Dismiss email address alert' }));
    expect(store.env.storage.getItem('emailvalidshow')).not.toBeNull();
    await waitFor(() =>
      expect(
        screen.queryByRole('region', { name: 'Do we have your correct email address?' }),
      ).not.toBeInTheDocument(),
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Hi, Ana!' })).toHaveFocus();
  });
});
