// @vitest-environment happy-dom
import { act, cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { MemoryRouter, Route, Routes, type InitialEntry } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { checkEmailForForgottenPasswordPath } from '../../src/api/calls/check-email';
import { getForgottenPasswordPath } from '../../src/api/calls/forgot-password';
import { getForgottenUserNamePath } from '../../src/api/calls/forgot-username';
import { FORGOT_PASSWORD_MESSAGES } from '../../machines/forgot-password.machine';
import { FORGOT_USERNAME_MESSAGES } from '../../machines/forgot-username.machine';
import { CHAT_WIDGET_SELECTOR } from '../../src/features/login/pages/chat';
import { loginRoute } from '../../src/features/login/route';
import type { RootStore } from '../../src/stores/root-store';
import { StoreProvider } from '../../src/stores/context';
import { failed, fakeOrch, makeStore, ok, type OrchRoute } from './harness';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

/** Renders the /login pages the way the shell does (loginRoute per name), starting at `entry`. */
function renderLogin(store: RootStore, entry: InitialEntry, names: string[]): void {
  const pages: Array<[string, ReactElement]> = names.map((name) => {
    const { Component } = loginRoute(name);
    return [name, <Component key={name} />];
  });
  render(
    <StoreProvider store={store}>
      <MemoryRouter initialEntries={[entry]}>
        <Routes>
          {pages.map(([name, element]) => (
            <Route key={name} path={`/login/${name}`} element={element} />
          ))}
        </Routes>
      </MemoryRouter>
    </StoreProvider>,
  );
}

async function storeWith(routes: Record<string, OrchRoute>) {
  const orch = fakeOrch(routes);
  return { orch, store: await makeStore({ orch }) };
}

describe('forgot username', () => {
  it('rejects an empty email with no call', async () => {
    const { orch, store } = await storeWith({});
    renderLogin(store, '/login/forgotUsername', ['forgotUsername']);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Send my username' }));
    expect(screen.getByRole('alert')).toHaveTextContent(FORGOT_USERNAME_MESSAGES.missingInput.text);
    expect(screen.getByLabelText('Email address')).toHaveAttribute('aria-invalid', 'true');
    expect(orch.calls).toEqual([]);
  });

  it('sends the email and moves to the email-sent page, which can send it again', async () => {
    const { orch, store } = await storeWith({
      [getForgottenUserNamePath]: () => ok({ status: 'SUCCESS', errorMessage: '' }),
    });
    const user = userEvent.setup();
    renderLogin(store, '/login/forgotUsername', ['forgotUsername', 'forgotUsernameEmailSent']);
    await user.type(screen.getByLabelText('Email address'), 'ana@mail.example');
    await user.click(screen.getByRole('button', { name: 'Send my username' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Email Sent' })).toBeInTheDocument();
    expect(screen.getByText(/If a profile uses ana@mail.example/)).toBeInTheDocument();
    expect(orch.calls[0]?.query).toEqual({ email: 'ana@mail.example' });
    await user.click(screen.getByRole('button', { name: 'Send the email again' }));
    expect(await screen.findByText('We sent the email again.')).toBeInTheDocument();
    expect(orch.calls).toHaveLength(2);
  });

  it('says so when the reply has an errorMessage, and when the call fails', async () => {
    let answer: OrchRoute = () => ok({ status: 'ERROR', errorMessage: 'No profile' });
    const { store } = await storeWith({ [getForgottenUserNamePath]: (req) => answer(req) });
    const user = userEvent.setup();
    renderLogin(store, '/login/forgotUsername', ['forgotUsername']);
    await user.type(screen.getByLabelText('Email address'), 'nobody@mail.example');
    await user.click(screen.getByRole('button', { name: 'Send my username' }));
    expect(await screen.findByText(FORGOT_USERNAME_MESSAGES.errorInResponse.text)).toBeInTheDocument();
    answer = () => failed();
    await user.click(screen.getByRole('button', { name: 'Send my username' }));
    expect(await screen.findByText(FORGOT_USERNAME_MESSAGES.apiFailed.text)).toBeInTheDocument();
  });
});

describe('forgot password', () => {
  it('gives MISSING_INPUT for an empty username, with no call', async () => {
    const { orch, store } = await storeWith({});
    renderLogin(store, '/login/forgotPassword', ['forgotPassword']);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Continue' }));
    expect(screen.getByRole('alert')).toHaveTextContent(FORGOT_PASSWORD_MESSAGES.loginMissing.text);
    expect(orch.calls).toEqual([]);
  });

  it('gives ERROR_IN_RESPONSE and API_FAILED messages', async () => {
    let answer: OrchRoute = () => ok({ status: 'ERROR', errorMessage: 'unknown login' });
    const { store } = await storeWith({ [getForgottenPasswordPath]: (req) => answer(req) });
    const user = userEvent.setup();
    renderLogin(store, '/login/forgotPassword', ['forgotPassword']);
    await user.type(screen.getByLabelText('Username'), 'nobody');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText(FORGOT_PASSWORD_MESSAGES.loginRefused.text)).toBeInTheDocument();
    answer = () => failed();
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText(FORGOT_PASSWORD_MESSAGES.loginFailed.text)).toBeInTheDocument();
  });

  it('goes to step 2, checks the email for the username, and says the link is on its way', async () => {
    const { orch, store } = await storeWith({
      [getForgottenPasswordPath]: () =>
        ok({ status: 'SUCCESS', errorMessage: '', maskedEmail: 'a***@mail.example' }),
      [checkEmailForForgottenPasswordPath]: () => ok({ status: 'SUCCESS', errorMessage: '' }),
    });
    const user = userEvent.setup();
    renderLogin(store, '/login/forgotPassword', ['forgotPassword', 'forgotPasswordStep2']);
    await user.type(screen.getByLabelText('Username'), 'ana.lopez');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Forgot Password: Check Your Email' }),
    ).toBeInTheDocument();
    expect(screen.getByText(/it looks like a\*\*\*@mail.example/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Send the reset link' }));
    expect(screen.getByRole('alert')).toHaveTextContent(FORGOT_PASSWORD_MESSAGES.emailMissing.text);
    await user.type(screen.getByLabelText('Email address'), 'ana@mail.example');
    await user.click(screen.getByRole('button', { name: 'Send the reset link' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Check your email: we emailed a link to reset the password of ana.lopez',
    );
    expect(orch.calls.map((c) => c.body ?? c.query)).toEqual([
      { login: 'ana.lopez' },
      { login: 'ana.lopez', emailAddress: 'ana@mail.example' },
    ]);
  });

  it('sends a direct visit of step 2 back to step 1', async () => {
    const { store } = await storeWith({});
    renderLogin(store, '/login/forgotPasswordStep2', ['forgotPasswordStep2']);
    expect(screen.getByRole('link', { name: 'Reset your password' })).toHaveAttribute(
      'href',
      '/login/forgotPassword',
    );
  });
});

describe('chat', () => {
  it('removes the third-party chat widget every 100 ms while mounted, and stops when left', async () => {
    vi.useFakeTimers();
    const { store } = await storeWith({});
    const widget = () => {
      const el = document.createElement('div');
      el.id = CHAT_WIDGET_SELECTOR.slice(1);
      document.body.appendChild(el);
    };
    widget();
    renderLogin(store, '/login/chat', ['chat']);
    expect(screen.getByRole('heading', { level: 1, name: 'Chat with us' })).toBeInTheDocument();
    expect(document.querySelector(CHAT_WIDGET_SELECTOR)).toBeNull();

    widget();
    act(() => {
      vi.advanceTimersByTime(99);
    });
    expect(document.querySelector(CHAT_WIDGET_SELECTOR)).not.toBeNull();
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(document.querySelector(CHAT_WIDGET_SELECTOR)).toBeNull();

    cleanup();
    widget();
    act(() => {
      vi.advanceTimersByTime(500);
    });
    expect(document.querySelector(CHAT_WIDGET_SELECTOR)).not.toBeNull();
    document.querySelector(CHAT_WIDGET_SELECTOR)?.remove();
  });
});

describe('other sign-in pages', () => {
  it.each(['profileRegistration', 'linkExpired', 'sorry/mup', 'maintenance', 'retrieveAuthCode'])(
    '%s has one heading and a link back to sign in',
    async (name) => {
      const { store } = await storeWith({});
      renderLogin(store, `/login/${name}`, [name]);
      expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
      expect(screen.getByRole('link', { name: 'Back to sign in' })).toHaveAttribute(
        'href',
        '/sandbox/signin',
      );
    },
  );
});
