import { describe, expect, it } from 'vitest';
import { MESSAGES, fillText } from '../../machines/messages';
import { CONSTANT_NAMES } from '../../src/engine/decisions';

describe('machine messages', () => {
  it('a {placeholder} in a text names a constant of rules/constants.json (fillConstants fills it), or the address of Confirm Email (fillText)', () => {
    const placeholders = Object.values(MESSAGES).flatMap((m) =>
      [...m.text.matchAll(/\{(\w+)\}/g)].map((x) => x[1]),
    );
    expect(placeholders).toEqual(['modemRestartMinutes', 'email']);
    expect(CONSTANT_NAMES).toContain('modemRestartMinutes');
  });

  it("'Confirm Email' reads 'Is this email address … correct?' with the address in place of the dots", () => {
    expect(fillText(MESSAGES.confirmEmail.text, { email: 'pat@example.com' })).toBe(
      'We were unable to validate the email address provided. Is this email address pat@example.com correct?',
    );
    expect(fillText('{missing} stays', {})).toBe('{missing} stays');
  });
});
