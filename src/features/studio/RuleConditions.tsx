/**
 * The conditions part of the rule form (RuleEditor): one row per comparison (a fact from the vocabulary the
 * file may test, an operator its type allows, a value input for the type or its known values), add and
 * remove. Conditions that nest groups are left to the JSON editor.
 */
import { OPERATORS_BY_TYPE } from '../../engine/schema-builder';
import { factDefinition, type FactDefinition } from '../../facts/vocabulary';
import { DraftInput } from './DraftInput';
import { valueFromInput, withFact, type FlatConditions, type Leaf } from './rule-form';

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
  onChange: (leaf: Leaf) => void;
  onRemove: () => void;
}

/** One comparison: its fact, its operator, its value, and the fact's description. */
function ConditionRow({ leaf, n, listId, facts, onChange, onRemove }: RowProps) {
  const def = factDefinition(leaf.fact);
  const operators = def ? OPERATORS_BY_TYPE[def.type] : [];
  return (
    <div className="studio-condition" role="group" aria-label={`Condition ${n}`}>
      <label>
        Fact of condition {n}
        <select value={leaf.fact} onChange={(e) => onChange(withFact(leaf, e.target.value))}>
          {facts.map((f) => (
            <option key={f.name} value={f.name}>
              {f.name} ({f.type})
            </option>
          ))}
        </select>
      </label>
      <label>
        Operator of condition {n}
        <select value={leaf.operator} onChange={(e) => onChange({ ...leaf, operator: e.target.value })}>
          {operators.map((o) => (
            <option key={o}>{o}</option>
          ))}
        </select>
      </label>
      <ConditionValue leaf={leaf} n={n} def={def} listId={listId} facts={facts} onChange={onChange} />
      <button type="button" className="btn btn--secondary" onClick={onRemove}>
        Remove condition {n}
      </button>
      {def ? <p className="studio-muted">{def.description}</p> : null}
    </div>
  );
}

/**
 * A comparison's value: true or false for a boolean fact; otherwise text, suggesting the fact's known values
 * and, for a number, the constants.
 */
function ConditionValue(props: Omit<RowProps, 'onRemove'> & { def: FactDefinition | undefined }) {
  const { leaf, n, def, listId, facts, onChange } = props;
  if (def?.type === 'boolean') {
    return (
      <label>
        Value of condition {n}
        <select
          value={String(leaf.value)}
          onChange={(e) => onChange({ ...leaf, value: e.target.value === 'true' })}
        >
          <option value="true">true</option>
          <option value="false">false</option>
        </select>
      </label>
    );
  }
  const constants = facts.filter((f) => f.name.startsWith('constant.') && def?.type === 'number');
  return (
    <label>
      Value of condition {n}
      <DraftInput
        type="text"
        inputMode={def?.type === 'number' ? 'decimal' : undefined}
        list={listId}
        value={leaf.value}
        read={(text) => valueFromInput(def, leaf.operator, text)}
        onValue={(value) => onChange({ ...leaf, value })}
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
  );
}
