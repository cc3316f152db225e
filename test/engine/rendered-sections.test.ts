import { describe, expect, it } from 'vitest';
import { NOT_BUILT_YET, RENDERED_SECTIONS } from '../../src/app/rendered-sections';
import { SECTIONS } from '../../src/engine/decisions';
import { formatIssue } from '../../src/engine/validate';
import { checkRulesDir, rulesDir, unrenderedSectionIssues } from '../../scripts/rules-lib';

/** A home-sections file whose rules show the given sections (one rule each, named after its section). */
const homeSections = (...sections: string[]) => ({
  decision: 'home-sections',
  kind: 'all-ordered',
  rules: sections.map((section, i) => ({
    name: `show-${section}`,
    priority: 1,
    conditions: { all: [] },
    event: { type: 'section', params: { section, order: i * 10 } },
  })),
});

describe('rules:check: sections a rule can show but no component renders', () => {
  it('warns, without failing, for each committed rule whose section is not built yet', () => {
    const file = checkRulesDir(rulesDir()).parsed['home-sections.json'];
    const issues = unrenderedSectionIssues(file);
    expect(issues.every((i) => i.severity === 'warning')).toBe(true);
    expect(new Set(issues.map((i) => i.message.match(/section '([^']+)'/)?.[1]))).toEqual(
      new Set(NOT_BUILT_YET),
    );
    expect(formatIssue(issues.find((i) => i.rule === "'billing-info'")!)).toBe(
      "warning: rules/home-sections.json, rule 'billing-info', at rules[28].event.params.section: this rule shows section 'billing-info', but no component renders it: customers would never see it (not built yet: NOT_BUILT_YET in src/app/rendered-sections.ts)",
    );
  });

  it('is an error, naming the file, the rule and the path, for any other section no component renders', () => {
    const issues = unrenderedSectionIssues(homeSections('greeting', 'rewards'), ['greeting'], []);
    expect(issues.map(formatIssue)).toEqual([
      "rules/home-sections.json, rule 'show-rewards', at rules[1].event.params.section: this rule shows section 'rewards', but no component renders it: customers would never see it. Export its card from its feature's home.ts, add it to src/app/home-sections.ts and its id to RENDERED_SECTIONS (src/app/rendered-sections.ts)",
    ]);
    expect(issues[0]?.severity).toBeUndefined();
  });

  it('is a warning for a section listed as not built yet, and silent for a rendered one', () => {
    const issues = unrenderedSectionIssues(
      homeSections('greeting', 'billing-info'),
      ['greeting'],
      ['billing-info'],
    );
    expect(issues).toHaveLength(1);
    expect(issues[0]).toMatchObject({ severity: 'warning', path: 'rules[1].event.params.section' });
  });

  it('knows every section: each is rendered or listed as not built yet', () => {
    expect([...RENDERED_SECTIONS, ...NOT_BUILT_YET].sort()).toEqual([...SECTIONS].sort());
  });
});
