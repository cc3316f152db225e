import { Fragment } from 'react';
import type { Address } from '../../generated/types';
import { ChatLink } from '../../ui/chat';

/** An address's parts as definition-list rows; a missing part reads 'Not on file'. */
export function AddressParts({ address, caption }: { address: Address | undefined; caption: string }) {
  const street = address?.addressLine1 || address?.primaryLine;
  const rows: Array<[string, string | undefined]> = [
    ['Street', street],
    ['Address line 2', address?.addressLine2],
    ['City', address?.city],
    ['State', address?.stateCode],
    ['ZIP code', address?.zip],
  ];
  return (
    <dl className="definition-list" aria-label={caption}>
      {rows.map(([label, value]) => (
        <Fragment key={label}>
          <dt>{label}</dt>
          <dd>{value && value.trim() !== '' ? value : 'Not on file'}</dd>
        </Fragment>
      ))}
    </dl>
  );
}

/**
 * The spec shows no call that changes a mailing address, so no page here submits one: each says plainly
 * that an agent makes the change.
 */
export function ChangeByAgent() {
  return (
    <p>
      Mailing address changes are made by our agents, not online. <ChatLink>Chat with us</ChatLink> with your
      new address ready.
    </p>
  );
}

export { ProfileUnavailable } from '../../ui/AccountError';
