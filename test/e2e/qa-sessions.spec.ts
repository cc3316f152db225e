import { execFile } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { relative } from 'node:path';
import { walledGardenPayMachine } from '../../machines/walled-garden-pay.machine';
import { forgotPasswordMachine } from '../../machines/forgot-password.machine';
import { MESSAGES } from '../../machines/messages';
import { BILLING_HOME_TEXT } from '../../src/features/billing/home-texts';
import type { PathFile } from '../../machines/paths';
import { machineVersion } from '../../machines/version';
import { rulesHashOfDir } from '../../lib/paths/sessions';
import { expect, ready, settled, signIn, test } from './fixtures';
import type { Locator, Page } from '@playwright/test';

// QA sessions that replay (issue 13, item 8; machines/README.md 'Captured sessions'): a session captured in the
// browser is saved from the QA panel and `npm run qa:replay` replays it in Chromium against a sandbox of its
// own, checking the flow's state and the screen at each step.

const PAY = '/Orch/dssh/pbs/authorizePayment';

/**
 * `npm run qa:replay -- FILE...`, as QA runs it: its exit code, what it printed, and what it printed for each
 * file (from its `qa:replay <file>` line to the next). Sessions of the same rules and day share one sandbox.
 */
function qaReplay(
  ...files: string[]
): Promise<{ code: number; output: string; of: (file: string) => string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', 'scripts/qa-replay.ts', ...files],
      // A bound for a hang: each replay takes seconds, the sandbox's start most of them.
      { env: process.env, timeout: 150_000 },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === 'number' ? error.code : 1) : 0;
        const output = `${stdout}${stderr}`;
        const sections = output.split(/^(?=qa:replay )/m);
        const of = (file: string): string => {
          const found = sections.filter((x) => x.startsWith(`qa:replay ${relative(process.cwd(), file)}\n`));
          if (found.length !== 1) throw new Error(`no single section of ${file} in:\n${output}`);
          return found[0]!;
        };
        resolve({ code, output, of });
      },
    );
  });
}

/** Saves a flow's session from the open QA panel (the browser's download) into the test's output folder. */
async function saveSession(page: Page, flow: Locator, file: string): Promise<PathFile> {
  const download = page.waitForEvent('download');
  await flow.getByRole('button', { name: /^Save .* session$/ }).click();
  await (await download).saveAs(file);
  return JSON.parse(readFileSync(file, 'utf8')) as PathFile;
}

test.describe('QA sessions captured in the browser replay in the browser', () => {
  // Each qa:replay starts a sandbox and a Chromium of its own (seconds, more on a busy machine): one qa:replay
  // per story replays all of its sessions on one sandbox, and the two stories run side by side.

  test.describe('a walled-garden Pay now failing (a 500 fault)', () => {
    test('is saved with persona, date, faults, rules and machine version; qa:replay replays it and a slower capture, and fails a tampered copy', async ({
      guarded: page,
    }, testInfo) => {
      await signIn(page, 'walled-garden-soft', '/home?qa', [`${PAY}:500`]);
      await settled(page);
      await page.getByRole('button', { name: 'Pay now', exact: true }).click();
      await expect(page.getByText(MESSAGES.paymentFailed.text, { exact: true })).toBeVisible();

      await page.getByRole('button', { name: /^QA: rules and flow paths/ }).click();
      const flow = page.getByRole('region', { name: /^walled-garden-pay #\d+$/ });
      await expect(flow).toContainText('State: ready, 2 steps');
      const file = testInfo.outputPath('walled-garden-pay.json');
      const session = await saveSession(page, flow, file);
      await expect(page.getByRole('status').filter({ hasText: /^Saved walled-garden-pay-/ })).toBeVisible();

      expect(session.format).toBe(2);
      expect(session.machineVersion).toBe(await machineVersion(walledGardenPayMachine));
      expect(session.session).toMatchObject({
        persona: 'walled-garden-soft',
        accountIndex: 0,
        faults: { [PAY]: '500' },
        page: { path: '/home' },
        rules: { hash: (await rulesHashOfDir('rules')).hash },
      });
      expect(session.session?.date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(session.session?.sandboxClock?.startsWith(session.session.date)).toBe(true);
      expect(session.steps.map((s) => [s.event.type, s.expectedState])).toEqual([
        ['PAY.NOW', 'authorizing'],
        [`xstate.error.actor.authorizePayment`, 'ready'],
      ]);
      expect(session.steps[0]?.via).toEqual([{ action: 'click', role: 'button', name: 'Pay now' }]);
      expect(session.steps[1]?.screen?.shown).toContain(MESSAGES.paymentFailed.text);

      // Replayed as saved; captured on a slower back end (the page showed the payment being submitted: the
      // replay holds the call until it has seen that too, however fast the sandbox answers); and a copy with a
      // changed expected text, which must fail. One qa:replay, one sandbox: the same rules and day.
      const slow = structuredClone(session);
      slow.steps[0]!.screen = { shown: [BILLING_HOME_TEXT.submittingPayment], gone: [] };
      const slowFile = testInfo.outputPath('walled-garden-pay-slow.json');
      writeFileSync(slowFile, JSON.stringify(slow, null, 2));
      const tampered = structuredClone(session);
      const shown = tampered.steps[1]!.screen!.shown;
      shown[shown.indexOf(MESSAGES.paymentFailed.text)] = 'Your payment went through.';
      const tamperedFile = testInfo.outputPath('walled-garden-pay-tampered.json');
      writeFileSync(tamperedFile, JSON.stringify(tampered, null, 2));

      const replay = await qaReplay(file, slowFile, tamperedFile);
      const saved = replay.of(file);
      expect(saved).toContain('persona   walled-garden-soft; faults /Orch/dssh/pbs/authorizePayment:500');
      expect(saved).toContain('1. click button "Pay now" → PAY.NOW ⇒ authorizing  OK');
      expect(saved).toContain('2. authorizePayment fails ⇒ ready  OK');
      expect(saved).toMatch(/\nOK\n/);
      expect(replay.of(slowFile)).toContain('1. click button "Pay now" → PAY.NOW ⇒ authorizing  OK');
      expect(replay.of(slowFile)).toMatch(/\nOK\n/);
      const failing = replay.of(tamperedFile);
      expect(failing).toContain('2. authorizePayment fails ⇒ ready  FAIL');
      expect(failing).toContain('screen: missing "Your payment went through."');
      // Its sandbox (the launcher, the portal and the stand-in), shared by the three, has ended before the
      // replay does.
      expect(replay.output.match(/^ {2}sandbox stopped$/gm)).toHaveLength(1);
      expect(replay.code, replay.output).toBe(1);
    });
  });

  test.describe('the sign-in recovery flow', () => {
    test('is captured on both of its pages, signed out, and both pages replay', async ({
      guarded: page,
    }, testInfo) => {
      await page.goto('/login/forgotPassword?qa');
      // Taps before hydration do nothing (src/ui/Form.tsx): a customer waits for the page to work.
      await ready(page);
      await page.getByLabel('Username').fill('alex.postpaid');
      await page.getByRole('button', { name: 'Continue' }).click();
      await page.getByLabel('Email address').fill('alex.postpaid@mail.example');
      await page.getByRole('button', { name: 'Send the reset link' }).click();
      await expect(page.getByRole('status').filter({ hasText: /^Check your email/ })).toBeVisible();

      await page.getByRole('button', { name: /^QA: rules and flow paths/ }).click();
      // Newest first: the step-2 page's flow, then the first page's.
      const flows = page.getByRole('region', { name: /^forgot-password #\d+$/ });
      await expect(flows).toHaveCount(2);
      const files = [
        testInfo.outputPath('forgot-password-1.json'),
        testInfo.outputPath('forgot-password-2.json'),
      ];
      const step1 = await saveSession(page, flows.nth(1), files[0]!);
      const step2 = await saveSession(page, flows.nth(0), files[1]!);

      const version = await machineVersion(forgotPasswordMachine);
      for (const s of [step1, step2]) {
        expect(s.machineVersion).toBe(version);
        expect(s.session).toMatchObject({ persona: null, faults: {} });
      }
      expect(step1.session?.page).toEqual({ path: '/login/forgotPassword' });
      expect(step1.steps[0]?.via).toEqual([
        { action: 'fill', role: 'textbox', name: 'Username', value: 'alex.postpaid' },
        { action: 'click', role: 'button', name: 'Continue' },
      ]);
      expect(step2.session?.page).toEqual({
        path: '/login/forgotPasswordStep2',
        state: { login: 'alex.postpaid', maskedEmail: expect.any(String) as unknown },
      });
      expect(step2.steps.at(-1)?.expectedState).toBe('emailSent');

      // Both pages replay, one after the other on one sandbox.
      const replay = await qaReplay(...files);
      for (const file of files) {
        expect(replay.of(file)).toContain('persona   none (signed out); faults none');
        expect(replay.of(file)).toMatch(/\nOK\n/);
      }
      expect(replay.code, replay.output).toBe(0);
    });
  });
});
