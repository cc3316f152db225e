import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { currentPreview, goldenPreviewPath } from '../../scripts/rules-lib';

describe('rules preview', () => {
  it('matches the golden file: a rule change that changes a persona screen is reviewed before it lands', async () => {
    const golden = readFileSync(goldenPreviewPath, 'utf8');
    const current = await currentPreview();
    // On a difference Vitest prints a line diff: each changed row is a persona whose screen changes.
    // After a deliberate change, refresh with `npm run rules:preview -- --update` and commit the diff.
    expect(
      current,
      'the rules changed a persona screen: run npm run rules:preview -- --update if intended',
    ).toBe(golden);
  });
});
