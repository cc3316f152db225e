// @vitest-environment happy-dom
/**
 * The rule studio's form editor of one rule (src/features/studio/RuleEditor.tsx): what each control writes
 * into the rule it hands back on "Apply to the draft". The browser test (studio.e2e.ts) follows one value
 * through the whole studio; this covers every kind of control: name, priority, conditions (fact, operator,
 * value by type, add, remove, nested groups) and each kind of event param.
 */
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DECISIONS, type DecisionSpec } from '../../src/engine/decisions';
import type { RuleCondition, RuleDefinition } from '../../src/engine/types';
import { RuleEditor } from '../../src/features/studio/RuleEditor';

afterEach(cleanup);

const spec = (id: string): DecisionSpec => DECISIONS.find((d) => d.id === id)!;

const cardAlmostExpired: RuleDefinition = {
  name: 'card-almost-expired',
  priority: 80,
  conditions: { all: [{ fact: 'daysToCardExpiry', operator: 'lessThanInclusive', value: 60 }] },
  event: { type: 'prepaid-card', params: { status: 2 } },
};

/** Renders the editor and returns what "Apply to the draft" hands back (after the given changes). */
function open(rule: RuleDefinition, decision = 'prepaid-card') {
  const onApply = vi.fn<(r: RuleDefinition) => void>();
  const onClose = vi.fn();
  render(<RuleEditor spec={spec(decision)} rule={rule} position={3} onApply={onApply} onClose={onClose} />);
  const dialog = screen.getByRole('dialog', { name: `Edit rule #3 '${rule.name}'` });
  const apply = async (user: ReturnType<typeof userEvent.setup>): Promise<RuleDefinition> => {
    await user.click(within(dialog).getByRole('button', { name: 'Apply to the draft' }));
    expect(onApply).toHaveBeenCalledTimes(1);
    return onApply.mock.calls[0]![0];
  };
  return { dialog: within(dialog), apply, onApply, onClose };
}

const leaves = (r: RuleDefinition) => (r.conditions as { all: RuleCondition[] }).all;

describe('RuleEditor', () => {
  it('shows the rule as it is and hands back an unchanged copy, never the rule itself', async () => {
    const user = userEvent.setup();
    const { dialog, apply } = open(cardAlmostExpired);
    expect(dialog.getByLabelText('Name')).toHaveValue('card-almost-expired');
    expect(dialog.getByLabelText('Priority (higher is tried first)')).toHaveValue(80);
    expect(dialog.getByRole('group', { name: /Conditions \(every one must hold\)/ })).toBeInTheDocument();
    expect(dialog.getByLabelText('Fact of condition 1')).toHaveValue('daysToCardExpiry');
    expect(dialog.getByLabelText('Operator of condition 1')).toHaveValue('lessThanInclusive');
    expect(dialog.getByLabelText('Value of condition 1')).toHaveValue('60');
    expect(dialog.getByLabelText('status')).toHaveValue('2');
    // In the analyst's words: the operator as "at most", the decided value by its name.
    expect(dialog.getByLabelText('Operator of condition 1')).toHaveDisplayValue('at most');
    expect(dialog.getByLabelText('status')).toHaveDisplayValue('2 (almost expired)');
    const applied = await apply(user);
    expect(applied).toEqual(cardAlmostExpired);
    expect(applied).not.toBe(cardAlmostExpired);
  });

  it('writes the name and the priority as typed', async () => {
    const user = userEvent.setup();
    const { dialog, apply } = open(cardAlmostExpired);
    await user.clear(dialog.getByLabelText('Name'));
    await user.type(dialog.getByLabelText('Name'), 'card-soon');
    await user.clear(dialog.getByLabelText('Priority (higher is tried first)'));
    await user.type(dialog.getByLabelText('Priority (higher is tried first)'), '85');
    const applied = await apply(user);
    expect(applied.name).toBe('card-soon');
    expect(applied.priority).toBe(85);
  });

  it('writes a number fact as a number and a constant as a fact', async () => {
    const user = userEvent.setup();
    const { dialog, apply, onApply } = open(cardAlmostExpired);
    const value = dialog.getByLabelText('Value of condition 1');
    expect(value).toHaveAttribute('inputmode', 'decimal');
    await user.clear(value);
    await user.type(value, '45');
    expect(leaves(await apply(user))[0]).toEqual({
      fact: 'daysToCardExpiry',
      operator: 'lessThanInclusive',
      value: 45,
    });
    await user.clear(value);
    await user.type(value, 'constant.paperBillFee');
    onApply.mockClear();
    expect(leaves(await apply(user))[0]).toMatchObject({ value: { fact: 'constant.paperBillFee' } });
    // Shown back as the constant's name.
    expect(value).toHaveValue('constant.paperBillFee');
  });

  it('refuses "fifty" for a number at once, says what to type, and Apply says what stops it', async () => {
    const user = userEvent.setup();
    const { dialog, onApply } = open(cardAlmostExpired);
    const value = dialog.getByLabelText('Value of condition 1');
    await user.clear(value);
    await user.type(value, 'fifty');
    // As typed, before any Apply: marked invalid, with the message tied to the input.
    expect(value).toHaveValue('fifty');
    expect(value).toHaveAttribute('aria-invalid', 'true');
    expect(value).toHaveAccessibleDescription('“fifty” is not a number: type a number in digits, like 45');
    await user.click(dialog.getByRole('button', { name: 'Apply to the draft' }));
    expect(onApply).not.toHaveBeenCalled();
    expect(dialog.getByRole('alert')).toHaveTextContent(
      'Not applied: fix this value first.Value of condition 1: “fifty” is not a number: type a number in digits, like 45',
    );
    expect(value).toHaveFocus();
    // Fixed, it applies.
    await user.clear(value);
    await user.type(value, '50');
    expect(value).not.toHaveAttribute('aria-invalid');
    await user.click(dialog.getByRole('button', { name: 'Apply to the draft' }));
    expect(leaves(onApply.mock.calls[0]![0])[0]).toMatchObject({ value: 50 });
  });

  it('refuses a number param that is not one ("ten" for an order)', async () => {
    const user = userEvent.setup();
    const { dialog, onApply } = open(
      {
        name: 's',
        priority: 1,
        conditions: { all: [] },
        event: { type: 'home-section', params: { section: 'outage', order: 1 } },
      },
      'home-sections',
    );
    await user.clear(dialog.getByLabelText('order'));
    await user.type(dialog.getByLabelText('order'), 'ten');
    expect(dialog.getByLabelText('order')).toHaveAccessibleDescription(
      '“ten” is not a number: type a number in digits, like 45',
    );
    await user.click(dialog.getByRole('button', { name: 'Apply to the draft' }));
    expect(onApply).not.toHaveBeenCalled();
  });

  it('offers the operators in words, from one table', () => {
    const texts = (select: HTMLElement) =>
      within(select)
        .getAllByRole('option')
        .map((o) => o.textContent);
    const text = open({
      ...cardAlmostExpired,
      conditions: { all: [{ fact: 'profileStatus', operator: 'in', value: ['ok'] }] },
    });
    expect(texts(text.dialog.getByLabelText('Operator of condition 1'))).toEqual([
      'equals',
      'does not equal',
      'is one of',
      'is not one of',
    ]);
    cleanup();
    const number = open(cardAlmostExpired);
    expect(texts(number.dialog.getByLabelText('Operator of condition 1'))).toEqual([
      'equals',
      'does not equal',
      'less than',
      'at most',
      'more than',
      'at least',
    ]);
  });

  it('names a decided value the rule compares with: prepaidCard.status is chosen as "2 (almost expired)"', async () => {
    const user = userEvent.setup();
    const { dialog, apply } = open(
      {
        name: 'card-alert',
        priority: 1,
        conditions: { all: [{ fact: 'prepaidCard.status', operator: 'equal', value: 2 }] },
        event: { type: 'home-section', params: { section: 'prepaid-card-alert', order: 10 } },
      },
      'home-sections',
    );
    const value = dialog.getByLabelText('Value of condition 1');
    expect(value).toHaveDisplayValue('2 (almost expired)');
    expect(
      within(value)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['0 (neither)', '1 (expired)', '2 (almost expired)']);
    await user.selectOptions(value, '1 (expired)');
    expect(leaves(await apply(user))[0]).toMatchObject({ value: 1 });
  });

  it('lists the facts in the vocabulary’s groups, and finds them by name, group or meaning', async () => {
    const user = userEvent.setup();
    const { dialog } = open(cardAlmostExpired);
    const fact = dialog.getByLabelText('Fact of condition 1');
    const groups = [...fact.querySelectorAll('optgroup')].map((g) => g.label);
    expect(groups).toContain('Profile load');
    expect(groups).toContain('Billing and payment');
    expect(groups).toContain('Decided by rules/toggles.json');
    // Every group of the vocabulary once, in its order.
    expect(new Set(groups).size).toBe(groups.length);
    await user.type(dialog.getByLabelText('Find a fact for condition 1'), 'card expir');
    const shown = within(fact)
      .getAllByRole('option')
      .map((o) => (o as HTMLOptionElement).value);
    expect(shown).toContain('daysToCardExpiry');
    expect(shown.length).toBeLessThan(10);
    expect(dialog.getByText(/^\d+ of \d+ facts match$/)).toBeInTheDocument();
    // The fact chosen stays listed whatever is searched.
    await user.clear(dialog.getByLabelText('Find a fact for condition 1'));
    await user.type(dialog.getByLabelText('Find a fact for condition 1'), 'wifi');
    expect(
      within(fact)
        .getAllByRole('option')
        .map((o) => (o as HTMLOptionElement).value),
    ).toContain('daysToCardExpiry');
    expect(fact).toHaveValue('daysToCardExpiry');
  });

  it("edits the rule's description", async () => {
    const user = userEvent.setup();
    const { dialog, apply } = open({ ...cardAlmostExpired, description: 'Warn 60 days ahead.' });
    const description = dialog.getByLabelText('Description (why the rule is there; quote the spec)');
    expect(description).toHaveValue('Warn 60 days ahead.');
    await user.clear(description);
    await user.type(description, 'Warn 45 days ahead.');
    expect((await apply(user)).description).toBe('Warn 45 days ahead.');
  });

  it('a number is typed as numbers are typed: a decimal point and a minus sign stay on the way', async () => {
    const user = userEvent.setup();
    const { dialog, apply } = open(cardAlmostExpired);
    const value = dialog.getByLabelText('Value of condition 1');
    await user.clear(value);
    await user.type(value, '-2.');
    expect(value).toHaveValue('-2.');
    await user.type(value, '5');
    expect(leaves(await apply(user))[0]).toMatchObject({ value: -2.5 });
  });

  it('a choice among numbers is written as that number (prepaid-card status 1, not "1")', async () => {
    const user = userEvent.setup();
    const { dialog, apply } = open(cardAlmostExpired);
    await user.selectOptions(dialog.getByLabelText('status'), '1');
    expect((await apply(user)).event.params).toEqual({ status: 1 });
  });

  it("offers a number fact's constants and a fact's known values", () => {
    const { dialog } = open(cardAlmostExpired);
    const listId = dialog.getByLabelText('Value of condition 1').getAttribute('list')!;
    expect(listId).toBe('studio-values-3-0');
    const options = [...document.getElementById(listId)!.querySelectorAll('option')].map((o) => o.value);
    expect(options).toContain('constant.paperBillFee');
    expect(options.every((o) => o.startsWith('constant.'))).toBe(true);
  });

  it('changing the fact keeps an operator its type allows and resets one it does not', async () => {
    const user = userEvent.setup();
    const { dialog, apply } = open({
      ...cardAlmostExpired,
      conditions: {
        any: [
          { fact: 'daysToCardExpiry', operator: 'lessThan', value: 0 },
          { fact: 'daysToCardExpiry', operator: 'notEqual', value: 5 },
        ],
      },
    });
    expect(dialog.getByRole('group', { name: /Conditions \(at least one must hold\)/ })).toBeInTheDocument();
    // lessThan means nothing for a boolean: back to equal; notEqual does: kept. A number is no true or
    // false: the value becomes true.
    await user.selectOptions(dialog.getByLabelText('Fact of condition 1'), 'isPrepaid');
    await user.selectOptions(dialog.getByLabelText('Fact of condition 2'), 'isPrepaid');
    expect(dialog.getByLabelText('Operator of condition 1')).toHaveValue('equal');
    expect(
      [...dialog.getByLabelText('Operator of condition 1').querySelectorAll('option')].map((o) => o.value),
    ).toEqual(['equal', 'notEqual']);
    const applied = await apply(user);
    expect((applied.conditions as { any: RuleCondition[] }).any).toEqual([
      { fact: 'isPrepaid', operator: 'equal', value: true },
      { fact: 'isPrepaid', operator: 'notEqual', value: true },
    ]);
  });

  it('a boolean fact takes true or false from a list', async () => {
    const user = userEvent.setup();
    const { dialog, apply } = open({
      ...cardAlmostExpired,
      conditions: { all: [{ fact: 'isPrepaid', operator: 'equal', value: true }] },
    });
    const value = dialog.getByLabelText('Value of condition 1');
    expect(value.tagName).toBe('SELECT');
    expect(value).toHaveValue('true');
    await user.selectOptions(value, 'false');
    expect(leaves(await apply(user))[0]).toEqual({ fact: 'isPrepaid', operator: 'equal', value: false });
  });

  it('in and notIn take a comma-separated list; a string fact offers its known values', async () => {
    const user = userEvent.setup();
    const { dialog, apply } = open({
      ...cardAlmostExpired,
      conditions: { all: [{ fact: 'profileStatus', operator: 'in', value: ['ok'] }] },
    });
    const value = dialog.getByLabelText('Value of condition 1');
    expect(value).toHaveValue('ok');
    expect(value).not.toHaveAttribute('inputmode');
    const options = [...document.getElementById(value.getAttribute('list')!)!.querySelectorAll('option')];
    expect(options.map((o) => o.value)).toEqual(['pending', 'ok', 'failure', '223', '222']);
    // Typed key by key, as an analyst types it: each comma stays on screen (src/features/studio/DraftInput.tsx).
    await user.clear(value);
    await user.type(value, 'ok, failure,, 223 ');
    expect(value).toHaveValue('ok, failure,, 223 ');
    expect(leaves(await apply(user))[0]).toEqual({
      fact: 'profileStatus',
      operator: 'in',
      value: ['ok', 'failure', '223'],
    });
  });

  it('adds a condition on the first fact (not applied without a value) and removes one', async () => {
    const user = userEvent.setup();
    const { dialog, apply, onApply } = open(cardAlmostExpired);
    await user.click(dialog.getByRole('button', { name: 'Add a condition' }));
    expect(dialog.getByRole('group', { name: 'Condition 2' })).toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: 'Apply to the draft' }));
    expect(onApply).not.toHaveBeenCalled();
    expect(dialog.getByRole('alert')).toHaveTextContent('Value of condition 2: Type a value');
    // profileStatus has a closed list of values: chosen from it.
    await user.selectOptions(dialog.getByLabelText('Value of condition 2'), 'ok');
    const added = leaves(await apply(user));
    expect(added).toHaveLength(2);
    expect(added[1]).toEqual({ fact: 'profileStatus', operator: 'equal', value: 'ok' });
    await user.click(dialog.getByRole('button', { name: 'Remove condition 1' }));
    onApply.mockClear();
    expect(leaves(await apply(user))).toEqual([{ fact: 'profileStatus', operator: 'equal', value: 'ok' }]);
  });

  it('nested conditions are left to the JSON editor', async () => {
    const user = userEvent.setup();
    const nested: RuleDefinition = {
      ...cardAlmostExpired,
      conditions: { all: [{ any: [{ fact: 'isPrepaid', operator: 'equal', value: true }] }] },
    };
    const { dialog, apply } = open(nested);
    expect(dialog.getByText('These conditions nest groups: edit them as JSON.')).toBeInTheDocument();
    expect(dialog.queryByRole('button', { name: 'Add a condition' })).toBeNull();
    expect(dialog.queryByLabelText('Fact of condition 1')).toBeNull();
    expect((await apply(user)).conditions).toEqual(nested.conditions);
  });

  it('writes each kind of event param: a listed value, a checkbox, a number, a list, text', async () => {
    const user = userEvent.setup();
    const toggles = open(
      {
        name: 't',
        priority: 1,
        conditions: { all: [] },
        event: { type: 'toggle', params: { toggle: 'x', on: false } },
      },
      'toggles',
    );
    const toggle = toggles.dialog.getByLabelText('toggle');
    expect(within(toggle).getAllByRole('option')[0]).toHaveTextContent('(none)');
    const first = spec('toggles').params as { properties: { toggle: { enum: string[] } } };
    await user.selectOptions(toggle, first.properties.toggle.enum[0]!);
    await user.click(toggles.dialog.getByLabelText('on'));
    expect((await toggles.apply(user)).event.params).toEqual({
      toggle: first.properties.toggle.enum[0],
      on: true,
    });
    cleanup();

    const sections = open(
      {
        name: 's',
        priority: 1,
        conditions: { all: [] },
        event: { type: 'home-section', params: { section: 'outage', order: 1, variant: 'a' } },
      },
      'home-sections',
    );
    await user.clear(sections.dialog.getByLabelText('order'));
    await user.type(sections.dialog.getByLabelText('order'), '7');
    await user.clear(sections.dialog.getByLabelText('variant'));
    await user.type(sections.dialog.getByLabelText('variant'), 'wide');
    expect((await sections.apply(user)).event.params).toEqual({
      section: 'outage',
      order: 7,
      variant: 'wide',
    });
    cleanup();

    const navigation = open(
      {
        name: 'n',
        priority: 1,
        conditions: { all: [] },
        event: { type: 'navigation', params: { items: ['home'], emptyItem: true, search: false } },
      },
      'navigation',
    );
    const items = navigation.dialog.getByLabelText('items');
    expect(items).toHaveValue('home');
    await user.clear(items);
    await user.type(items, 'home, billing');
    expect((await navigation.apply(user)).event.params).toEqual({
      items: ['home', 'billing'],
      emptyItem: true,
      search: false,
    });
  });

  it('Cancel closes without applying', async () => {
    const user = userEvent.setup();
    const { dialog, onApply, onClose } = open(cardAlmostExpired);
    await user.type(dialog.getByLabelText('Name'), '-x');
    await user.click(dialog.getByRole('button', { name: 'Cancel' }));
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(onApply).not.toHaveBeenCalled();
  });
});
