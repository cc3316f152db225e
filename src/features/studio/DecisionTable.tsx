/** One row of a rule file's decision table: the rule, its conditions, what it decides and its actions. */
import type { RuleDefinition } from '../../engine/types';
import { conditionLeaves } from './model';
import { ConditionText } from './parts';

export function RuleRow({
  rule,
  index,
  count,
  kind,
  onEdit,
  onParam,
  onMove,
  onRemove,
}: {
  rule: RuleDefinition;
  index: number;
  count: number;
  kind: string;
  onEdit: () => void;
  onParam: (key: string, value: unknown) => void;
  onMove: (to: number) => void;
  onRemove: () => void;
}) {
  const ref = `#${index + 1} '${rule.name}'`;
  const params = rule.event?.params ?? {};
  const lookup = kind === 'lookup';
  return (
    <tr>
      <td>{index + 1}</td>
      <th scope="row">
        {rule.name}
        {rule.description ? <div className="studio-muted">{rule.description}</div> : null}
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
          <label>
            Value of {String(params.name)}{' '}
            <input
              type="number"
              className="studio-number"
              value={typeof params.value === 'number' ? params.value : ''}
              onChange={(e) => onParam('value', e.target.value === '' ? null : Number(e.target.value))}
            />
          </label>
        ) : (
          <code className="studio-params">{JSON.stringify(params)}</code>
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
