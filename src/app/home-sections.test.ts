import { describe, expect, it } from 'vitest';
import { homeSections, sectionsByFeature } from './home-sections';
import { NOT_BUILT_YET, RENDERED_SECTIONS } from './rendered-sections';

const sorted = (ids: readonly string[]): string[] => [...ids].sort();

describe('the home section registry', () => {
  it('renders exactly the ids RENDERED_SECTIONS lists (what rules:check reads)', () => {
    expect(sorted(Object.keys(homeSections))).toEqual(sorted(RENDERED_SECTIONS));
  });

  it('takes each section id from exactly one feature', () => {
    const owners = new Map<string, string[]>();
    for (const [feature, cards] of Object.entries(sectionsByFeature))
      for (const id of Object.keys(cards)) owners.set(id, [...(owners.get(id) ?? []), feature]);
    const shared = [...owners].filter(([, features]) => features.length > 1);
    expect(shared, 'section ids exported by more than one feature').toEqual([]);
  });

  it('lists no rendered section as not built yet', () => {
    expect(NOT_BUILT_YET.filter((id) => RENDERED_SECTIONS.includes(id))).toEqual([]);
  });
});
