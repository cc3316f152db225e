// @vitest-environment happy-dom
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type { AccountFacts } from '../../facts';
import type { Profile } from '../../generated/types';
import type { OrchRoute } from '../../../test/features/harness';
import { renderAt } from '../../../test/features/harness';
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
import { PaperlessSettings } from './PaperlessSettings';

afterEach(cleanup);

const VALIDATE = '/Orch/dssh/bm/validateEmail';
const ENS = '/Orch/dss/api/ensupdatepaperless';
const CRIS = '/Orch/dss/api/crisUpdatePaperless';
const blueMarble: Profile = {
  ...baseProfile,
  currentlyManagedAccount: '501700562',
  c2e: true,
  paperlessBilling: false,
  billingEmailAddress: 'bo@mail.example',
};

const validated =
  (status: 'SUCCESS' | 'ERROR'): OrchRoute =>
  () =>
    ok({ status });

function paperHome(routes: Record<string, OrchRoute> = {}) {
  return makeHomeStore({
    profile: blueMarble,
    routes: { [VALIDATE]: validated('SUCCESS'), [ENS]: () => ok({ data: { code: '200' } }), ...routes },
    decide: (f: AccountFacts) => ({
      sections: f.paperless ? sections('greeting') : sections('paper-charge-alert', 'greeting'),
    }),
  });
}

const submit = () => userEvent.setup().click(screen.getByRole('button', { name: 'Go paperless' }));

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
    // The flow's machine loads with the first keystroke; the field shows what the machine holds.
    await waitFor(() => expect(field).toHaveValue(''));
    await submit();
    expect(screen.getByText('Enter your email address.')).toBeInTheDocument();
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveFocus();
    await user.type(field, 'bo@mail.c');
    await submit();
    expect(
      await screen.findByText('Enter an email address in the format name@example.com.'),
    ).toBeInTheDocument();
    expect(orch.calls).toHaveLength(0);
  });

  it("validates the address, then turns paperless on with ensupdatepaperless: 'You'll now recieve your bill by email' and the profile reloads", async () => {
    const { store, orch, profileLoads } = await paperHome();
    await renderHome(store);
    await submit();
    await waitFor(() => expect(toastTexts(store)).toEqual(["You'll now recieve your bill by email"]));
    expect(orch.calls.map((c) => c.path)).toEqual([VALIDATE, ENS]);
    expect(orch.calls[0]?.query).toEqual({ emailAddress: 'bo@mail.example' });
    // memo null and sourceSystem DIGIHOME; no smsNumber for 'EMAIL Only'.
    expect(orch.calls[1]?.body).toEqual({
      ban: '501700562',
      paperlessBilling: 'Y',
      email: 'bo@mail.example',
      memo: null,
      sourceSystem: 'DIGIHOME',
    });
    await waitFor(() => expect(profileLoads()).toBe(2));
  });

  it('takes crisUpdatePaperless when rules/paperless.json says so (not the number length in a component)', async () => {
    const { store, orch } = await makeHomeStore({
      profile: { ...blueMarble, currentlyManagedAccount: '3035551234567', c2e: false, territory: 'LQ' },
      routes: {
        [VALIDATE]: validated('SUCCESS'),
        [CRIS]: () => ok({ data: { serviceResponse: { statusCode: 1 } } }),
      },
      decide: () => ({ sections: sections('paper-charge-alert'), paperless: { call: 'cris' } }),
    });
    await renderHome(store);
    await submit();
    await waitFor(() => expect(toastTexts(store)).toEqual(["You'll now recieve your bill by email"]));
    expect(orch.calls[1]).toMatchObject({
      path: CRIS,
      body: {
        accountNumber: '3035551234567',
        paperlessBillingInd: true,
        updatedEmailAddress: 'bo@mail.example',
      },
    });
  });

  it("ERROR from validateEmail shows 'We were unable to validate the email address provided. Please review your entry & try again.'", async () => {
    const { store, orch } = await paperHome({ [VALIDATE]: validated('ERROR') });
    await renderHome(store);
    await submit();
    expect(
      await screen.findByText(
        'We were unable to validate the email address provided. Please review your entry & try again.',
      ),
    ).toBeInTheDocument();
    expect(orch.calls.map((c) => c.path)).toEqual([VALIDATE]);
  });

  it("the same email submitted more than twice opens 'Confirm Email' with the address; Yes turns paperless on anyway", async () => {
    const user = userEvent.setup();
    const { store, orch } = await paperHome({ [VALIDATE]: validated('ERROR') });
    await renderHome(store);
    for (let i = 0; i < 2; i++) {
      await submit();
      await screen.findByText(/Please review your entry & try again\./);
    }
    await submit();
    const dialog = await screen.findByRole('dialog', { name: 'Confirm Email' });
    expect(dialog).toHaveTextContent(
      'We were unable to validate the email address provided. Is this email address bo@mail.example correct?',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(toastTexts(store)).toEqual(["You'll now recieve your bill by email"]));
    expect(orch.calls.map((c) => c.path)).toEqual([VALIDATE, VALIDATE, ENS]);
  });

  it("a failed update says 'Unable to save changes.Please try again later.', is logged and the alert stays", async () => {
    const { store, issues } = await paperHome({ [ENS]: () => failed() });
    await renderHome(store);
    await submit();
    await waitFor(() =>
      expect(toastTexts(store)).toEqual(['Unable to save changes.Please try again later.']),
    );
    expect(issues.map((i) => i.operation)).toEqual(['ensupdatepaperless']);
    expect(alertNamed('Avoid the paper bill fee')).toBeInTheDocument();
  });

  it("an answer that is not code '200' is a failure too, logged with what it said", async () => {
    const { store, issues } = await paperHome({ [ENS]: () => ok({ data: { code: '400', message: 'bad' } }) });
    await renderHome(store);
    await submit();
    await waitFor(() =>
      expect(toastTexts(store)).toEqual(['Unable to save changes.Please try again later.']),
    );
    expect(issues).toMatchObject([{ operation: 'ensupdatepaperless', message: 'paperless on refused: bad' }]);
  });

  it('a validateEmail call that fails is logged and reads as not validated', async () => {
    const { store, issues } = await paperHome({ [VALIDATE]: () => failed('HTTP 500') });
    await renderHome(store);
    await submit();
    expect(await screen.findByText(/Please review your entry & try again\./)).toBeInTheDocument();
    expect(issues.map((i) => i.operation)).toEqual(['validateEmail']);
  });
});

describe('early-life billing card', () => {
  it('offers AutoPay and opens the paperless dialog: EMAIL Only or EMAIL and SMS, Turn On only for a valid email and a 10-digit phone', async () => {
    const user = userEvent.setup();
    const { store, orch } = await makeHomeStore({
      profile: { ...baseProfile, autoPay: false, paperlessBilling: false, accountTenure: 2 },
      routes: { [VALIDATE]: validated('SUCCESS'), [ENS]: () => ok({ data: { code: '200' } }) },
      decide: () => ({ sections: sections('early-life-billing') }),
    });
    await renderHome(store);
    expect(screen.getByRole('link', { name: 'Turn on AutoPay' })).toHaveAttribute(
      'href',
      '/Orch/dssh/redirectEntry/jumpOutManageAutoPay',
    );
    const go = screen.getByRole('button', { name: 'Go paperless' });
    await user.click(go);
    const dialog = screen.getByRole('dialog', { name: 'Paperless Billing' });
    expect(within(dialog).getByRole('radio', { name: 'EMAIL Only' })).toBeChecked();
    const turnOn = within(dialog).getByRole('button', { name: 'Turn On' });
    const email = within(dialog).getByLabelText('Email address');
    await user.clear(email);
    expect(turnOn).toBeDisabled();
    await user.type(email, 'ana@mail.example');
    expect(turnOn).toBeEnabled();
    await user.click(within(dialog).getByRole('radio', { name: 'EMAIL and SMS' }));
    expect(turnOn).toBeDisabled();
    const phone = within(dialog).getByLabelText('Mobile number for SMS');
    await user.type(phone, '303-555-010');
    expect(turnOn).toBeDisabled();
    await user.type(phone, '0');
    expect(phone).toHaveValue('3035550100');
    expect(turnOn).toBeEnabled();
    await user.click(turnOn);
    await waitFor(() => expect(toastTexts(store)).toEqual(["You'll now recieve your bill by email"]));
    expect(orch.calls[1]?.body).toMatchObject({ paperlessBilling: 'Y', smsNumber: '3035550100' });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByText('On: your bill comes by email')).toBeInTheDocument();
  });
});

describe('paperless settings (/billing, /settings/notifications)', () => {
  it("turns paperless off after a confirm: the update call with 'N', 'Paperless Billing turned Off'", async () => {
    const user = userEvent.setup();
    const { store, orch } = await makeHomeStore({
      profile: { ...baseProfile, paperlessBilling: true, billingEmailAddress: 'ana@mail.example' },
      routes: { [ENS]: () => ok({ data: { code: '200' } }) },
    });
    renderAt(store, '/billing', <PaperlessSettings />);
    expect(screen.getByText('On: your bill comes by email')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Turn Off' }));
    const dialog = screen.getByRole('dialog', { name: 'Turn Off Paperless Billing' });
    await user.click(within(dialog).getByRole('button', { name: 'Turn Off' }));
    await waitFor(() => expect(toastTexts(store)).toEqual(['Paperless Billing turned Off']));
    expect(orch.calls[0]?.body).toEqual({
      ban: '310111222',
      paperlessBilling: 'N',
      email: 'ana@mail.example',
      memo: null,
      sourceSystem: 'DIGIHOME',
    });
    expect(screen.getByText('Off: your bill comes by mail')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Turn On' })).toBeInTheDocument();
  });
});
