import type { ComponentType } from 'react';
import './login.css';
import { ChatPage } from './pages/chat';
import { CancelServicePage } from './pages/cancel-service';
import {
  PasswordCreationPage,
  ProfileCompletionPage,
  ProfileCreatedPage,
  ProfileRegistrationPage,
} from './pages/create-profile';
import { ForgotPasswordPage } from './pages/forgot-password';
import { ForgotPasswordStep2Page } from './pages/forgot-password-step2';
import { ForgotUsernamePage } from './pages/forgot-username';
import { ForgotUsernameEmailSentPage } from './pages/forgot-username-email-sent';
import {
  AccountEnrollmentPage,
  MaintenancePage,
  ProfileEnrollmentPage,
  SignInHelpPage,
  SorryPage,
} from './pages/info-pages';
import { NewPasswordPage } from './pages/new-password';
import { LinkExpiredPage, SetPasswordSuccessPage } from './pages/outcome-pages';
import { RetrieveAccountNumberPage, RetrieveAccountSuccessPage } from './pages/retrieve-account-number';
import {
  AuthCodeSentPage,
  RetrieveAuthCodeOptionsPage,
  RetrieveAuthCodePage,
} from './pages/retrieve-auth-code';
import { RecoveryPage } from './parts';

/**
 * The page of every /login/<name> of the spec's route table (shell spec §2), and of /login itself ('').
 * Every one is a real page: the recovery flows with their machines, their outcome pages, the cancel-service
 * sign-on, the chat route, and short pages that lead into the flows.
 */
export const LOGIN_PAGES: Readonly<Record<string, ComponentType>> = {
  '': SignInHelpPage,
  profileRegistration: () => <ProfileRegistrationPage origin="registration" />,
  profileCompletion: ProfileCompletionPage,
  passwordCreation: PasswordCreationPage,
  linkExpired: LinkExpiredPage,
  cancelservice: CancelServicePage,
  chat: ChatPage,
  forgotUsername: ForgotUsernamePage,
  forgotUsernameProfileCreated: () => <ProfileCreatedPage origin="forgotUsername" />,
  forgotUsernameCreateProfile: () => <ProfileRegistrationPage origin="forgotUsername" />,
  forgotUsernameEmailSent: ForgotUsernameEmailSentPage,
  forgotPassword: ForgotPasswordPage,
  forgotPasswordStep2: ForgotPasswordStep2Page,
  forgotPasswordStep3: () => <NewPasswordPage purpose="reset" />,
  shellProfileSuccessEmailSent: AuthCodeSentPage,
  accountEnrollment: AccountEnrollmentPage,
  profileEnrollment: ProfileEnrollmentPage,
  SuccessEnrollment: () => <ProfileCreatedPage origin="registration" />,
  retrieveAuthCode: RetrieveAuthCodePage,
  retrieveAuthCodeOptions: RetrieveAuthCodeOptionsPage,
  retrieveAccountNumber: RetrieveAccountNumberPage,
  retrieveAccountSuccess: RetrieveAccountSuccessPage,
  setPassword: () => <NewPasswordPage purpose="set" />,
  setPasswordSuccess: SetPasswordSuccessPage,
  'sorry/mup': SorryPage,
  maintenance: MaintenancePage,
};

/** A /login name the spec's list does not have: said plainly, with the way back. */
function UnknownLoginPage() {
  return (
    <RecoveryPage title="Page not found">
      <p>There is no such sign-in page.</p>
    </RecoveryPage>
  );
}

/** The page of /login/<name> (React Router's lazy-route convention: an object with `Component`). */
export function loginRoute(name: string): { Component: ComponentType } {
  return { Component: LOGIN_PAGES[name] ?? UnknownLoginPage };
}
