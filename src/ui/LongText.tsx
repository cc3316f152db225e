import { useState } from 'react';

/** Longer than this, a value is cut (no account number, name or reference of the portal comes near it). */
export const LONG_TEXT_MAX = 80;

/**
 * A value of an answer printed in a table cell or a list: shown whole when it is of a plausible length;
 * otherwise its first characters with 'Show all', which reveals the full value in place. A corrupt
 * 20,000-character reference then takes one line instead of squeezing every other column of its table.
 */
export function LongText({ text, max = LONG_TEXT_MAX }: { text: string | null | undefined; max?: number }) {
  const [open, setOpen] = useState(false);
  const value = text ?? '';
  if (value.length <= max) return <>{value}</>;
  // Cut on a code point, never between the halves of a surrogate pair.
  const head = Array.from(value.slice(0, max + 1))
    .slice(0, max)
    .join('');
  return (
    <span className="long-text">
      {open ? value : `${head}…`}{' '}
      <button type="button" className="link-button" aria-expanded={open} onClick={() => setOpen((o) => !o)}>
        {open ? 'Show less' : `Show all (${value.length.toLocaleString('en-US')} characters)`}
      </button>
    </span>
  );
}
