import { encodeParam } from '../api/url';

/**
 * Spec: special characters are stripped from the search term (the stripping directive keeps only letters,
 * digits and spaces); an empty term does nothing.
 */
export function cleanSearchTerm(term: string): string {
  return term.replace(/[^\p{L}\p{N} ]/gu, '').trim();
}

export function siteSearchUrl(base: string, term: string): string | null {
  const clean = cleanSearchTerm(term);
  return clean ? `${base}${encodeParam(clean)}` : null;
}
