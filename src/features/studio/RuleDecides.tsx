/**
 * What a rule decides, in the rule form (RuleEditor): each event param of the decision, by its schema (a
 * list of its values, each by its name, '2 (almost expired)'; a checkbox; or text read as a number or a
 * list when the schema says so, checked as typed).
 */
import type { DecisionSpec } from '../../engine/decisions';
import { DraftInput } from './DraftInput';
import { readParam } from './input-check';
import { enumFromInput, paramsOf, valueToInput, type ParamSchema } from './rule-form';
import { paramWords } from './words';

interface Props {
  spec: DecisionSpec;
  /** the rule's event params */
  values: Record<string, unknown>;
  onChange: (key: string, value: unknown) => void;
}

export function RuleDecides({ spec, values, onChange }: Props) {
  return (
    <fieldset>
      <legend>What it decides ({spec.eventType})</legend>
      {Object.entries(paramsOf(spec)).map(([key, p]) => (
        <ParamField
          key={key}
          spec={spec}
          name={key}
          schema={p}
          value={values[key]}
          onChange={(v) => onChange(key, v)}
        />
      ))}
    </fieldset>
  );
}

function ParamField(props: {
  spec: DecisionSpec;
  name: string;
  schema: ParamSchema;
  value: unknown;
  onChange: (value: unknown) => void;
}) {
  const { spec, name, schema: p, value, onChange } = props;
  if (p.enum) {
    return (
      <label>
        {name}
        <select value={valueToInput(value)} onChange={(e) => onChange(enumFromInput(p, e.target.value))}>
          <option value="">(none)</option>
          {p.enum.map((v) => (
            <option key={String(v)} value={String(v)}>
              {paramWords(spec, name, v)}
            </option>
          ))}
        </select>
      </label>
    );
  }
  if (p.type === 'boolean') {
    return (
      <label className="studio-check">
        <input type="checkbox" checked={value === true} onChange={(e) => onChange(e.target.checked)} /> {name}
      </label>
    );
  }
  return (
    <DraftInput
      label={name}
      inputMode={p.type === 'number' || p.type === 'integer' ? 'decimal' : undefined}
      value={value}
      read={(text) => readParam(p, name, text)}
      onValue={onChange}
    />
  );
}
