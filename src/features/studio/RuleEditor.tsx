/**
 * The form editor of one rule: its name, priority, each condition (RuleConditions) and what it decides
 * (RuleDecides). Nothing here judges the rule: every change goes into the draft, which rules:check's
 * validator and analysis check as typed.
 */
import { useState } from 'react';
import { Dialog } from '../../ui/Dialog';
import { type DecisionSpec } from '../../engine/decisions';
import { factsFor } from '../../engine/fact-scope';
import type { RuleDefinition } from '../../engine/types';
import { RuleConditions } from './RuleConditions';
import { RuleDecides } from './RuleDecides';
import { conditionsOf, flatConditions } from './rule-form';

interface Props {
  spec: DecisionSpec;
  rule: RuleDefinition;
  position: number;
  onApply: (rule: RuleDefinition) => void;
  onClose: () => void;
}

export function RuleEditor({ spec, rule, position, onApply, onClose }: Props) {
  const [draft, setDraft] = useState<RuleDefinition>(() => structuredClone(rule));
  const setParam = (key: string, value: unknown): void =>
    setDraft({ ...draft, event: { ...draft.event, params: { ...draft.event.params, [key]: value } } });

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
        <RuleConditions
          conditions={flatConditions(draft.conditions)}
          facts={factsFor(spec)}
          position={position}
          onChange={(c) => setDraft({ ...draft, conditions: conditionsOf(c) })}
        />
        <RuleDecides spec={spec} values={draft.event.params} onChange={setParam} />
      </div>
    </Dialog>
  );
}
