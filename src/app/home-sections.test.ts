import { describe, expect, it } from 'vitest';
import { sectionsByFeature } from './home-sections';

describe('the home section registry', () => {
  it('takes each section id from exactly one feature', () => {
    const owners = new Map<string, string[]>();
    for (const [feature, cards] of Object.entries(sectionsByFeature))
      for (const id of Object.keys(cards)) owners.set(id, [...(owners.get(id) ?? []), feature]);
    const shared = [...owners].filter(([, features]) => features.length > 1);
    expect(shared, 'section ids exported by more than one feature').toEqual([]);
  });
});
