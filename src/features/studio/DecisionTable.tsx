/** A rule file's decision table: a row per rule, its conditions, what it decides and its actions. */
import type { DecisionSpec } from '../../engine/decisions';
import type { RuleDefinition, RuleFile } from '../../engine/types';
import { DraftInput } from './DraftInput';
import { readParam } from './input-check';
import { conditionLeaves, editJson, parseOr } from './model';
import { ConditionText } from './parts';
import { paramWords } from './words';

/** An edit of the file's text, with the label of its step (undo names it) and its group (typing merges). */
export type FileEdit = (label: string, fn: (text: string) => string, group?: string) => void;

export function DecisionTable({
  name,
  file,
  spec,
  onEditRule,
  edit,
}: {
  name: string;
  file: RuleFile;
  spec: DecisionSpec;
  onEditRule: (index: number) => void;
  edit: FileEdit;
}) {
  const rules = file.rules ?? [];
  const ref = (i: number): string => `#${i + 1} '${rules[i]?.name ?? ''}'`;
  return (
    <>
      <div className="studio-scroll" tabIndex={0} role="region" aria-label={`Decision table of ${name}`}>
        <table className="studio-table studio-rules-table">
          <caption>Decision table of {name}: one row per rule</caption>
          <thead>
            <tr>
              <th scope="col">#</th>
              <th scope="col">Rule</th>
              <th scope="col">Priority</th>
              <th scope="col">Conditions</th>
              <th scope="col">Decides</th>
              <th scope="col">Actions</th>
            </tr>
          </thead>
          <tbody>
            {rules.map((rule, i) => (
              <RuleRow
                key={i}
                rule={rule}
                index={i}
                count={rules.length}
                spec={spec}
                onEdit={() => onEditRule(i)}
                onParam={(key, value) =>
                  edit(
                    `${key} of rule ${ref(i)}`,
                    (t) => editJson(t, ['rules', i, 'event', 'params', key], value),
                    `param ${name} ${i} ${key}`,
                  )
                }
                onMove={(to) =>
                  edit(`Move rule ${ref(i)} ${to < i ? 'up' : 'down'}`, (t) => {
                    const list = [...(parseOr<RuleFile>(t)?.rules ?? [])];
                    const [r] = list.splice(i, 1);
                    list.splice(to, 0, r!);
                    return editJson(t, ['rules'], list);
                  })
                }
                onRemove={() => edit(`Remove rule ${ref(i)}`, (t) => editJson(t, ['rules', i], undefined))}
              />
            ))}
          </tbody>
        </table>
      </div>
      <button
        type="button"
        className="btn btn--secondary"
        onClick={() =>
          edit(`Add a rule to ${name}`, (t) =>
            editJson(
              t,
              ['rules', rules.length],
              {
                name: `new-rule-${rules.length + 1}`,
                description: '',
                priority: 1,
                conditions: { all: [] },
                event: { type: spec.eventType, params: {} },
              },
              true,
            ),
          )
        }
      >
        Add a rule
      </button>
    </>
  );
}

function RuleRow({
  rule,
  index,
  count,
  spec,
  onEdit,
  onParam,
  onMove,
  onRemove,
}: {
  rule: RuleDefinition;
  index: number;
  count: number;
  spec: DecisionSpec;
  onEdit: () => void;
  onParam: (key: string, value: unknown) => void;
  onMove: (to: number) => void;
  onRemove: () => void;
}) {
  const ref = `#${index + 1} '${rule.name}'`;
  const params = rule.event?.params ?? {};
  const lookup = spec.kind === 'lookup';
  return (
    <tr>
      <td>{index + 1}</td>
      <th scope="row" className="studio-rule-name">
        {rule.name}
        {rule.description ? (
          <span className="studio-muted studio-rule-description">{rule.description}</span>
        ) : null}
      </th>
      <td>{rule.priority}</td>
      <td>
        {rule.conditions ? (
          <ul className="studio-conditions">
            {conditionLeaves(rule.conditions).map((l) => (
              <li key={l.path} className={`studio-depth-${Math.min(l.depth, 4)}`}>
                {l.group ? (
                  <em>{l.group}</em>
                ) : (
                  <ConditionText fact={l.fact} operator={l.operator} value={l.value} />
                )}
              </li>
            ))}
            {conditionLeaves(rule.conditions).length === 0 ? <li>(always)</li> : null}
          </ul>
        ) : null}
      </td>
      <td>
        {lookup && typeof params.on === 'boolean' ? (
          <label className="studio-check">
            <input type="checkbox" checked={params.on} onChange={(e) => onParam('on', e.target.checked)} />{' '}
            {String(params.toggle)} on
          </label>
        ) : lookup && 'value' in params ? (
          <DraftInput
            label={`Value of ${String(params.name)}`}
            className="studio-field studio-field--inline"
            inputMode="decimal"
            value={params.value}
            read={(text) => readParam({ type: 'number' }, String(params.name), text)}
            onValue={(v) => onParam('value', v)}
          />
        ) : (
          <ul className="studio-params">
            {Object.entries(params).map(([key, value]) => (
              <li key={key}>
                {key}: <code>{paramWords(spec, key, value)}</code>
              </li>
            ))}
          </ul>
        )}
      </td>
      <td className="studio-actions">
        <button type="button" className="btn btn--secondary" onClick={onEdit}>
          Edit rule {ref}
        </button>
        <button
          type="button"
          className="btn btn--secondary"
          disabled={index === 0}
          onClick={() => onMove(index - 1)}
          aria-label={`Move rule ${ref} up`}
        >
          ↑
        </button>
        <button
          type="button"
          className="btn btn--secondary"
          disabled={index === count - 1}
          onClick={() => onMove(index + 1)}
          aria-label={`Move rule ${ref} down`}
        >
          ↓
        </button>
        <button
          type="button"
          className="btn btn--secondary"
          onClick={onRemove}
          aria-label={`Remove rule ${ref}`}
        >
          Remove
        </button>
      </td>
    </tr>
  );
}
