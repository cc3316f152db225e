/**
 * The CSP violation reports the browser posts to the policy's report-uri, kept so browser tests can fail
 * on any: the newest CSP_REPORTS_MAX, each cut to a few fields of at most CSP_FIELD_MAX characters.
 */
import { isPlainObject } from '../server/http';

export const CSP_REPORTS_MAX = 100;
const CSP_FIELD_MAX = 256;

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

function trimCspReport(raw: unknown): CspReport {
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

/** The reports kept, oldest first. */
export class CspReports {
  private readonly kept: CspReport[] = [];

  add(body: Record<string, unknown>): void {
    this.kept.push(...cspReportsOf(body));
    if (this.kept.length > CSP_REPORTS_MAX) this.kept.splice(0, this.kept.length - CSP_REPORTS_MAX);
  }

  list(): readonly CspReport[] {
    return this.kept;
  }

  clear(): void {
    this.kept.length = 0;
  }
}
