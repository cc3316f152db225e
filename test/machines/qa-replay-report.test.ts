import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../../machines/messages';
import type { PathStep } from '../../machines/paths';
import { machineProblems } from '../../lib/session-replay/step';
import { actionText, stateText, stepLabel } from '../../lib/session-replay/text';

// qa:replay's verdict on a step (lib/session-replay): how it writes the step, and what of the machine's side
// must match the capture (a call's answer data may differ; the event, state, messages and effects may not).

const pay: PathStep = {
  event: { type: 'PAY.NOW' },
  expectedState: 'authorizing',
  via: [
    { action: 'fill', role: 'textbox', name: 'Amount', value: '12' },
    { action: 'click', role: 'button', name: 'Pay now', index: 1, within: 'Pay' },
  ],
};
const answer: PathStep = {
  event: { type: 'xstate.done.actor.authorizePayment', output: { token: 'a' } },
  expectedState: { ready: 'paid' },
  expectedMessages: [MESSAGES.paymentFailed],
};

describe('qa:replay report', () => {
  it('writes states, actions and a step as the report prints them', () => {
    expect(stateText({ ready: 'paid', other: undefined })).toBe('ready.paid, other');
    expect(stateText({ a: { b: 'c' } })).toBe('a.b.c');
    expect(actionText({ action: 'press', key: 'Enter' })).toBe('press Enter');
    expect(actionText({ action: 'select', role: 'combobox', name: 'Day', value: '3' })).toBe(
      'choose "3" in combobox "Day"',
    );
    expect(stepLabel(pay, 0)).toBe(
      '  1. fill textbox "Amount" with "12"; click button "Pay now" (#2) in dialog "Pay" → PAY.NOW ⇒ authorizing',
    );
    expect(stepLabel(answer, 11)).toBe(' 12. authorizePayment answers ⇒ ready.paid');
  });

  it("notes a call's other answer data; any other difference is a problem", () => {
    expect(machineProblems(answer, structuredClone(answer))).toEqual({ problems: [], notes: [] });
    const otherToken = { ...answer, event: { ...answer.event, output: { token: 'b' } } };
    const m = machineProblems(answer, otherToken);
    expect(m.problems).toEqual([]);
    expect(m.notes).toEqual([expect.stringMatching(/^event data .*"b".*, captured .*"a"/)]);

    expect(machineProblems(pay, { ...pay, event: { type: 'PAY.NOW', amount: 3 } }).problems).toEqual([
      'event data {"type":"PAY.NOW","amount":3}, captured {"type":"PAY.NOW"}',
    ]);
    expect(
      machineProblems(pay, { ...pay, event: { type: 'CANCEL' }, expectedState: 'ready' }).problems,
    ).toEqual(['event CANCEL, expected PAY.NOW', 'state ready, expected authorizing']);
    expect(
      machineProblems(answer, { ...answer, expectedMessages: [], expectedEffects: ['log'] }).problems,
    ).toEqual([
      `messages [], expected ${JSON.stringify([MESSAGES.paymentFailed.text])}`,
      'effects ["log"], expected []',
    ]);
  });
});
