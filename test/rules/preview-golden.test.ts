import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { currentPreview, goldenPreviewPath } from '../../lib/personas';

describe('rules preview', () => {
  it('matches the golden file: a rule change that changes a persona screen is reviewed before it lands', async () => {
    const golden = readFileSync(goldenPreviewPath, 'utf8');
    const current = await currentPreview();
    // On a difference Vitest prints a line diff: each changed line is a persona's decision that changes.
    // After a deliberate change, refresh with `npm run rules:preview -- --update` and commit the diff.
    expect(
      current,
      'the rules changed a persona screen: npm run rules:preview -- --diff lists what, -- --update records it if intended',
    ).toBe(golden);
  });
});
