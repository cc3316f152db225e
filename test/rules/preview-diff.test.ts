/**
 * The preview's format and `rules:preview --diff`: a changed decision of one persona is one changed line of
 * the golden file, and the diff lists only what changed (persona, decision, before, after) with counts.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PREVIEW_DATE, dayAt, goldenPreviewPath, previewRows, type PreviewRow } from '../../lib/personas';
import { formatLikePrettier } from '../../lib/generated-files';
import { loadRulesDir } from '../../lib/rules-files';
import { repoRoot } from '../../lib/repo';
import { diffPreviews, formatPreviewDiff, renderPreview } from '../../lib/preview-format';
import type { Rulesets } from '../../src/engine/types';
import { loadPersonas } from '../../server/personas';

const rendered = async (rows: PreviewRow[], rulesets: Rulesets): Promise<string> =>
  formatLikePrettier(goldenPreviewPath, renderPreview(rows, PREVIEW_DATE, rulesets));

const changedLines = (a: string, b: string): string[] => {
  const x = a.split('\n');
  const y = b.split('\n');
  expect(y.length).toBe(x.length);
  return y.filter((line, i) => line !== x[i]);
};

/** The shipped rules' preview (every persona decided, then formatted: seconds of work), made once. */
let shippedPreview: Promise<{ rulesets: Rulesets; rows: PreviewRow[]; text: string }> | undefined;
const shipped = () =>
  (shippedPreview ??= (async () => {
    const rulesets = loadRulesDir();
    const rows = await previewRows(rulesets, loadPersonas(), dayAt(PREVIEW_DATE));
    return { rulesets, rows, text: await rendered(rows, rulesets) };
  })());

describe('rules preview format', () => {
  it('a changed decision of one persona is one changed line (no column moves), and the diff names it', async () => {
    const { rulesets, rows, text: before } = await shipped();
    const changed = structuredClone(rows);
    const row = changed.find((r) => r.label === 'postpaid')!;
    // A longer value than any other of its decision: a table would widen the column for every row. (A new
    // answer: decided answers are shared between accounts, src/engine/compile.ts, and so between the rows.)
    row.decisions = {
      ...row.decisions,
      dataLoading: {
        ...row.decisions.dataLoading,
        calls: [...row.decisions.dataLoading.calls, 'rateIncrease', 'wgStatus', 'paperCharge'],
      },
    };
    const after = await rendered(changed, rulesets);

    expect(changedLines(before, after)).toEqual([
      '- postpaid: outage, orderHistory, tickets, services, creditOffer, modemReplacementOffer, modemInfo, wifiInfo, adaptToken, rateIncrease, wgStatus, paperCharge',
    ]);
    const changes = diffPreviews(before, after);
    expect(changes).toEqual([
      {
        decision: 'Calls made after the profile (rules/data-loading.json)',
        key: 'postpaid',
        before:
          'outage, orderHistory, tickets, services, creditOffer, modemReplacementOffer, modemInfo, wifiInfo, adaptToken',
        after:
          'outage, orderHistory, tickets, services, creditOffer, modemReplacementOffer, modemInfo, wifiInfo, adaptToken, rateIncrease, wgStatus, paperCharge',
      },
    ]);
    expect(formatPreviewDiff(changes, 'golden.md')).toBe(
      'postpaid | Calls made after the profile (rules/data-loading.json) | before: outage, orderHistory, tickets, services, creditOffer, modemReplacementOffer, modemInfo, wifiInfo, adaptToken | after: outage, orderHistory, tickets, services, creditOffer, modemReplacementOffer, modemInfo, wifiInfo, adaptToken, rateIncrease, wgStatus, paperCharge\n\n' +
        '1 change against golden.md; 1 persona (postpaid); 1 decision (Calls made after the profile)\n',
    );
  });

  it('the diff of a threshold change: the threshold line and each persona whose decision changes, with counts', async () => {
    const { rulesets, text: before } = await shipped();
    const personas = loadPersonas();
    const changed: Rulesets = structuredClone(rulesets);
    const late = changed.payment.rules.find((r) => r.name === 'payment-late')!;
    late.conditions = {
      all: [
        { fact: 'amountDue', operator: 'greaterThan', value: 500 },
        { fact: 'daysPastDueDate', operator: 'greaterThan', value: 1 },
      ],
    };
    const after = await rendered(await previewRows(changed, personas, dayAt(PREVIEW_DATE)), changed);
    const text = formatPreviewDiff(diffPreviews(before, after), 'golden.md');
    expect(text.split('\n')).toEqual([
      'late-payment | Payment flags (rules/payment.json) | before: late, lateInPeriod | after: lateInPeriod',
      'suspended-postpaid | Payment flags (rules/payment.json) | before: late, lateInPeriod | after: lateInPeriod',
      'suspended-postpaid-s | Payment flags (rules/payment.json) | before: late, lateInPeriod | after: lateInPeriod',
      'late-payment | Full home sections in order (rules/home-sections.json) | before: late-payment-alert, greeting, network-status, order-history-link, quick-links, billing-info, internet-wifi, wifi-devices, cancel-service (chat), support, rewards | after: greeting, network-status, order-history-link, quick-links, billing-info, internet-wifi, wifi-devices, cancel-service (chat), support, rewards',
      'suspended-postpaid | Full home sections in order (rules/home-sections.json) | before: suspended-alert (postpaid), late-payment-alert, greeting, network-status, order-history-link, quick-links, billing-info, internet-wifi, wifi-devices, cancel-service (chat), support, rewards | after: suspended-alert (postpaid), greeting, network-status, order-history-link, quick-links, billing-info, internet-wifi, wifi-devices, cancel-service (chat), support, rewards',
      'suspended-postpaid-s | Full home sections in order (rules/home-sections.json) | before: suspended-alert (postpaid), late-payment-alert, greeting, network-status, order-history-link, quick-links, billing-info, internet-wifi, wifi-devices, cancel-service (chat), support, rewards | after: suspended-alert (postpaid), greeting, network-status, order-history-link, quick-links, billing-info, internet-wifi, wifi-devices, cancel-service (chat), support, rewards',
      "payment #1 'payment-late' | Thresholds (every number a rule compares a fact with) | before: amountDue greaterThan 10 and daysPastDueDate greaterThan 1 | after: amountDue greaterThan 500 and daysPastDueDate greaterThan 1",
      '',
      '7 changes against golden.md; 3 personas (late-payment, suspended-postpaid, suspended-postpaid-s); 2 decisions (Payment flags, Full home sections in order); 1 rule and constant line',
      '',
    ]);
  });

  it('npm run rules:preview -- --diff compares an analyst copy (RULES_DIR) with the golden file', () => {
    const dir = join(mkdtempSync(join(tmpdir(), 'rules-preview-')), 'rules');
    cpSync(join(repoRoot, 'rules'), dir, { recursive: true });
    const file = join(dir, 'token.json');
    const json = JSON.parse(readFileSync(file, 'utf8')) as {
      rules: { conditions: { all: { value: number }[] } }[];
    };
    json.rules[0]!.conditions.all[0]!.value = 60;
    writeFileSync(file, JSON.stringify(json));
    const run = spawnSync(
      process.execPath,
      ['--import', 'tsx', join(repoRoot, 'scripts', 'rules-preview.ts'), '--diff'],
      {
        env: { ...process.env, RULES_DIR: dir },
        encoding: 'utf8',
      },
    );
    expect(run.status).toBe(0);
    expect(run.stdout).toBe(
      "token #1 'fresh' | Thresholds (every number a rule compares a fact with) | before: tokenSecondsRemaining greaterThanInclusive 120 | after: tokenSecondsRemaining greaterThanInclusive 60\n\n" +
        '1 change against test/golden/rules-preview.md; 0 personas (—); 0 decisions (—); 1 rule and constant line\n',
    );
  });
});
