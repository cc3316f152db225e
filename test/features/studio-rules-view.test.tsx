// @vitest-environment happy-dom
/**
 * The Rules tab as an analyst works in it (issue 31, items 3 and 6), on the real rule files: after Apply
 * focus is on the rule's Edit button, where Undo on Ctrl+Z takes the step back; the file's description is
 * edited in the page; a refused save links each failing case to the value to change, and focus lands on
 * that value's input.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { checkContext } from '../../lib/rules-files';
import { repoRoot } from '../../lib/repo';
import { useDraftHistory } from '../../src/features/studio/draft-history';
import type { Files } from '../../src/features/studio/model';
import { RulesView } from '../../src/features/studio/RulesView';
import { fakeStudioApi, live, renderInStore } from './studio-support';

afterEach(cleanup);

function rulesFiles(): Files {
  const dir = join(repoRoot, 'rules');
  const files: Files = {};
  for (const name of readdirSync(dir).filter((f) => f.endsWith('.json')))
    files[name] = readFileSync(join(dir, name), 'utf8');
  for (const name of ['given.json', 'prepaid-card.cases.json'])
    files[`cases/${name}`] = readFileSync(join(dir, 'cases', name), 'utf8');
  return files;
}

const files = rulesFiles();
const liveRules = live({ files, context: checkContext() });

function Tab() {
  const draft = useDraftHistory(files);
  return (
    <RulesView
      api={fakeStudioApi()}
      live={liveRules}
      draft={draft}
      personas={[]}
      bodiesFor={() => Promise.resolve([])}
      requireApproval
      revising={null}
      onStopRevising={() => {}}
      onRecorded={() => {}}
    />
  );
}

const status = () => screen.getByText(/cases failing|the cases run once|Checking…/);
// Found by their text: role queries compute the name of every control of this page (seconds in happy-dom).
const button = (name: string) => screen.getByText(name, { selector: 'button' });
const ruleDialog = () =>
  screen.getByText("Edit rule #3 'card-almost-expired'", { selector: 'h2' }).closest('dialog')!;

describe('the Rules tab', () => {
  it('gives focus back to the Edit button after Apply; Ctrl+Z there undoes the step', async () => {
    const user = userEvent.setup();
    await renderInStore(<Tab />);
    const edit = button("Edit rule #3 'card-almost-expired'");
    await user.click(edit);
    const dialog = ruleDialog();
    const value = within(dialog).getByLabelText('Value of condition 1');
    await user.tripleClick(value);
    await user.paste('45');
    await user.click(within(dialog).getByText('Apply to the draft'));
    await waitFor(() => expect(edit).toHaveFocus());
    // The row of the rule, in words.
    const row = edit.closest('tr')!;
    expect(row).toHaveTextContent(/daysToCardExpiry.*at most 45/);
    await user.keyboard('{Control>}z{/Control}');
    expect(row).toHaveTextContent(/daysToCardExpiry.*at most 60/);
    expect(edit).toHaveFocus();
  });

  it("edits the file's description in the page, as one step", async () => {
    const user = userEvent.setup();
    await renderInStore(<Tab />);
    const description = screen.getByLabelText('Description of prepaid-card.json');
    await user.tripleClick(description);
    await user.paste('Card status: 1 when expired, 2 when it expires within 45 days.');
    expect(description).toHaveValue('Card status: 1 when expired, 2 when it expires within 45 days.');
    expect(button('Undo')).toHaveAttribute('aria-label', 'Undo: Description of prepaid-card.json');
  });

  it('links a failing case to the value to change, and focus lands on it', async () => {
    const user = userEvent.setup();
    await renderInStore(<Tab />);
    await user.click(button("Edit rule #3 'card-almost-expired'"));
    const dialog = ruleDialog();
    await user.tripleClick(within(dialog).getByLabelText('Value of condition 1'));
    await user.paste('45');
    await user.click(within(dialog).getByText('Apply to the draft'));
    await waitFor(() => expect(status()).toHaveTextContent(/1 of \d+ cases failing/), { timeout: 20_000 });
    await user.click(button('Save the change'));
    const link = await screen.findByText(
      /^Case 3 “card expiring in 60 days .*” of prepaid-card expects status 2 \(almost expired\); the draft decides status 0 \(neither\): change its daysToCardExpiry \(now 60\), or what it expects$/,
      { selector: 'a' },
    );
    await user.click(link);
    await waitFor(() => expect(screen.getByLabelText(/daysToCardExpiry.* in case 3$/)).toHaveFocus());
  }, 30_000);
});
