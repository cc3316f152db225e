// @vitest-environment happy-dom
/**
 * What the studio says is true and says what to do (issue 31, items 3 and 4): a failing case is named with
 * the value to change, its values by their names; a file set aside for its size or depth is not "missing";
 * with a draft that has errors the persona preview and the home side by side say so, and where, instead of
 * reporting a change or "Please try again"; the simulator refuses "fifty" for a number at once.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { checkContext } from '../../lib/rules-files';
import { repoRoot } from '../../lib/repo';
import { caseFailure, outcomeWords } from '../../src/features/studio/case-failure';
import { HomeSideBySide } from '../../src/features/studio/HomeSideBySide';
import { casePersonas, checkDraft, type Files } from '../../src/features/studio/model';
import { draftErrors, draftErrorsText, PreviewPanel } from '../../src/features/studio/PreviewPanel';
import { Simulator } from '../../src/features/studio/Simulator';
import { sentence } from '../../src/features/studio/words';
import { live } from './studio-support';

afterEach(cleanup);

/** The rules folder's files as the studio holds them: every rule file, and the case files asked for. */
function rulesFiles(cases: string[] = ['given.json', 'prepaid-card.cases.json']): Files {
  const dir = join(repoRoot, 'rules');
  const files: Files = {};
  for (const name of readdirSync(dir).filter((f) => f.endsWith('.json')))
    files[name] = readFileSync(join(dir, name), 'utf8');
  for (const name of cases) files[`cases/${name}`] = readFileSync(join(dir, 'cases', name), 'utf8');
  files['population/distributions.json'] = readFileSync(
    join(dir, 'population', 'distributions.json'),
    'utf8',
  );
  return files;
}

const noPersonas = casePersonas([], () => Promise.resolve([]));
const at45 = (files: Files): Files => ({
  ...files,
  'prepaid-card.json': files['prepaid-card.json']!.replace(/("lessThanInclusive",\s*"value": )60\b/, '$145'),
});

describe('a failing case', () => {
  it('is named with what it expects, what the draft decides, and the value to change', async () => {
    const report = await checkDraft(at45(rulesFiles()), checkContext(), noPersonas);
    const failing = report.cases.filter((c) => c.failures.length > 0);
    expect(failing).toHaveLength(1);
    const f = caseFailure(failing[0]!);
    expect(f).toEqual({
      n: 3,
      fact: 'daysToCardExpiry',
      text: 'Case 3 “card expiring in 60 days -> status 2 (1 when expired, 2 when it expires within 60 days)” of prepaid-card expects status 2 (almost expired); the draft decides status 0 (neither): change its daysToCardExpiry (now 60), or what it expects',
    });
    expect(f.text).not.toMatch(/expected status 2, got status 0/);
  }, 30_000);

  it('names decided values by the labels their declaration gives', () => {
    expect(outcomeWords('prepaid-card', 'status 1')).toBe('status 1 (expired)');
    expect(outcomeWords('credit-offer', 'show true')).toBe('show shown');
    expect(outcomeWords('home-sections', 'includes outage-alert')).toBe('includes outage-alert');
  });
});

describe('true messages', () => {
  it('says what is wrong with a file nested too deep, and never that it is missing', async () => {
    const files = rulesFiles();
    const deep = `{"description": "x", "rules": [${'{"all": ['.repeat(40)}${']}'.repeat(40)}]}`;
    const report = await checkDraft({ ...files, 'brand.json': deep }, checkContext(), noPersonas);
    const texts = draftErrors(report).map((i) => `${i.file}: ${i.message}`);
    expect(texts).toContain(
      'rules/brand.json: it nests lists and objects more than 32 levels deep: group the conditions in fewer levels, or split the rule',
    );
    expect(texts.join('\n')).not.toContain('the file is missing');
  }, 30_000);

  it('ends a sentence once', () => {
    expect(sentence('Approved: Warn 45 days.')).toBe('Approved: Warn 45 days.');
    expect(sentence('Approved: Warn 45 days')).toBe('Approved: Warn 45 days.');
    expect(sentence('Saving…')).toBe('Saving…');
  });
});

describe('a draft with errors', () => {
  const problem = {
    file: 'rules/prepaid-card.json',
    rule: "#3 'card-almost-expired'",
    path: 'rules[2].conditions.all[0].value',
    message: "'daysToCardExpiry' is a number, so compare it with a number",
  };
  it('is not previewed: the preview says the draft has errors and where', () => {
    const files = rulesFiles([]);
    const draft = { ...files, 'prepaid-card.json': files['prepaid-card.json']!.replace('60', '"soon"') };
    const report = {
      files: draft,
      check: {
        issues: [problem],
        errors: [problem],
        warnings: [],
        analysis: { findings: [] },
      },
      caseIssues: [],
      cases: [],
      failing: 0,
    } as unknown as Parameters<typeof PreviewPanel>[0]['checked'];
    render(<PreviewPanel live={live({ files })} files={draft} personas={[]} checked={report} />);
    const status = screen.getByRole('status');
    expect(status).toHaveTextContent(
      "The draft has an error, so nothing is decided with it until it is fixed: rules/prepaid-card.json, rule #3 'card-almost-expired', at rules[2].conditions.all[0].value: 'daysToCardExpiry' is a number, so compare it with a number.",
    );
    expect(status).not.toHaveTextContent(/Changed for/);
  });

  it('is not opened side by side: it says why, not "Please try again"', () => {
    render(
      <HomeSideBySide
        personas={[{ id: 'card-expiring' }]}
        persona="card-expiring"
        onPersona={() => {}}
        onOpen={() => {
          throw new Error('not to be opened');
        }}
        canOpen={false}
        opening={false}
        problem={draftErrorsText([problem])}
        frames={{
          live: '/home',
          draft: '/home?rules=draft',
          draftPage: '/home?rules=draft',
          persona: 'card-expiring',
          opened: 1,
        }}
      />,
    );
    const button = screen.getByRole('button', { name: 'Open the home side by side' });
    expect(button).toHaveAttribute('aria-disabled', 'true');
    expect(button).toHaveAccessibleDescription(/^The draft has an error, .*rules\/prepaid-card\.json/);
    button.click();
    expect(screen.queryByText(/Please try again/)).toBeNull();
    // Frames of an earlier draft are not shown beside an error.
    expect(screen.queryByTitle(/home under the draft rules/)).toBeNull();
  });
});

describe('the home side by side', () => {
  const signIn = (page: string): string =>
    `/sandbox/signin?persona=card-expiring&redirect=${encodeURIComponent(page)}`;
  const frames = (opened: number) => ({
    live: signIn('/home'),
    draft: signIn('/home?rules=draft'),
    draftPage: '/home?rules=draft',
    persona: 'card-expiring',
    opened,
  });
  const props = {
    personas: [{ id: 'card-expiring' }],
    persona: 'card-expiring',
    onPersona: () => {},
    onOpen: () => {},
    canOpen: true,
    opening: false,
    problem: null,
  };

  it('signs in once: the draft opens in the live frame’s session once that frame has loaded', () => {
    // Two frames signing in at once could each end the other's session while its home was loading.
    const { rerender } = render(<HomeSideBySide {...props} frames={frames(1)} />);
    const live = screen.getByTitle("card-expiring's home under the live rules");
    expect(live).toHaveAttribute('src', signIn('/home'));
    expect(screen.queryByTitle("card-expiring's home under the draft rules")).toBeNull();
    expect(screen.getByText('Opens once the live home has loaded…')).toBeInTheDocument();
    // Each can still be opened in a tab, through its own sign-in.
    const tabs = screen.getAllByRole('link', { name: 'open in a tab' });
    expect(tabs.map((a) => a.getAttribute('href'))).toEqual([signIn('/home'), signIn('/home?rules=draft')]);

    fireEvent.load(live);
    expect(screen.getByTitle("card-expiring's home under the draft rules")).toHaveAttribute(
      'src',
      '/home?rules=draft',
    );

    // Opened again (another draft): both load afresh, the draft after the live one again.
    rerender(<HomeSideBySide {...props} frames={frames(2)} />);
    expect(screen.getByTitle("card-expiring's home under the live rules")).not.toBe(live);
    expect(screen.queryByTitle("card-expiring's home under the draft rules")).toBeNull();
    fireEvent.load(screen.getByTitle("card-expiring's home under the live rules"));
    expect(screen.getByTitle("card-expiring's home under the draft rules")).toBeInTheDocument();
  });
});

describe('the simulator', () => {
  it('refuses "fifty" for a number at once, saying what to type, and decides with the last good value', async () => {
    const user = userEvent.setup();
    const files = rulesFiles([]);
    render(<Simulator live={live({ files })} files={files} personas={[]} />);
    await user.click(screen.getByRole('button', { name: 'Load the generated account' }));
    // Found by its type: a label query over the account's 150 facts costs seconds in happy-dom.
    const search = await waitFor(() => document.querySelector<HTMLInputElement>('input[type="search"]')!);
    await user.click(search);
    await user.paste('daysToCardExpiry');
    const days = await screen.findByLabelText(/^daysToCardExpiry/);
    // Typed over the value (the whole text selected, then replaced).
    await user.tripleClick(days);
    await user.paste('fifty');
    expect(days).toHaveValue('fifty');
    expect(days).toHaveAttribute('aria-invalid', 'true');
    expect(days).toHaveAccessibleDescription(
      '“fifty” is not a number: type a number in digits, like 45 (or null for unknown)',
    );
    // The account keeps its last good value: nothing changed yet.
    expect(document.getElementById('studio-sim-facts')).toHaveTextContent('Facts (0 changed)');
    // Grouped as the vocabulary groups the facts.
    expect(days.closest('fieldset')!.querySelector('legend')).toHaveTextContent('Billing and payment');
    await user.tripleClick(days);
    await user.paste('50');
    expect(days).not.toHaveAttribute('aria-invalid');
    expect(document.getElementById('studio-sim-facts')).toHaveTextContent('Facts (1 changed)');
  }, 30_000);
});
