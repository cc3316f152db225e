export * from './decisions';
export * from './types';
export { createRuntime, type Runtime } from './runtime';
export { loadRules, type LoadRulesOptions, type LoadedRules, type RulesIssue, type RulesFetch } from './load';
export { validateRuleset, formatIssue, closest, type RulesetIssue } from './validate';
export { formatExplain, formatDecisionTrace } from './explain';
