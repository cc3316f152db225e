import { linkWithQuery } from '../api/url';
import { unshowable } from './format';

/**
 * The address of a record's page named by a value of the data (`/billDetail?invoiceNumber=...`), or null
 * when that value cannot be put in an address (a lone surrogate): the row is then shown without its link,
 * and the value is reported once like any value that cannot be shown.
 */
export function recordLink(path: string, query: Readonly<Record<string, string>>): string | null {
  const to = linkWithQuery(path, query);
  if (to === null) unshowable('link', `${path} ${Object.values(query).join(' ')}`);
  return to;
}
