// @vitest-environment happy-dom
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, type InitialEntry } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CANCEL_SERVICE_SSO_MESSAGES } from '../../../machines/cancel-service-sso.machine';
import { CREATE_PROFILE_MESSAGES } from '../../../machines/create-profile.machine';
import { FORGOT_USERNAME_MESSAGES } from '../../../machines/forgot-username.machine';
import { PERFORM_SSO_STATUS_ERROR } from '../../../machines/messages';
import { RESET_PASSWORD_MESSAGES } from '../../../machines/reset-password.machine';
import { RETRIEVE_AUTH_CODE_MESSAGES } from '../../../machines/retrieve-auth-code.machine';
import { authCodeByEmailPath } from '../../api/calls/auth-code-by-email';
import { changePasswordWithTokenPath } from '../../api/calls/change-password-with-token';
import { createProfilePath } from '../../api/calls/create-profile';
import { getForgottenUserNamePath } from '../../api/calls/forgot-username';
import { performSsoPath } from '../../api/calls/perform-sso';
import { resetPasswordWithTokenPath } from '../../api/calls/reset-password-with-token';
import { retrieveAccountNumberPath } from '../../api/calls/retrieve-account-number';
import { retrieveAuthCodePath } from '../../api/calls/retrieve-auth-code';
import { validateEmailUnPath } from '../../api/calls/validate-email-un';
import { ANALYTICS_EVENTS } from '../../stores/analytics';
import { StoreProvider } from '../../stores/context';
import type { RootStore } from '../../stores/root-store';
import { failed, fakeEnv, fakeOrch, makeStore, ok, type OrchRoute } from '../../../test/features/harness';
import { LOGIN_PAGES } from './route';

afterEach(() => {
  cleanup();
});

const SUCCESS = { status: 'SUCCESS', errorMessage: '' };

/** Every /login page, as the shell routes them, starting at `entry`; `elsewhere` for any other address. */
function renderLogin(store: RootStore, entry: InitialEntry) {
  render(
    <StoreProvider store={store}>
      <MemoryRouter initialEntries={[entry]}>
        <Routes>
          {Object.entries(LOGIN_PAGES).map(([name, Page]) => (
            <Route key={name} path={`/login/${name}`} element={<Page />} />
          ))}
          <Route path="*" element={<p>elsewhere</p>} />
        </Routes>
      </MemoryRouter>
    </StoreProvider>,
  );
}

async function storeWith(routes: Record<string, OrchRoute>) {
  const orch = fakeOrch(routes);
  const env = fakeEnv();
  const tracked: Array<Record<string, unknown>> = [];
  env.track = (e) => void tracked.push(e);
  const store = await makeStore({ orch });
  Object.assign(store.env, { track: env.track });
  const issues: Array<[string, string]> = [];
  vi.spyOn(store, 'logIssue').mockImplementation((_page, operation, message) => {
    issues.push([operation, message]);
  });
  return { orch, store, tracked, issues };
}

const heading = (name: string) => screen.findByRole('heading', { level: 1, name });

describe('forgot username', () => {
  it('refuses an email that is not an email address, with no call, and keeps what was typed', async () => {
    const { orch, store } = await storeWith({});
    renderLogin(store, '/login/forgotUsername');
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Email address'), 'ana@mail');
    await user.click(screen.getByRole('button', { name: 'Send my username' }));
    expect(screen.getByRole('alert')).toHaveTextContent(FORGOT_USERNAME_MESSAGES.invalidEmail.text);
    expect(screen.getByLabelText('Email address')).toHaveValue('ana@mail');
    expect(screen.getByLabelText('Email address')).toHaveAttribute('aria-invalid', 'true');
    expect(orch.calls).toEqual([]);
  });

  it('when no profile uses the email, offers to create one with it', async () => {
    const { store } = await storeWith({
      [getForgottenUserNamePath]: () => ok({ status: 'ERROR', errorMessage: 'none' }),
    });
    renderLogin(store, '/login/forgotUsername');
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Email address'), 'new@mail.example');
    await user.click(screen.getByRole('button', { name: 'Send my username' }));
    await user.click(await screen.findByRole('link', { name: 'Create a profile with new@mail.example' }));
    expect(await heading('Create Profile')).toBeInTheDocument();
    expect(screen.getByText(/No profile uses new@mail.example yet/)).toBeInTheDocument();
  });
});

describe('forgot password step 3 (the emailed link) and set password', () => {
  it('Token fetch is refused if the token is empty: the link-expired page, with no call', async () => {
    const { orch, store } = await storeWith({});
    renderLogin(store, '/login/forgotPasswordStep3');
    expect(await heading('Link Expired')).toBeInTheDocument();
    expect(orch.calls).toEqual([]);
  });

  it('a used or expired link leads to the link-expired page', async () => {
    const { store } = await storeWith({
      [resetPasswordWithTokenPath]: () =>
        ok({ status: 'ERROR', errorMessage: 'This link has expired.', tokenValid: false }),
    });
    renderLogin(store, '/login/forgotPasswordStep3?token=used');
    expect(await heading('Link Expired')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Send me a new reset link' })).toHaveAttribute(
      'href',
      '/login/forgotPassword',
    );
  });

  it("checks the new password before calling; the change needs 'Success'; a failure keeps the form", async () => {
    let change: OrchRoute = () => ok({ response: 'Failure' });
    const { orch, store } = await storeWith({
      [resetPasswordWithTokenPath]: () => ok({ ...SUCCESS, tokenValid: true, login: 'ana.lopez' }),
      [changePasswordWithTokenPath]: (req) => change(req),
    });
    renderLogin(store, '/login/forgotPasswordStep3?token=T0KEN');
    expect(await screen.findByText('Choose a new password for ana.lopez.')).toBeInTheDocument();
    const user = userEvent.setup();
    const save = () => user.click(screen.getByRole('button', { name: 'Save my new password' }));
    await user.type(screen.getByLabelText('New password'), 'secret');
    await user.type(screen.getByLabelText('Confirm new password'), 'secret');
    await save();
    expect(screen.getByRole('alert')).toHaveTextContent(RESET_PASSWORD_MESSAGES.weak.text);
    expect(orch.calls.map((c) => c.path)).toEqual([resetPasswordWithTokenPath]);

    await user.clear(screen.getByLabelText('New password'));
    await user.clear(screen.getByLabelText('Confirm new password'));
    await user.type(screen.getByLabelText('New password'), 'NewSecret42');
    await user.type(screen.getByLabelText('Confirm new password'), 'NewSecret42');
    await save();
    expect(await screen.findByText(RESET_PASSWORD_MESSAGES.notChanged.text)).toBeInTheDocument();
    expect(screen.getByLabelText('New password')).toHaveValue('NewSecret42');
    expect(orch.calls.at(-1)?.body).toEqual({ token: 'T0KEN', password: 'NewSecret42' });

    change = () => ok({ response: 'Success' });
    await save();
    expect(await heading('Password Set')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Your new password is saved for ana.lopez.');
  });

  it('the set-password link of a new profile sets the first password', async () => {
    const { store } = await storeWith({
      [resetPasswordWithTokenPath]: () => ok({ ...SUCCESS, tokenValid: true, login: 'pat@mail.example' }),
      [changePasswordWithTokenPath]: () => ok({ response: 'Success' }),
    });
    renderLogin(store, '/login/setPassword?token=S3T');
    expect(await heading('Set Password')).toBeInTheDocument();
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('New password'), 'FirstPass1');
    await user.type(screen.getByLabelText('Confirm new password'), 'FirstPass1');
    await user.click(screen.getByRole('button', { name: 'Set my password' }));
    expect(await heading('Password Set')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Your password is set for pat@mail.example.');
  });
});

describe('retrieve account number and authorization code', () => {
  it('sends the account number and says where', async () => {
    const { orch, store } = await storeWith({
      [retrieveAccountNumberPath]: () => ok({ ...SUCCESS, maskedEmail: 'a***@mail.example' }),
    });
    renderLogin(store, '/login/retrieveAccountNumber');
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Email address'), 'ana@mail.example');
    await user.click(screen.getByRole('button', { name: 'Send my account number' }));
    expect(await heading('Account Number Sent')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('We sent your account number to a***@mail.example.');
    expect(orch.calls[0]?.query).toEqual({ email: 'ana@mail.example' });
  });

  it('looks up the options, sends the code by email to the chosen one, and says so', async () => {
    const { orch, store } = await storeWith({
      [retrieveAuthCodePath]: () =>
        ok({ ...SUCCESS, options: [{ type: 'email', maskedValue: 'a***@mail.example' }] }),
      [authCodeByEmailPath]: () => ok(SUCCESS),
    });
    renderLogin(store, '/login/retrieveAuthCode');
    const user = userEvent.setup();
    await user.type(screen.getByLabelText(/Account number/), '310111222');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await heading('Authorization Code Options')).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'a***@mail.example' })).toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Send my code' }));
    expect(await heading('Email Sent')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent(
      'We sent the authorization code of account 310111222 to a***@mail.example.',
    );
    expect(orch.calls.map((c) => c.body ?? c.query)).toEqual([
      { accountNumber: '310111222' },
      { accountNumber: '310111222', emailAddress: 'a***@mail.example' },
    ]);
  });

  it('Auth-code-by-email is skipped if the payload is null: an account with no email option', async () => {
    const { orch, store } = await storeWith({
      [retrieveAuthCodePath]: () => ok({ ...SUCCESS, options: [] }),
    });
    renderLogin(store, '/login/retrieveAuthCode');
    const user = userEvent.setup();
    await user.type(screen.getByLabelText(/Account number/), '310444423');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    // The options page replaces the first one as the message is shown: the element findByText returned can
    // be gone by the time it is checked. The page that stays is the options page, saying so.
    expect(await heading('Authorization Code Options')).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.getByText(RETRIEVE_AUTH_CODE_MESSAGES.noEmailOption.text)).toBeInTheDocument(),
    );
    expect(screen.queryByRole('button', { name: 'Send my code' })).not.toBeInTheDocument();
    expect(orch.calls.map((c) => c.path)).toEqual([retrieveAuthCodePath]);
  });
});

describe('profile registration, completion and password creation', () => {
  it('collects account, code, details and password over three pages, then createProfile2', async () => {
    const { orch, store } = await storeWith({
      [validateEmailUnPath]: () => ok({ ...SUCCESS, available: true }),
      [createProfilePath]: () => ok({ ...SUCCESS, login: 'pat@mail.example' }),
    });
    renderLogin(store, '/login/profileRegistration');
    const user = userEvent.setup();
    await user.type(screen.getByLabelText(/Account number/), '310111222');
    await user.type(screen.getByLabelText(/Authorization code/), '123456');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await heading('Profile Completion')).toBeInTheDocument();
    await user.type(screen.getByLabelText('First name'), 'Pat');
    await user.type(screen.getByLabelText('Last name'), 'Doe');
    await user.type(screen.getByLabelText('Email address'), 'pat@mail.example');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await heading('Create Password')).toBeInTheDocument();
    await user.type(screen.getByLabelText(/^Password/), 'Secret123');
    await user.type(screen.getByLabelText('Confirm password'), 'Secret123');
    await user.click(screen.getByRole('button', { name: 'Create my profile' }));
    expect(await heading('Enrollment Complete')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('your username is pat@mail.example');
    expect(orch.calls.at(-1)?.body).toEqual({
      profile: {
        accountNumber: '310111222',
        authCode: '123456',
        firstName: 'Pat',
        lastName: 'Doe',
        emailAddress: 'pat@mail.example',
        password: 'Secret123',
      },
    });
  });

  it('an email a profile already uses is said, with the way to the username', async () => {
    const { store } = await storeWith({
      [validateEmailUnPath]: () => ok({ ...SUCCESS, available: false }),
    });
    renderLogin(store, {
      pathname: '/login/profileCompletion',
      state: { origin: 'registration', account: { accountNumber: '310111222', authCode: '123456' } },
    });
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('First name'), 'Pat');
    await user.type(screen.getByLabelText('Last name'), 'Doe');
    await user.type(screen.getByLabelText('Email address'), 'ana@mail.example');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText(CREATE_PROFILE_MESSAGES.emailTaken.text)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Get my username' })).toHaveAttribute(
      'href',
      '/login/forgotUsername',
    );
    expect(screen.getByLabelText('First name')).toHaveValue('Pat');
  });

  it('a refused creation stays on the password page, with what was entered', async () => {
    const { store } = await storeWith({
      [createProfilePath]: () =>
        ok({ status: 'ERROR', errorMessage: 'The authorization code is not valid or has expired.' }),
    });
    renderLogin(store, {
      pathname: '/login/passwordCreation',
      state: {
        origin: 'registration',
        account: { accountNumber: '310111222', authCode: '123456' },
        details: { firstName: 'Pat', lastName: 'Doe', emailAddress: 'pat@mail.example' },
      },
    });
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(/^Password/), 'Secret123');
    await user.type(screen.getByLabelText('Confirm password'), 'Secret123');
    await user.click(screen.getByRole('button', { name: 'Create my profile' }));
    expect(await screen.findByText(CREATE_PROFILE_MESSAGES.createRefused.text)).toBeInTheDocument();
    expect(screen.getByLabelText(/^Password/)).toHaveValue('Secret123');
    expect(screen.getByRole('link', { name: 'Change the account number or code' })).toBeInTheDocument();
  });

  it('a page opened without the earlier steps starts the visitor at the first one', async () => {
    const { store } = await storeWith({});
    renderLogin(store, '/login/passwordCreation');
    expect(await screen.findByRole('link', { name: 'Start creating your profile' })).toHaveAttribute(
      'href',
      '/login/profileRegistration',
    );
  });
});

describe('single sign-on for cancel service (/login/cancelservice)', () => {
  it('an authenticated answer opens /Cancel-Services', async () => {
    const { orch, store } = await storeWith({
      [performSsoPath]: () => ok({ authenticated: true, currentlyManagingAccountId: '310111222' }),
    });
    const assign = vi.spyOn(store.env, 'assign');
    renderLogin(store, '/login/cancelservice?token=multi-account');
    await vi.waitFor(() => expect(assign).toHaveBeenCalledWith('/Cancel-Services'));
    expect(orch.calls[0]?.body).toEqual({ token: 'multi-account' });
  });

  it('an unauthenticated answer keeps and shows its errorMessage', async () => {
    const { store } = await storeWith({
      [performSsoPath]: () => ok({ authenticated: false, errorMessage: 'Invalid or expired token' }),
    });
    renderLogin(store, '/login/cancelservice?token=nope');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(CANCEL_SERVICE_SSO_MESSAGES.refused.text);
    expect(alert).toHaveTextContent('Invalid or expired token');
  });

  it("a non-200 answer is the error 'performSSO service status code is not OK': a visible message, logged, retried", async () => {
    let answer: OrchRoute = () => failed('HTTP 500 from /preauth/dssh/redirectEntry/sso/performSSO');
    const { store, issues } = await storeWith({ [performSsoPath]: (req) => answer(req) });
    const assign = vi.spyOn(store.env, 'assign');
    renderLogin(store, '/login/cancelservice?token=T');
    expect(await screen.findByRole('alert')).toHaveTextContent(CANCEL_SERVICE_SSO_MESSAGES.serviceError.text);
    expect(issues).toContainEqual(['performSSO', PERFORM_SSO_STATUS_ERROR]);
    answer = () => ok({ authenticated: true });
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    await vi.waitFor(() => expect(assign).toHaveBeenCalledWith('/Cancel-Services'));
  });
});

describe('analytics of the flows', () => {
  it('pushes each flow step and each failure shown, never what was typed', async () => {
    const { store, tracked } = await storeWith({});
    renderLogin(store, '/login/forgotUsername');
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Email address'), 'ana@mail');
    await user.click(screen.getByRole('button', { name: 'Send my username' }));
    await screen.findByRole('alert');
    expect(tracked).toContainEqual({
      event: ANALYTICS_EVENTS.flowStep,
      flow: 'forgot-username',
      step: 'idle',
    });
    expect(tracked).toContainEqual({
      event: ANALYTICS_EVENTS.flowError,
      flow: 'forgot-username',
      step: 'failed.invalidEmail',
      message_id: FORGOT_USERNAME_MESSAGES.invalidEmail.id,
    });
    expect(JSON.stringify(tracked)).not.toContain('ana@mail');
    const names = new Set<string>(Object.values(ANALYTICS_EVENTS));
    for (const e of tracked) expect(names.has(String(e.event))).toBe(true);
  });
});

describe('the way back from every sign-in page', () => {
  it.each(Object.keys(LOGIN_PAGES).filter((n) => n !== 'chat'))(
    '/login/%s offers sign in, sign-in help and the chat',
    async (name) => {
      const { store } = await storeWith({});
      renderLogin(store, `/login/${name}`);
      const page = (await screen.findAllByRole('region'))[0]!;
      expect(within(page).getByRole('link', { name: 'Back to sign in' })).toHaveAttribute(
        'href',
        '/sandbox/signin',
      );
      expect(within(page).getByRole('button', { name: 'Chat with us' })).toBeInTheDocument();
    },
  );
});
