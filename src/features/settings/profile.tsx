import type { Address } from '../../generated/types';

export { ProfileUnavailable } from '../../ui/AccountError';

/** An address as its printed lines (street, second line, 'City, ST zip'); empty parts are left out. */
export function addressLines(address: Address | undefined): string[] {
  if (!address) return [];
  const street = address.addressLine1 || address.primaryLine;
  const cityLine = [[address.city, address.stateCode].filter(Boolean).join(', '), address.zip]
    .filter(Boolean)
    .join(' ');
  return [street, address.addressLine2, cityLine].filter(
    (line): line is string => !!line && line.trim() !== '',
  );
}

export function AddressText({ address }: { address: Address | undefined }) {
  const lines = addressLines(address);
  if (lines.length === 0) return <>Not on file</>;
  return (
    <>
      {lines.map((line, i) => (
        <span key={`${i}:${line}`} className="address-line">
          {i > 0 ? <br /> : null}
          {line}
        </span>
      ))}
    </>
  );
}
