import type { DecidedBy, Placement } from './declare';
import type { FindingCode } from './findings';
import type { AnyDeclaration, DecisionId, DecisionKind, SectionId } from './decisions';

/** A condition of a rule file (json-rules-engine format, narrowed by schemas/ruleset.schema.json). */
export type RuleCondition =
  | { all: RuleCondition[] }
  | { any: RuleCondition[] }
  | { not: RuleCondition }
  | { fact: string; operator: string; value: unknown };

export interface RuleDefinition {
  name: string;
  description?: string;
  priority: number;
  conditions: RuleCondition;
  event: { type: string; params: Record<string, unknown> };
  /** Findings of rules:check this rule's design intends, each with the reason (see findings.ts). */
  acknowledge?: Partial<Record<FindingCode, string>>;
}

/** One rule file (rules/<decision>.json). */
export interface RuleFile {
  $schema?: string;
  decision: string;
  kind: DecisionKind;
  description: string;
  rules: RuleDefinition[];
}

/** The rule files by decision id. */
export type Rulesets = Record<DecisionId, RuleFile>;

type Decided<D> = D extends { readonly outcome: infer O } ? DecidedBy<O> : never;
type ByKey<D extends AnyDeclaration> = { -readonly [X in D as X['key']]: Decided<X> };

/** Every decision of the signed-in home and shell, as plain data: one field per declared decision. */
export type HomeDecisions = ByKey<Exclude<AnyDeclaration, { stage: 'order' }>>;

/** The per-item decisions of one order or repair ticket of the history. */
export type ItemDecisions = ByKey<Extract<AnyDeclaration, { stage: 'order' }>>;

export type Toggles = HomeDecisions['toggles'];

/** A section of the full home the rules placed (rules/home-sections.json). */
export type SectionDecision = Placement<SectionId>;

/** How one condition fared: a fact comparison, or a group of conditions. */
export type ConditionTrace =
  | {
      fact: string;
      operator: string;
      /** The value compared with (for a constant named as the value: its number in this run). */
      expected: unknown;
      /** The constant the condition compares with, when its value is {"fact": "constant.x"}. */
      expectedFact?: string;
      /** The fact's value (undefined when the condition was not reached). */
      value: unknown;
      /** null when the condition was not evaluated. */
      held: boolean | null;
    }
  | { group: 'all' | 'any'; held: boolean | null; children: ConditionTrace[] }
  | { group: 'not'; held: boolean | null; child: ConditionTrace };

export interface RuleTrace {
  name: string;
  /** Its position in the file, from 1 (rules are named `#3 'name'` everywhere: rule-ref.ts). */
  position: number;
  priority: number;
  matched: boolean;
  /** Set when the rule threw while being evaluated; it then counts as not matched. */
  error?: string;
  event: { type: string; params: Record<string, unknown> };
  conditions: ConditionTrace;
}

export interface DecisionTrace {
  decision: DecisionId;
  kind: DecisionKind;
  /** first-match: the winning rule (null when none matched). */
  winner: string | null;
  /** Names of every matching rule, highest priority first. */
  matched: string[];
  /** True when no rule decided and the runtime's safe default was used. */
  defaulted: boolean;
  /** Every rule, highest priority first. */
  rules: RuleTrace[];
}

/** The explain trace of one decide() call, in evaluation order. */
export type ExplainTrace = DecisionTrace[];
