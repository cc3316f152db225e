/**
 * The CSP violation reports the browser posts to the sandbox's report-uri, kept so browser tests can fail
 * on any: the newest CSP_REPORTS_MAX, each cut by server/csp-reports.ts.
 */
import { cspReportsOf, type CspReport } from '../server/csp-reports';

export const CSP_REPORTS_MAX = 100;

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
