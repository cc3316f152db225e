/**
 * The form editor of one rule: its name, description, priority, each condition (RuleConditions) and what
 * it decides (RuleDecides). Each value is checked as it is typed (input-check.ts); Apply refuses while one
 * is refused or empty, says which and moves focus to it. What the rule means is rules:check's to say, on
 * the draft, as typed.
 */
import { useRef, useState } from 'react';
import { Dialog } from '../../ui/Dialog';
import { type DecisionSpec } from '../../engine/decisions';
import { factsFor } from '../../engine/fact-scope';
import type { RuleDefinition } from '../../engine/types';
import { invalidFields } from './DraftInput';
import { useFocusBack } from './focus';
import { RuleConditions } from './RuleConditions';
import { RuleDecides } from './RuleDecides';
import { conditionsOf, flatConditions, leafProblem } from './rule-form';

interface Props {
  spec: DecisionSpec;
  rule: RuleDefinition;
  position: number;
  onApply: (rule: RuleDefinition) => void;
  onClose: () => void;
}

export function RuleEditor({ spec, rule, position, onApply, onClose }: Props) {
  const [draft, setDraft] = useState<RuleDefinition>(() => structuredClone(rule));
  const [problems, setProblems] = useState<string[]>([]);
  const form = useRef<HTMLDivElement>(null);
  const facts = factsFor(spec);
  // Applied or cancelled, focus goes back to the rule's Edit button, never to the top of the page.
  useFocusBack();
  const setParam = (key: string, value: unknown): void =>
    setDraft({ ...draft, event: { ...draft.event, params: { ...draft.event.params, [key]: value } } });

  const apply = (): void => {
    const constants = facts.filter((f) => f.name.startsWith('constant.')).map((f) => f.name);
    const typed = invalidFields(form.current);
    const empty = (flatConditions(draft.conditions)?.leaves ?? []).flatMap((leaf, i) => {
      const p = leafProblem(leaf, constants);
      return p ? [`Value of condition ${i + 1}: ${p}`] : [];
    });
    const found = [...typed.map((t) => t.text), ...empty.filter((e) => !typed.some((t) => t.text === e))];
    if (!Number.isInteger(draft.priority) || draft.priority < 1)
      found.push('Priority: type a whole number, 1 or more');
    setProblems(found);
    if (found.length === 0) {
      onApply(draft);
      return;
    }
    (typed[0]?.input ?? form.current?.querySelector<HTMLElement>('[role="alert"]'))?.focus();
  };

  return (
    <Dialog
      open
      title={`Edit rule #${position} '${rule.name}'`}
      onClose={onClose}
      width="52rem"
      actions={
        <>
          <button type="button" className="btn" onClick={apply}>
            Apply to the draft
          </button>
          <button type="button" className="btn btn--secondary" onClick={onClose}>
            Cancel
          </button>
        </>
      }
    >
      <div className="studio-form" ref={form}>
        {problems.length > 0 ? (
          <div role="alert" tabIndex={-1} className="studio-message studio-message--error">
            <p>Not applied: fix {problems.length === 1 ? 'this value' : 'these values'} first.</p>
            <ul>
              {problems.map((p) => (
                <li key={p}>{p}</li>
              ))}
            </ul>
          </div>
        ) : null}
        <label>
          Name
          <input value={draft.name} onChange={(e) => setDraft({ ...draft, name: e.target.value })} />
        </label>
        <label>
          Description (why the rule is there; quote the spec)
          <textarea
            rows={2}
            value={draft.description ?? ''}
            onChange={(e) => setDraft({ ...draft, description: e.target.value.replace(/\s*\n\s*/g, ' ') })}
          />
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
          facts={facts}
          position={position}
          onChange={(c) => setDraft({ ...draft, conditions: conditionsOf(c) })}
        />
        <RuleDecides spec={spec} values={draft.event.params} onChange={setParam} />
      </div>
    </Dialog>
  );
}
