import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test, expect, settled } from './fixtures';
import { LIVE_PORT, LIVE_RULES_DIR } from '../../playwright.config';

/**
 * An analyst's edit shows after a reload, without a rebuild: the second sandbox serves a live copy of rules/
 * which this test edits on disk while the server runs.
 */
const base = `http://localhost:${LIVE_PORT}`;
const file = join(LIVE_RULES_DIR, 'navigation.json');

interface RuleFile {
  rules: Array<{ name: string; conditions: unknown; event: { params: { items?: string[] } } }>;
}

test.describe.configure({ mode: 'serial' });

test.describe('live rules', () => {
  let original = '';
  test.beforeAll(() => {
    original = readFileSync(file, 'utf8');
  });
  test.afterAll(() => {
    writeFileSync(file, original);
  });

  test('an edited rule file changes the page after a reload; an invalid one is refused and the last valid one stays', async ({
    guarded: page,
  }) => {
    await page.goto(`${base}/sandbox/signin?persona=postpaid&redirect=/home`);
    await settled(page);
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(nav.getByRole('link', { name: 'Settings' })).toBeVisible();

    // The analyst drops Settings from the default navigation.
    const edited = JSON.parse(original) as RuleFile;
    const fallback = edited.rules[edited.rules.length - 1]!;
    fallback.event.params.items = (fallback.event.params.items ?? []).filter((i) => i !== 'settings');
    writeFileSync(file, JSON.stringify(edited, null, 2));
    await page.reload();
    await settled(page);
    await expect(nav.getByRole('link', { name: 'Billing' })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Settings' })).toHaveCount(0);

    // A typo in a fact name: the server refuses the file and keeps serving the analyst's last valid version,
    // and says which file it refused and why.
    const broken = JSON.parse(original) as RuleFile;
    broken.rules[0]!.conditions = { all: [{ fact: 'blokedAccount', operator: 'equal', value: true }] };
    writeFileSync(file, JSON.stringify(broken, null, 2));
    await page.reload();
    await settled(page);
    await expect(nav.getByRole('link', { name: 'Billing' })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Settings' })).toHaveCount(0);
    const bundle = await page.request.get(`${base}/rules/bundle.json`);
    const entry = ((await bundle.json()) as { files: Record<string, { status: string; message: string }> })
      .files['navigation.json'];
    expect(entry?.status).toBe('rejected');
    expect(entry?.message).toContain("unknown fact 'blokedAccount'");

    // The QA panel shows the file as rejected, with the validator's message in full; the others as served.
    await page.goto(`${base}/home?qa`);
    await settled(page);
    await expect(nav.getByRole('link', { name: 'Settings' })).toHaveCount(0);
    await page.getByRole('button', { name: /^QA: rules and flow paths/ }).click();
    const files = page.getByRole('list', { name: 'Rule files' });
    const navigationFile = files.getByRole('listitem').filter({ hasText: 'rules/navigation.json' });
    await expect(navigationFile).toContainText('rules/navigation.json: rejected');
    await expect(navigationFile.getByText(entry!.message, { exact: true })).toBeVisible();
    await expect(files.getByRole('listitem').filter({ hasText: 'rules/home-view.json' })).toContainText(
      'rules/home-view.json: served',
    );
    // And the issue log has it, stripped as the log requires (no quotes or brackets).
    const response = await page.request.get(`${base}/sandbox/session`);
    const records = ((await response.json()) as { issues?: Array<{ operation?: string; message?: string }> })
      .issues;
    const logged = (records ?? []).filter(
      (r) => r.operation === 'loadRules' && r.message?.includes('rules/navigation.json'),
    );
    expect(logged.length).toBeGreaterThan(0);
    expect(logged[0]!.message).toContain('unknown fact blokedAccount');
  });
});
