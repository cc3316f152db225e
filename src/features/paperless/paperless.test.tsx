// @vitest-environment happy-dom
import { cleanup, screen, waitFor } from '@testing-library/react';
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

const ENS = '/Orch/dss/api/ensupdatepaperless';
const blueMarble: Profile = {
  ...baseProfile,
  currentlyManagedAccount: '501700562',
  c2e: true,
  paperlessBilling: false,
  billingEmailAddress: 'bo@mail.example',
};

function paperHome(route: OrchRoute = () => ok({ data: { code: '200' } })) {
  return makeHomeStore({
    profile: blueMarble,
    routes: { [ENS]: route },
    decide: (f: AccountFacts) => ({
      sections: f.paperless ? sections('greeting') : sections('paper-charge-alert', 'greeting'),
    }),
  });
}

describe('paper-charge alert', () => {
  it('states the $1.00 paper bill fee with the bill email in its email field', async () => {
    const { store } = await paperHome();
    await renderHome(store);
    expect(alertNamed('Avoid the paper bill fee')).toHaveTextContent(
      'A $1.00 fee applies to each paper bill.',
    );
    expect(screen.getByLabelText('Email address')).toHaveValue('bo@mail.example');
  });

  it('requires an email and refuses one that does not match the pattern, with no call', async () => {
    const user = userEvent.setup();
    const { store, orch } = await paperHome();
    await renderHome(store);
    const field = screen.getByLabelText('Email address');
    await user.clear(field);
    await user.click(screen.getByRole('button', { name: 'Go paperless' }));
    expect(screen.getByText('Enter your email address.')).toBeInTheDocument();
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveFocus();
    await user.type(field, 'bo@mail.c');
    await user.click(screen.getByRole('button', { name: 'Go paperless' }));
    expect(screen.getByText('Enter an email address in the format name@example.com.')).toBeInTheDocument();
    expect(orch.calls).toHaveLength(0);
  });

  it("turns paperless on: 'You'll now recieve your bill by email' and the profile reloads", async () => {
    const user = userEvent.setup();
    const { store, orch, profileLoads } = await paperHome();
    await renderHome(store);
    await user.click(screen.getByRole('button', { name: 'Go paperless' }));
    await waitFor(() => expect(toastTexts(store)).toEqual(["You'll now recieve your bill by email"]));
    expect(orch.calls[0]?.body).toMatchObject({
      ban: '501700562',
      paperlessBilling: 'Y',
      email: 'bo@mail.example',
    });
    await waitFor(() => expect(profileLoads()).toBe(2));
  });

  it("a failed update says 'Unable to save changes.Please try again later.' and is logged", async () => {
    const user = userEvent.setup();
    const { store, issues } = await paperHome(() => failed());
    await renderHome(store);
    await user.click(screen.getByRole('button', { name: 'Go paperless' }));
    await waitFor(() =>
      expect(toastTexts(store)).toEqual(['Unable to save changes.Please try again later.']),
    );
    expect(issues.map((i) => i.operation)).toEqual(['updatePaperless']);
    expect(alertNamed('Avoid the paper bill fee')).toBeInTheDocument();
  });
});

describe('early-life billing card', () => {
  it('the early-life billing card offers AutoPay and paperless when they are off', async () => {
    const { store } = await makeHomeStore({
      profile: { ...baseProfile, autoPay: false, paperlessBilling: false, accountTenure: 2 },
      decide: () => ({ sections: sections('early-life-billing') }),
    });
    await renderHome(store);
    expect(screen.getByRole('link', { name: 'Turn on AutoPay' })).toHaveAttribute(
      'href',
      '/Orch/dssh/redirectEntry/jumpOutManageAutoPay',
    );
    expect(screen.getByRole('link', { name: 'Go paperless' })).toHaveAttribute(
      'href',
      '/settings/notifications',
    );
  });
});
