/**
 * rules:check's "not-rendered" finding (src/engine/analyze.ts), on the registries' ids as plain data
 * (src/app/rendered-sections.ts for sections, src/features/home/rendered.ts for views and banners).
 */
import { describe, expect, it } from 'vitest';
import { NOT_BUILT_YET, RENDERED_SECTIONS } from '../../src/app/rendered-sections';
import { analyzeRules } from '../../src/engine/analyze';
import { SECTIONS } from '../../src/engine/decisions';
import type { RuleFile } from '../../src/engine/types';
import { formatIssue, validateRuleset } from '../../src/engine/validate';
import { analyzeRulesDir, checkRulesDir, renderedIds } from '../../lib/rules-files';
import { rulesDir } from '../../lib/repo';

/** A home-sections file whose rules show the given sections (one rule each, named after its section). */
const homeSections = (sections: string[], acknowledge?: Record<string, string>): RuleFile => ({
  decision: 'home-sections',
  kind: 'all-ordered',
  description: 'fixture',
  rules: sections.map((section, i) => ({
    name: `show-${section}`,
    priority: 1,
    conditions: { all: [] },
    event: { type: 'section', params: { section, order: i * 10 } },
    ...(acknowledge && i === sections.length - 1 ? { acknowledge } : {}),
  })),
});

const notRendered = (file: RuleFile, ids: string[], notBuilt: string[] = []) => {
  expect(validateRuleset('home-sections.json', file)).toEqual([]);
  return analyzeRules({
    files: { 'home-sections': file },
    rendered: {
      'home-sections': {
        ids: new Set(ids),
        notBuilt: new Set(notBuilt),
        notBuiltList: 'NOT_BUILT_YET in src/app/rendered-sections.ts',
        howToAdd: renderedIds()['home-sections']!.howToAdd,
      },
    },
  });
};

describe('rules:check: sections, views and banners a rule decides but no component renders', () => {
  it('warns, without failing, for each committed rule whose section is not built yet (none left: every section is built)', () => {
    const findings = analyzeRulesDir(checkRulesDir(rulesDir())).findings.filter(
      (f) => f.code === 'not-rendered',
    );
    expect(findings.every((i) => i.severity === 'warning')).toBe(true);
    expect(new Set(findings.map((i) => /section '([^']+)'/.exec(i.message)?.[1]))).toEqual(
      new Set(NOT_BUILT_YET),
    );
    expect(NOT_BUILT_YET).toEqual([]);
  });

  it('is an error, naming the file, the rule and the path, for any other section no component renders', () => {
    const { findings } = notRendered(homeSections(['greeting', 'rewards']), ['greeting']);
    expect(findings.map(formatIssue)).toEqual([
      "rules/home-sections.json, rule #2 'show-rewards', at rules[1].event.params.section: this rule shows section 'rewards', but no component renders it: customers would never see it. Export its card from its feature's home.ts, add it to src/app/home-sections.ts and its id to RENDERED_SECTIONS (src/app/rendered-sections.ts) [not-rendered]",
    ]);
    expect(findings[0]?.severity).toBeUndefined();
  });

  it('is a warning for a section listed as not built yet, and silent for a rendered one', () => {
    const { findings } = notRendered(
      homeSections(['greeting', 'billing-info']),
      ['greeting'],
      ['billing-info'],
    );
    expect(findings).toHaveLength(1);
    expect(findings[0]).toMatchObject({ severity: 'warning', path: 'rules[1].event.params.section' });
    expect(formatIssue(findings[0]!)).toBe(
      "warning: rules/home-sections.json, rule #2 'show-billing-info', at rules[1].event.params.section: this rule shows section 'billing-info', but no component renders it: customers would never see it (not built yet: NOT_BUILT_YET in src/app/rendered-sections.ts) [not-rendered]",
    );
  });

  it('can be acknowledged on the rule, with the reason', () => {
    const file = homeSections(['greeting', 'rewards'], {
      'not-rendered': 'shown by the rewards page, not a card',
    });
    const result = notRendered(file, ['greeting']);
    expect(result.findings).toEqual([]);
    expect(result.acknowledged.map((a) => a.reason)).toEqual(['shown by the rewards page, not a card']);
  });

  it('finds a home view or a banner no component renders', () => {
    const view: RuleFile = {
      decision: 'home-view',
      kind: 'first-match',
      description: 'fixture',
      rules: [
        {
          name: 'archived',
          priority: 10,
          conditions: { all: [] },
          event: { type: 'home-view', params: { view: 'archived' } },
        },
      ],
    };
    const rendered = renderedIds();
    const result = analyzeRules({
      files: { 'home-view': view },
      rendered: { 'home-view': { ...rendered['home-view']!, ids: new Set(['full']) } },
    });
    expect(result.findings.map(formatIssue)).toEqual([
      "rules/home-view.json, rule #1 'archived', at rules[0].event.params.view: this rule shows view 'archived', but no component renders it: customers would never see it. Add its component to homeViews (src/features/home/views/index.ts) and its id to RENDERED_VIEWS (src/features/home/rendered.ts) [not-rendered]",
    ]);
    // The shipped views and banners are all rendered.
    const shipped = analyzeRulesDir(checkRulesDir(rulesDir())).findings;
    expect(shipped.filter((f) => f.file !== 'rules/home-sections.json' && f.code === 'not-rendered')).toEqual(
      [],
    );
  });

  it('knows every section: each is rendered or listed as not built yet', () => {
    expect([...RENDERED_SECTIONS, ...NOT_BUILT_YET].sort()).toEqual([...SECTIONS].sort());
  });
});
