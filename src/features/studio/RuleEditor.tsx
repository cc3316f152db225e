/**
 * The form editor of one rule: its name, priority, each condition (a fact from the vocabulary the file may
 * test, an operator its type allows, a value input for the type or its known values) and what it decides
 * (each event param by its schema). Nothing here judges the rule: every change goes into the draft, which
 * rules:check's validator and analysis check as typed.
 */
import { useState } from 'react';
import { Dialog } from '../../ui/Dialog';
import { type DecisionSpec } from '../../engine/decisions';
import { factsFor } from '../../engine/fact-scope';
import { ARRAY_OPERATORS, OPERATORS_BY_TYPE } from '../../engine/schema-builder';
import type { RuleCondition, RuleDefinition } from '../../engine/types';
import { factDefinition, type FactDefinition } from '../../facts/vocabulary';

type Leaf = { fact: string; operator: string; value: unknown };

/** The conditions the form edits: a top-level all/any of plain comparisons (nested groups: use JSON). */
function flat(c: RuleCondition): { group: 'all' | 'any'; leaves: Leaf[] } | null {
  const group = 'all' in c ? 'all' : 'any' in c ? 'any' : null;
  if (!group) return null;
  const list = (c as Record<string, RuleCondition[]>)[group]!;
  if (!list.every((x) => 'fact' in x)) return null;
  return { group, leaves: list };
}

function valueFromInput(def: FactDefinition | undefined, operator: string, raw: string): unknown {
  if ((ARRAY_OPERATORS as readonly string[]).includes(operator)) {
    return raw
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
  }
  if (raw.startsWith('constant.')) return { fact: raw };
  // Text that is not a number stays text, so the check says what is wrong with it.
  if (def?.type === 'number') return raw.trim() !== '' && Number.isFinite(Number(raw)) ? Number(raw) : raw;
  if (def?.type === 'boolean') return raw === 'true';
  return raw;
}

function valueToInput(value: unknown): string {
  if (Array.isArray(value)) return value.join(', ');
  if (value !== null && typeof value === 'object' && 'fact' in value)
    return JSON.stringify(value.fact).slice(1, -1);
  if (value === null || value === undefined) return '';
  return typeof value === 'string' ? value : (JSON.stringify(value) ?? '');
}

interface Props {
  spec: DecisionSpec;
  rule: RuleDefinition;
  position: number;
  onApply: (rule: RuleDefinition) => void;
  onClose: () => void;
}

export function RuleEditor({ spec, rule, position, onApply, onClose }: Props) {
  const [draft, setDraft] = useState<RuleDefinition>(() => structuredClone(rule));
  const conditions = flat(draft.conditions);
  const facts = factsFor(spec);
  const params =
    (
      spec.params as {
        properties?: Record<string, { enum?: unknown[]; type?: string; items?: { enum?: unknown[] } }>;
      }
    ).properties ?? {};
  const setLeaf = (i: number, leaf: Leaf): void => {
    if (!conditions) return;
    const leaves = conditions.leaves.map((l, n) => (n === i ? leaf : l));
    setDraft({ ...draft, conditions: { [conditions.group]: leaves } as RuleCondition });
  };
  const removeLeaf = (i: number): void => {
    if (!conditions) return;
    setDraft({
      ...draft,
      conditions: { [conditions.group]: conditions.leaves.filter((_, n) => n !== i) } as RuleCondition,
    });
  };
  const addLeaf = (): void => {
    if (!conditions) return;
    const first = facts[0]!;
    setDraft({
      ...draft,
      conditions: {
        [conditions.group]: [...conditions.leaves, { fact: first.name, operator: 'equal', value: null }],
      } as RuleCondition,
    });
  };

  return (
    <Dialog
      open
      title={`Edit rule #${position} '${rule.name}'`}
      onClose={onClose}
      width="52rem"
      actions={
        <>
          <button type="button" className="btn" onClick={() => onApply(draft)}>
            Apply to the draft
          </button>
          <button type="button" className="btn btn--secondary" onClick={onClose}>
            Cancel
          </button>
        </>
      }
    >
      <div className="studio-form">
        <label>
          Name
          <input value={draft.name} onChange={(e) => setDraft({ ...draft, name: e.target.value })} />
        </label>
        <label>
          Priority (higher is tried first)
          <input
            type="number"
            min={1}
            step={1}
            value={draft.priority}
            onChange={(e) => setDraft({ ...draft, priority: Number(e.target.value) })}
          />
        </label>
        <fieldset>
          <legend>
            Conditions{' '}
            {conditions
              ? conditions.group === 'all'
                ? '(every one must hold)'
                : '(at least one must hold)'
              : ''}
          </legend>
          {!conditions ? (
            <p>These conditions nest groups: edit them as JSON.</p>
          ) : (
            conditions.leaves.map((leaf, i) => {
              const def = factDefinition(leaf.fact);
              const operators = def ? OPERATORS_BY_TYPE[def.type] : [];
              const listId = `studio-values-${position}-${i}`;
              const constants = facts.filter((f) => f.name.startsWith('constant.') && def?.type === 'number');
              return (
                <div className="studio-condition" key={i} role="group" aria-label={`Condition ${i + 1}`}>
                  <label>
                    Fact of condition {i + 1}
                    <select
                      value={leaf.fact}
                      onChange={(e) => {
                        const next = factDefinition(e.target.value);
                        const op =
                          next && !OPERATORS_BY_TYPE[next.type].includes(leaf.operator)
                            ? 'equal'
                            : leaf.operator;
                        setLeaf(i, { fact: e.target.value, operator: op, value: leaf.value });
                      }}
                    >
                      {facts.map((f) => (
                        <option key={f.name} value={f.name}>
                          {f.name} ({f.type})
                        </option>
                      ))}
                    </select>
                  </label>
                  <label>
                    Operator of condition {i + 1}
                    <select
                      value={leaf.operator}
                      onChange={(e) => setLeaf(i, { ...leaf, operator: e.target.value })}
                    >
                      {operators.map((o) => (
                        <option key={o}>{o}</option>
                      ))}
                    </select>
                  </label>
                  {def?.type === 'boolean' ? (
                    <label>
                      Value of condition {i + 1}
                      <select
                        value={String(leaf.value)}
                        onChange={(e) => setLeaf(i, { ...leaf, value: e.target.value === 'true' })}
                      >
                        <option value="true">true</option>
                        <option value="false">false</option>
                      </select>
                    </label>
                  ) : (
                    <label>
                      Value of condition {i + 1}
                      <input
                        type="text"
                        inputMode={def?.type === 'number' ? 'decimal' : undefined}
                        list={listId}
                        value={valueToInput(leaf.value)}
                        onChange={(e) =>
                          setLeaf(i, { ...leaf, value: valueFromInput(def, leaf.operator, e.target.value) })
                        }
                      />
                      <datalist id={listId}>
                        {(def?.values ?? []).map((v) => (
                          <option key={String(v)} value={String(v)} />
                        ))}
                        {constants.map((c) => (
                          <option key={c.name} value={c.name} />
                        ))}
                      </datalist>
                    </label>
                  )}
                  <button type="button" className="btn btn--secondary" onClick={() => removeLeaf(i)}>
                    Remove condition {i + 1}
                  </button>
                  {def ? <p className="studio-muted">{def.description}</p> : null}
                </div>
              );
            })
          )}
          {conditions ? (
            <button type="button" className="btn btn--secondary" onClick={addLeaf}>
              Add a condition
            </button>
          ) : null}
        </fieldset>
        <fieldset>
          <legend>What it decides ({spec.eventType})</legend>
          {Object.entries(params).map(([key, p]) => {
            const value = draft.event.params[key];
            const set = (v: unknown): void =>
              setDraft({ ...draft, event: { ...draft.event, params: { ...draft.event.params, [key]: v } } });
            if (p.enum) {
              return (
                <label key={key}>
                  {key}
                  <select value={valueToInput(value)} onChange={(e) => set(e.target.value)}>
                    <option value="">(none)</option>
                    {p.enum.map((v) => (
                      <option key={String(v)}>{String(v)}</option>
                    ))}
                  </select>
                </label>
              );
            }
            if (p.type === 'boolean') {
              return (
                <label key={key} className="studio-check">
                  <input type="checkbox" checked={value === true} onChange={(e) => set(e.target.checked)} />{' '}
                  {key}
                </label>
              );
            }
            return (
              <label key={key}>
                {key}
                <input
                  value={valueToInput(value)}
                  onChange={(e) =>
                    set(
                      p.type === 'number' || p.type === 'integer'
                        ? Number(e.target.value)
                        : p.items
                          ? e.target.value
                              .split(',')
                              .map((s) => s.trim())
                              .filter(Boolean)
                          : e.target.value,
                    )
                  }
                />
              </label>
            );
          })}
        </fieldset>
      </div>
    </Dialog>
  );
}
