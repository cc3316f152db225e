/**
 * CSP violation reports as the browser posts them to the policy's report-uri (the report-uri format or a
 * Reporting API list), cut to a few known fields of bounded length before anything keeps or logs them.
 */
import { isPlainObject } from './http';

/** Characters kept of each field. */
export const CSP_FIELD_MAX = 256;

export interface CspReport {
  'csp-report': Record<string, string | number>;
}

/** Fields of a CSP violation kept: both the report-uri names and the Reporting API's. */
const CSP_FIELDS = [
  'document-uri',
  'referrer',
  'violated-directive',
  'effective-directive',
  'blocked-uri',
  'source-file',
  'line-number',
  'column-number',
  'status-code',
  'disposition',
  'script-sample',
  'documentURL',
  'effectiveDirective',
  'blockedURL',
  'sourceFile',
  'lineNumber',
  'columnNumber',
  'statusCode',
  'sample',
];

export function trimCspReport(raw: unknown): CspReport {
  const out: Record<string, string | number> = {};
  if (isPlainObject(raw)) {
    for (const k of CSP_FIELDS) {
      const v = raw[k];
      if (typeof v === 'string') out[k] = v.slice(0, CSP_FIELD_MAX);
      else if (typeof v === 'number' && Number.isFinite(v)) out[k] = v;
    }
  }
  return { 'csp-report': out };
}

/** The reports in a posted body: `{ "csp-report": {...} }` (report-uri) or a Reporting API list. */
export function cspReportsOf(body: Record<string, unknown>): CspReport[] {
  if (Array.isArray(body.value)) {
    return body.value
      .slice(0, 10)
      .map((entry) => trimCspReport(isPlainObject(entry) ? entry.body : undefined));
  }
  return [trimCspReport(isPlainObject(body['csp-report']) ? body['csp-report'] : body)];
}
