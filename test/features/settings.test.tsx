// @vitest-environment happy-dom
import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { Component as Layout } from '../../src/features/settings/routes/layout';
import { Component as AccountInfo } from '../../src/features/settings/routes/account-info';
import {
  NotificationsPage as Notifications,
  EMAIL_FORMAT_ERROR,
} from '../../src/features/settings/routes/notifications';
import { Component as SignInInfo } from '../../src/features/settings/routes/sign-in-info';
import { isValidEmail } from '../../src/features/settings/email';
import { fixedDecisions, makeStore, renderAt } from './harness';

afterEach(cleanup);

const settings = { path: '/settings', element: <Layout /> };

describe('settings', () => {
  it('shows one heading, the sub-navigation and the sign-in info by default', async () => {
    const store = await makeStore();
    renderAt(store, '/settings', <SignInInfo />, { path: '', layout: settings });
    expect(screen.getAllByRole('heading', { level: 1 }).map((h) => h.textContent)).toEqual(['Settings']);
    const nav = screen.getByRole('navigation', { name: 'Settings sections' });
    expect(nav).toHaveTextContent('Sign-In Info');
    expect(screen.getByRole('link', { name: 'Sign-In Info' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByText('ana.lopez')).toBeInTheDocument();
  });

  it('focuses the email field when notifications is opened with focusEmailid=true', async () => {
    const store = await makeStore();
    renderAt(store, '/settings/notifications?focusEmailid=true', <Notifications />, {
      path: 'notifications',
      layout: settings,
    });
    expect(screen.getByLabelText('Email address')).toHaveFocus();
  });

  it('leaves focus alone without the flag', async () => {
    const store = await makeStore();
    renderAt(store, '/settings/notifications', <Notifications />, {
      path: 'notifications',
      layout: settings,
    });
    expect(screen.getByLabelText('Email address')).not.toHaveFocus();
  });

  it('rejects an email that does not match the pattern, inline, and accepts one that does', async () => {
    const store = await makeStore();
    const user = userEvent.setup();
    renderAt(store, '/settings/notifications', <Notifications />, {
      path: 'notifications',
      layout: settings,
    });
    const field = screen.getByLabelText('Email address');
    await user.type(field, 'ana@mail.c');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(screen.getByText(EMAIL_FORMAT_ERROR)).toBeInTheDocument();
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveFocus();

    await user.clear(field);
    await user.type(field, 'ana.new+bills@mail.example');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(screen.queryByText(EMAIL_FORMAT_ERROR)).not.toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('ana.new+bills@mail.example');
  });

  it('focuses the contact number field when account info is opened with focusContactNumber=true', async () => {
    const store = await makeStore();
    renderAt(store, '/settings/accountInfo?focusContactNumber=true', <AccountInfo />, {
      path: 'accountInfo',
      layout: settings,
    });
    expect(screen.getByLabelText('Contact number')).toHaveFocus();
    expect(screen.getByRole('table', { name: 'Contact numbers on your account' })).toHaveTextContent(
      '(303) 555-0199',
    );
  });

  it('asks for 10 digits in the contact number', async () => {
    const store = await makeStore();
    const user = userEvent.setup();
    renderAt(store, '/settings/accountInfo', <AccountInfo />, { path: 'accountInfo', layout: settings });
    await user.type(screen.getByLabelText('Contact number'), '303555');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(screen.getByText('Enter a 10-digit phone number.')).toBeInTheDocument();
  });

  it("takes the contact number's length from the rules (phoneDigits)", async () => {
    const store = await makeStore({
      decisions: { ...fixedDecisions, constants: { ...fixedDecisions.constants, phoneDigits: 12 } },
    });
    const user = userEvent.setup();
    renderAt(store, '/settings/accountInfo', <AccountInfo />, { path: 'accountInfo', layout: settings });
    const field = screen.getByLabelText('Contact number');
    await user.type(field, '3035550100');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(screen.getByText('Enter a 12-digit phone number.')).toBeInTheDocument();
    await user.clear(field);
    await user.type(field, '303-555-010-099');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(screen.queryByText('Enter a 12-digit phone number.')).not.toBeInTheDocument();
  });

  it('shows the account error copy when the profile failed', async () => {
    const store = await makeStore({ profile: null });
    renderAt(store, '/settings/accountInfo', <AccountInfo />, { path: 'accountInfo', layout: settings });
    expect(screen.getByRole('alert')).toHaveTextContent("We're unable to show your account info.");
  });
});

describe('the email pattern', () => {
  it.each(['a@b.co', 'first.last_1%x+y-z@mail.example.org', ' padded@mail.example '])(
    'accepts %s',
    (email) => {
      expect(isValidEmail(email)).toBe(true);
    },
  );
  it.each(['', 'no-at.example', 'a@b.c', 'a@b', 'a b@mail.example', 'a@mail.c0m', 'a!@mail.example'])(
    'rejects %j',
    (email) => {
      expect(isValidEmail(email)).toBe(false);
    },
  );
});
