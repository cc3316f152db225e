/**
 * The conditions part of the rule form (RuleEditor): one row per comparison, in an analyst's words (a fact
 * from the vocabulary the file may test, grouped as the vocabulary groups them and searchable; an operator
 * its type allows, as "at most", "is one of"; a value checked as typed, or chosen from the fact's values by
 * their names), add and remove. Conditions that nest groups are left to the JSON editor.
 */
import { useState } from 'react';
import { OPERATORS_BY_TYPE } from '../../engine/schema-builder';
import { factDefinition, type FactDefinition } from '../../facts/vocabulary';
import { DraftInput } from './DraftInput';
import { readConditionValue } from './input-check';
import { valueToInput, withFact, withOperator, type FlatConditions, type Leaf } from './rule-form';
import { factGroups, factMatches, factValueWords, operatorWords } from './words';

interface ConditionsProps {
  /** null: the conditions nest groups */
  conditions: FlatConditions | null;
  /** the facts the file may test */
  facts: readonly FactDefinition[];
  /** the rule's position in its file (keeps the value lists' ids apart) */
  position: number;
  onChange: (conditions: FlatConditions) => void;
}

export function RuleConditions({ conditions, facts, position, onChange }: ConditionsProps) {
  const constants = facts.filter((f) => f.name.startsWith('constant.')).map((f) => f.name);
  const setLeaf = (i: number, leaf: Leaf): void => {
    if (!conditions) return;
    onChange({ ...conditions, leaves: conditions.leaves.map((l, n) => (n === i ? leaf : l)) });
  };
  const removeLeaf = (i: number): void => {
    if (!conditions) return;
    onChange({ ...conditions, leaves: conditions.leaves.filter((_, n) => n !== i) });
  };
  const addLeaf = (): void => {
    if (!conditions) return;
    const first = facts[0]!;
    onChange({
      ...conditions,
      leaves: [...conditions.leaves, { fact: first.name, operator: 'equal', value: null }],
    });
  };
  return (
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
        conditions.leaves.map((leaf, i) => (
          <ConditionRow
            key={i}
            leaf={leaf}
            n={i + 1}
            listId={`studio-values-${position}-${i}`}
            facts={facts}
            constants={constants}
            onChange={(next) => setLeaf(i, next)}
            onRemove={() => removeLeaf(i)}
          />
        ))
      )}
      {conditions ? (
        <button type="button" className="btn btn--secondary" onClick={addLeaf}>
          Add a condition
        </button>
      ) : null}
    </fieldset>
  );
}

interface RowProps {
  leaf: Leaf;
  /** the condition's number, from 1 */
  n: number;
  /** the id of the value's suggestion list */
  listId: string;
  facts: readonly FactDefinition[];
  /** the constants' fact names (`constant.paperBillFee`) a number may be compared with */
  constants: readonly string[];
  onChange: (leaf: Leaf) => void;
  onRemove: () => void;
}

/**
 * The fact of a comparison: a search over the vocabulary (name, group, meaning) and a list grouped as the
 * vocabulary groups the facts; the fact chosen stays listed whatever the search.
 */
function FactPicker({
  leaf,
  n,
  facts,
  onChange,
}: Pick<RowProps, 'leaf' | 'n' | 'facts'> & { onChange: (fact: string) => void }) {
  const [search, setSearch] = useState('');
  const matching = facts.filter((f) => factMatches(f, search)).length;
  const shown = facts.filter((f) => f.name === leaf.fact || factMatches(f, search));
  return (
    <>
      <label>
        Find a fact for condition {n}
        <input
          type="search"
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          aria-describedby={`studio-fact-count-${n}`}
        />
      </label>
      <span id={`studio-fact-count-${n}`} className="studio-muted" aria-live="polite">
        {search.trim() ? `${matching} of ${facts.length} facts match` : ''}
      </span>
      <label>
        Fact of condition {n}
        <select value={leaf.fact} onChange={(e) => onChange(e.target.value)}>
          {factGroups(shown).map((g) => (
            <optgroup key={g.group} label={g.group}>
              {g.facts.map((f) => (
                <option key={f.name} value={f.name}>
                  {f.name}
                </option>
              ))}
            </optgroup>
          ))}
        </select>
      </label>
    </>
  );
}

/** One comparison: its fact, its operator, its value, and the fact's description. */
function ConditionRow({ leaf, n, listId, facts, constants, onChange, onRemove }: RowProps) {
  const def = factDefinition(leaf.fact);
  const operators = def ? OPERATORS_BY_TYPE[def.type] : [];
  return (
    <div className="studio-condition" role="group" aria-label={`Condition ${n}`}>
      <FactPicker
        leaf={leaf}
        n={n}
        facts={facts}
        onChange={(fact) => onChange(withFact(leaf, fact, constants))}
      />
      <label>
        Operator of condition {n}
        <select value={leaf.operator} onChange={(e) => onChange(withOperator(leaf, e.target.value))}>
          {operators.map((o) => (
            <option key={o} value={o}>
              {operatorWords(o)}
            </option>
          ))}
        </select>
      </label>
      <ConditionValue leaf={leaf} n={n} def={def} listId={listId} constants={constants} onChange={onChange} />
      <button type="button" className="btn btn--secondary" onClick={onRemove}>
        Remove condition {n}
      </button>
      {def ? <p className="studio-muted">{def.description}</p> : null}
    </div>
  );
}

/**
 * A comparison's value: chosen from a list for a true-or-false fact and for a fact with a closed list of
 * values compared with one value (each by its name: '2 (almost expired)'); otherwise typed and checked as
 * typed, with the fact's known values and, for a number, the constants suggested.
 */
function ConditionValue(props: Omit<RowProps, 'onRemove' | 'facts'> & { def: FactDefinition | undefined }) {
  const { leaf, n, def, listId, constants, onChange } = props;
  const single = !Array.isArray(leaf.value) && leaf.operator !== 'in' && leaf.operator !== 'notIn';
  const choices =
    def?.type === 'boolean' ? [true, false] : def?.closed && def.values && single ? def.values : null;
  if (choices) {
    const known = choices.some((c) => c === leaf.value);
    return (
      <label>
        Value of condition {n}
        <select
          value={known ? String(leaf.value) : ''}
          onChange={(e) =>
            onChange({ ...leaf, value: choices.find((c) => String(c) === e.target.value) ?? null })
          }
        >
          {known ? null : <option value="">(choose a value)</option>}
          {choices.map((c) => (
            <option key={String(c)} value={String(c)}>
              {factValueWords(leaf.fact, c)}
            </option>
          ))}
        </select>
      </label>
    );
  }
  return (
    <>
      <DraftInput
        label={`Value of condition ${n}`}
        type="text"
        inputMode={def?.type === 'number' ? 'decimal' : undefined}
        list={listId}
        value={leaf.value}
        show={valueToInput}
        read={(text) => readConditionValue(def, leaf.operator, text, constants)}
        onValue={(value) => onChange({ ...leaf, value })}
      />
      <datalist id={listId}>
        {(def?.values ?? []).map((v) => (
          <option key={String(v)} value={String(v)} />
        ))}
        {def?.type === 'number' ? constants.map((c) => <option key={c} value={c} />) : null}
      </datalist>
    </>
  );
}
