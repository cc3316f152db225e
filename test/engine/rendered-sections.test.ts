/**
 * rules:check's "not-rendered" finding (src/engine/analyze.ts), given rendered ids as data. The portal's own
 * registries need it no longer: the section registry, the home's views and its banners are typed to render
 * every id their decision may place (docs/decisions/026), which typecheck holds; this keeps the analysis
 * right for a caller that passes ids (an app with a registry not complete yet).
 */
import { describe, expect, it } from 'vitest';
import { analyzeRules } from '../../src/engine/analyze';
import type { RuleFile } from '../../src/engine/types';
import { formatIssue, validateRuleset } from '../../src/engine/validate';
import { analyzeRulesDir, checkRulesDir } from '../../lib/rules-files';
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
        howToAdd:
          "Export its card from its feature's home.ts, add it to src/app/home-sections.ts and its id to RENDERED_SECTIONS (src/app/rendered-sections.ts)",
      },
    },
  });
};

describe('rules:check: sections, views and banners a rule decides but no component renders', () => {
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
    const result = analyzeRules({
      files: { 'home-view': view },
      rendered: {
        'home-view': {
          ids: new Set(['full']),
          howToAdd:
            'Add its component to homeViews (src/features/home/views/index.ts) and its id to RENDERED_VIEWS (src/features/home/rendered.ts)',
        },
      },
    });
    expect(result.findings.map(formatIssue)).toEqual([
      "rules/home-view.json, rule #1 'archived', at rules[0].event.params.view: this rule shows view 'archived', but no component renders it: customers would never see it. Add its component to homeViews (src/features/home/views/index.ts) and its id to RENDERED_VIEWS (src/features/home/rendered.ts) [not-rendered]",
    ]);
    // The shipped rules decide nothing unrendered (and are not asked: the registries are complete by type).
    const shipped = analyzeRulesDir(checkRulesDir(rulesDir())).findings;
    expect(shipped.filter((f) => f.code === 'not-rendered')).toEqual([]);
  });
});
