import type { ReactNode } from 'react';
import type { MyServices } from '../../generated/types';
import type { AccountCallState } from '../../stores/account-call';
import { servicesOk } from './services-data';
import { ChatLink } from '../../ui/chat';

/**
 * The states of the services answer every services page shares: loading; failed (non-200 or FAILURE: the
 * spec's home stays silent, a services page has to say something); skipped by the data-loading rules;
 * otherwise the page's own content.
 */
export function ServicesBody({
  services,
  children,
}: {
  services: AccountCallState<MyServices>;
  children: (data: MyServices) => ReactNode;
}) {
  if (services.status === 'loading') return <p role="status">Loading your services…</p>;
  if (services.status === 'skipped') return <p>Service details are not available for this account.</p>;
  if (services.status === 'failed' || !servicesOk(services.data)) {
    return (
      <p role="alert">
        We are unable to show your services right now. Please try again later. Already tried again?{' '}
        <ChatLink>Chat with us</ChatLink>
      </p>
    );
  }
  return <>{children(services.data)}</>;
}
