import type { ComponentType } from 'react';
import { ChatPage } from './pages/chat';
import { ForgotPasswordPage } from './pages/forgot-password';
import { ForgotPasswordStep2Page } from './pages/forgot-password-step2';
import { ForgotUsernamePage } from './pages/forgot-username';
import { ForgotUsernameEmailSentPage } from './pages/forgot-username-email-sent';
import { INFO_PAGES, InfoPageView } from './pages/info-pages';

const FLOW_PAGES: Record<string, ComponentType> = {
  chat: ChatPage,
  forgotUsername: ForgotUsernamePage,
  forgotUsernameEmailSent: ForgotUsernameEmailSentPage,
  forgotPassword: ForgotPasswordPage,
  forgotPasswordStep2: ForgotPasswordStep2Page,
};

/** A /login name the spec's list does not have: said plainly, with the way back to sign in. */
const UNKNOWN_PAGE = { title: 'Page not found', body: 'There is no such sign-in page.' };

/**
 * The page of /login/<name> (React Router's lazy-route convention: an object with `Component`). The recovery
 * flows and the chat have their own pages; the rest of the spec's list share one honest informational page.
 */
export function loginRoute(name: string): { Component: ComponentType } {
  const flow = FLOW_PAGES[name];
  if (flow) return { Component: flow };
  const info = INFO_PAGES[name] ?? UNKNOWN_PAGE;
  return { Component: () => <InfoPageView page={info} /> };
}
